import { useNavigate } from '@tanstack/react-router';
import { ru } from '../../i18n/ru.ts';
import { isAdmin } from '../auth/roles.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { CardIcon } from './card-icon.tsx';
import { cardsFor } from './cards.ts';

/** /: the product's logo and one card per section the user may open. */
export function DashboardPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const cards = cardsFor(isAdmin(user));
  return (
    <section className="page dashboard">
      <header className="dashboard__hero">
        <img className="dashboard__logo" src="/logo.svg" alt={ru.app.logoAlt} width={96} height={96} />
        <div>
          <h1 className="dashboard__title">{ru.app.title}</h1>
          <p className="dashboard__subtitle">{ru.app.subtitle}</p>
        </div>
      </header>
      <ul className="card-grid">
        {cards.map((card) => (
          <li key={card.to} className="card" data-path={card.to}>
            <span className="card__badge">
              <CardIcon name={card.icon} />
            </span>
            <h2 className="card__title">{card.title}</h2>
            <p className="card__text">{card.description}</p>
            <button type="button" className="button button--primary card__go" onClick={() => void navigate({ to: card.to })}>
              {ru.dashboard.go}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
