import { fetchModelArchitectures, fetchModelMetrics } from '../../api/reports.ts';
import { ru } from '../../i18n/ru.ts';
import { LoadErrorView } from '../../loading/load-error-view.tsx';
import { useLoad } from '../../loading/use-load.ts';
import '../catalog.css';
import { joinModels } from './format.ts';
import { ModelCard } from './model-card.tsx';

async function loadModels(signal: AbortSignal) {
  const [architectures, metrics] = await Promise.all([
    fetchModelArchitectures({ signal }),
    // Metrics are optional for a card: a failure there still shows the models.
    fetchModelMetrics({ signal }).catch((error: unknown) => {
      if (signal.aborted) throw error;
      console.warn('Model metrics unavailable:', error);
      return [];
    }),
  ]);
  return joinModels(architectures, metrics);
}

/** /models: one card per model with its type, hyperparameters and metrics. */
export function ModelsPage() {
  const { state, retry } = useLoad(loadModels);
  return (
    <div className="catalog-page">
      <h1>{ru.models.title}</h1>
      {state.status === 'loading' && <p role="status">{ru.app.loading}</p>}
      {state.status === 'error' && <LoadErrorView error={state.error} onRetry={retry} />}
      {state.status === 'ready' && state.data.length === 0 && <p className="empty">{ru.models.empty}</p>}
      {state.status === 'ready' && state.data.length > 0 && (
        <div className="catalog-grid catalog-grid--models">
          {state.data.map((model) => (
            <ModelCard key={model.model_id} model={model} />
          ))}
        </div>
      )}
    </div>
  );
}
