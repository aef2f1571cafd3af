/**
 * What of the top bar fits its width: the product's title beside the logo, and how many section links stay in
 * the bar (the rest go into the 'Ещё' menu). Pure arithmetic on measured widths (px), so it is tested apart
 * from the browser's layout; `use-top-bar-fit.ts` measures and calls it.
 */

export interface TopBarWidths {
  /** The bar's inner width (without its side padding). */
  bar: number;
  /** Everything that always stays: the logo, the account block, and the gaps between the bar's parts. */
  fixed: number;
  /** The title beside the logo on one line, with its gap to the logo. */
  title: number;
  /** The title on two lines (narrower), with its gap. */
  titleCompact: number;
  /** Each link's width, in the order of the bar. */
  links: readonly number[];
  /** Space between two links. */
  linkGap: number;
  /** The 'Ещё' button, with its gap to the last link. */
  more: number;
}

export type TitleForm = 'line' | 'two-lines' | 'none';

export interface TopBarPlan {
  title: TitleForm;
  /** Links shown in the bar: the first `visible` of the list; the others are in the 'Ещё' menu. */
  visible: number;
}

/** Width of the first `count` links with the gaps between them. */
function linksWidth(links: readonly number[], count: number, gap: number): number {
  let sum = 0;
  for (let i = 0; i < count; i++) sum += links[i];
  return sum + Math.max(0, count - 1) * gap;
}

/**
 * Links are worth more than the title: the title shows (on one line, else on two) only when every link fits
 * beside it. Without it, as many links as fit stay in the bar, in order, leaving room for 'Ещё' when any has
 * to move; at least none. Widths of 0 (nothing laid out yet, or a test's DOM) keep everything in the bar.
 */
export function planTopBar(widths: TopBarWidths): TopBarPlan {
  const { bar, fixed, title, titleCompact, links, linkGap, more } = widths;
  const all = linksWidth(links, links.length, linkGap);
  // Half a pixel of slack: widths are fractional and a link that fits exactly must not flip between the two.
  const fits = (width: number) => width <= bar - fixed + 0.5;
  if (fits(all + title)) return { title: 'line', visible: links.length };
  if (fits(all + titleCompact)) return { title: 'two-lines', visible: links.length };
  if (fits(all)) return { title: 'none', visible: links.length };
  let visible = links.length - 1;
  while (visible > 0 && !fits(linksWidth(links, visible, linkGap) + more)) visible--;
  return { title: 'none', visible };
}
