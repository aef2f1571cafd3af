/**
 * Measures the top bar and decides (top-bar-fit.ts) how the title shows and how many links stay in the
 * bar. Widths come from a hidden copy of the title, every link and the 'Ещё' button (`measureRef`), so a link
 * is measured even while it sits in the menu; the room is the link list's own width, which the layout gives
 * it after the logo and the account block. Measured again whenever the list or the copy change size (a window
 * resize, the web font arriving, the user's name).
 */
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { planTopBar, type TopBarPlan } from './top-bar-fit.ts';

interface TopBarElements {
  brand: HTMLAnchorElement | null;
  nav: HTMLElement | null;
  measure: HTMLDivElement | null;
}

export interface TopBarFit {
  brandRef: RefObject<HTMLAnchorElement | null>;
  navRef: RefObject<HTMLElement | null>;
  measureRef: RefObject<HTMLDivElement | null>;
  plan: TopBarPlan;
}

const px = (value: string): number => parseFloat(value) || 0;
const width = (element: Element | null | undefined): number => element?.getBoundingClientRect().width ?? 0;

function measure({ brand, nav, measure: copy }: TopBarElements, linkCount: number): TopBarPlan | null {
  if (!brand || !nav || !copy) return null;
  const title = copy.querySelector('[data-measure="title"]');
  const titleCompact = copy.querySelector('[data-measure="title-compact"]');
  const links = [...copy.querySelectorAll('[data-measure="link"]')].map(width);
  const more = copy.querySelector('[data-measure="more"]');
  if (links.length !== linkCount) return null;
  const brandGap = px(getComputedStyle(brand).columnGap);
  const navGap = px(getComputedStyle(nav).columnGap);
  // The room the links have now, plus what the title takes while it shows: the room they would have without it.
  const shownTitle = brand.querySelector('.top-bar__title');
  const room = width(nav) + (shownTitle ? width(shownTitle) + brandGap : 0);
  return planTopBar({
    bar: room,
    fixed: 0,
    title: width(title) + brandGap,
    titleCompact: width(titleCompact) + brandGap,
    links,
    linkGap: navGap,
    more: width(more) + navGap,
  });
}

export function useTopBarFit(linkCount: number): TopBarFit {
  const brandRef = useRef<HTMLAnchorElement>(null);
  const navRef = useRef<HTMLElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [plan, setPlan] = useState<TopBarPlan>({ title: 'line', visible: linkCount });

  useLayoutEffect(() => {
    const update = () => {
      const next = measure({ brand: brandRef.current, nav: navRef.current, measure: measureRef.current }, linkCount);
      if (next) setPlan((current) => (current.title === next.title && current.visible === next.visible ? current : next));
    };
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    // The link list's width follows the window and the account block; the copy's follows the font.
    for (const element of [navRef.current, measureRef.current]) if (element) observer.observe(element);
    return () => observer.disconnect();
  }, [linkCount]);

  return { brandRef, navRef, measureRef, plan: { title: plan.title, visible: Math.min(plan.visible, linkCount) } };
}
