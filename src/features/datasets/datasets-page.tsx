import { fetchDatasets } from '../../api/reports.ts';
import { ru } from '../../i18n/ru.ts';
import { LoadErrorView } from '../../loading/load-error-view.tsx';
import { useLoad } from '../../loading/use-load.ts';
import '../catalog.css';
import { DatasetCard } from './dataset-card.tsx';

const loadDatasets = (signal: AbortSignal) => fetchDatasets({ signal });

/** /datasets: one card per dataset with its description and variables. */
export function DatasetsPage() {
  const { state, retry } = useLoad(loadDatasets);
  return (
    <div className="catalog-page">
      <h1>{ru.datasets.title}</h1>
      {state.status === 'loading' && <p role="status">{ru.app.loading}</p>}
      {state.status === 'error' && <LoadErrorView error={state.error} onRetry={retry} />}
      {state.status === 'ready' && state.data.length === 0 && <p className="empty">{ru.datasets.empty}</p>}
      {state.status === 'ready' && state.data.length > 0 && (
        <div className="catalog-grid">
          {state.data.map((dataset) => (
            <DatasetCard key={String(dataset.dataset_id)} dataset={dataset} />
          ))}
        </div>
      )}
    </div>
  );
}
