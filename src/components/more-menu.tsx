/**
 * 'Ещё': the top bar's links that do not fit, behind a button (the disclosure pattern of a site's navigation:
 * a button with aria-expanded that shows a list of links). Opens on click, Enter or Space, or ArrowDown (which
 * also moves focus to the first link); arrows move between the links; Escape closes and gives focus back to
 * the button; a click outside, focus leaving the menu, or following a link closes it. The button is marked
 * while the current page's link is inside.
 */
import { Link, useRouterState, type LinkProps } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ru } from '../i18n/ru.ts';

export interface MoreMenuItem {
  to: NonNullable<LinkProps['to']>;
  label: string;
}

const isCurrent = (pathname: string, to: string): boolean => pathname === to || pathname.startsWith(`${to}/`);

export function MoreMenu({ items }: { items: readonly MoreMenuItem[] }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const holdsCurrent = items.some((item) => isCurrent(pathname, item.to));

  // A click anywhere else closes the menu (the page stays as it was: focus is not moved).
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const links = () => [...(rootRef.current?.querySelectorAll<HTMLAnchorElement>('.top-bar__menu a') ?? [])];
  const focusLink = (index: number) => {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp' && event.key !== 'Home' && event.key !== 'End') return;
    const all = links();
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (at < 0 && event.target !== buttonRef.current) return;
    event.preventDefault();
    if (!open) {
      setOpen(true);
      // The list renders on the next paint; move into it then.
      requestAnimationFrame(() => focusLink(event.key === 'ArrowUp' || event.key === 'End' ? -1 : 0));
      return;
    }
    if (event.key === 'Home') focusLink(0);
    else if (event.key === 'End') focusLink(-1);
    else focusLink(at < 0 ? (event.key === 'ArrowDown' ? 0 : -1) : at + (event.key === 'ArrowDown' ? 1 : -1));
  };

  return (
    <div
      ref={rootRef}
      className="top-bar__more"
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tab past the last link (or Shift+Tab before the button) leaves the menu: it closes.
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={holdsCurrent ? 'top-bar__link top-bar__more-button is-active' : 'top-bar__link top-bar__more-button'}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        {ru.layout.more}
        <span className="caret" aria-hidden="true" />
      </button>
      <ul id={listId} className="top-bar__menu" hidden={!open}>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className="top-bar__link top-bar__menu-link" activeProps={{ className: 'is-active' }} onClick={() => setOpen(false)}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
