import { useNavigate } from '@tanstack/react-router';
import { fetchModelArchitectures } from '../../api/reports.ts';
import { ru } from '../../i18n/ru.ts';
import { useLoad } from '../../loading/use-load.ts';
import { isAdmin } from '../auth/roles.ts';
import { useCurrentUser } from '../auth/use-current-user.ts';
import { CardIcon } from './card-icon.tsx';
import { cardsFor } from './cards.ts';
import './dashboard.css';

/** Model type of a machine-learning model (a network run with ONNX); the built-in ones are physical or statistical. */
const ML_MODEL_TYPE = 'onnx';

/** True once a machine-learning model is registered; false until the list arrives, or when it cannot be read. */
async function loadHasMlModel(signal: AbortSignal): Promise<boolean> {
  const models = await fetchModelArchitectures({ signal }).catch(() => []);
  return models.some((model) => model.model_type === ML_MODEL_TYPE);
}

/** /: the product's logo and one card per section the user may open. */
export function DashboardPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const cards = cardsFor(isAdmin(user));
  // The subtitle claims machine learning only when such a model is there to back it.
  const { state: ml } = useLoad(loadHasMlModel);
  const subtitle = ml.status === 'ready' && ml.data ? ru.layout.subtitleWithMl : ru.layout.subtitle;
  return (
    <section className="page dashboard">
      <header className="dashboard__hero">
        <img className="dashboard__logo" src="/logo.svg" alt={ru.app.logoAlt} width={96} height={96} />
        <div>
          <h1 className="dashboard__title">{ru.app.title}</h1>
          <p className="dashboard__subtitle">{subtitle}</p>
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
