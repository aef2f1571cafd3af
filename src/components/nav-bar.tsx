import { Link } from '@tanstack/react-router';
import type { CurrentUser } from '../api/users.ts';
import { isAdmin } from '../features/auth/roles.ts';
import { ru } from '../i18n/ru.ts';
import { MoreMenu, type MoreMenuItem } from './more-menu.tsx';
import { useTopBarFit } from './use-top-bar-fit.ts';

const t = ru.nav;

interface NavItem extends MoreMenuItem {
  adminOnly: boolean;
}

/** The section links in the bar's order; a new section is one line here (the bar makes room or moves it into 'Ещё'). */
const NAV_ITEMS: readonly NavItem[] = [
  { to: '/forecasts', label: t.forecasts, adminOnly: false },
  { to: '/models', label: t.models, adminOnly: false },
  { to: '/datasets', label: t.datasets, adminOnly: false },
  { to: '/verification', label: ru.verification.navLink, adminOnly: false },
  { to: '/upload', label: t.upload, adminOnly: true },
  { to: '/generate-model', label: t.generateModel, adminOnly: true },
  { to: '/generate-forecast', label: t.generateForecast, adminOnly: true },
  { to: '/jobs', label: ru.jobsList.title, adminOnly: true },
];

export interface NavBarProps {
  /** Null when the user could not be fetched: the bar is then not shown at all. */
  user: CurrentUser | null;
  onSignOut: () => void;
}

/** The dark 64px top bar of signed-in pages: logo, section links for the user's role, sign-out. */
export function NavBar({ user, onSignOut }: NavBarProps) {
  if (!user) return null;
  return <SignedInBar user={user} onSignOut={onSignOut} />;
}

/**
 * The links that fit stay in the bar, the rest go into 'Ещё' (use-top-bar-fit.ts); the title beside the logo
 * gives way first (to two lines, then altogether). The logo and the account block never shrink, so nothing runs under the user's name.
 */
function SignedInBar({ user, onSignOut }: { user: CurrentUser; onSignOut: () => void }) {
  const admin = isAdmin(user);
  const items = NAV_ITEMS.filter((item) => admin || !item.adminOnly);
  const { brandRef, navRef, measureRef, plan } = useTopBarFit(items.length);
  const shown = items.slice(0, plan.visible);
  const moved = items.slice(plan.visible);
  return (
    <header className="top-bar">
      <Link ref={brandRef} to="/" className="top-bar__brand" aria-label={t.home}>
        <img src="/logo.svg" alt="" width={36} height={36} />
        {plan.title !== 'none' && (
          <span className={plan.title === 'line' ? 'top-bar__title' : 'top-bar__title top-bar__title--two-lines'}>{ru.app.title}</span>
        )}
      </Link>
      <nav ref={navRef} className="top-bar__nav" aria-label={t.mainMenu}>
        <ul className="top-bar__links">
          {shown.map((item) => (
            <li key={item.to}>
              <Link to={item.to} className="top-bar__link" activeProps={{ className: 'is-active' }}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
        {moved.length > 0 && <MoreMenu items={moved} />}
      </nav>
      <div ref={measureRef} className="top-bar__measure" aria-hidden="true">
        <span className="top-bar__title" data-measure="title">
          {ru.app.title}
        </span>
        <span className="top-bar__title top-bar__title--two-lines" data-measure="title-compact">
          {ru.app.title}
        </span>
        {items.map((item) => (
          <span key={item.to} className="top-bar__link" data-measure="link">
            {item.label}
          </span>
        ))}
        <span className="top-bar__link top-bar__more-button" data-measure="more">
          {ru.layout.more}
          <span className="caret" />
        </span>
      </div>
      <div className="top-bar__account">
        <Link to="/account" className="top-bar__user" title={`${user.email}. ${ru.account.openAccount}`}>
          {user.username}
        </Link>
        <button type="button" className="button button--ghost" onClick={onSignOut}>
          {t.signOut}
        </button>
      </div>
    </header>
  );
}
