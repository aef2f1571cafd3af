import type { Dataset } from '../../api/reports.ts';
import { ru } from '../../i18n/ru.ts';

function joinNames(names: string[] | undefined): string {
  return names && names.length > 0 ? names.join(', ') : ru.datasets.none;
}

export function DatasetCard({ dataset }: { dataset: Dataset }) {
  const metadata = dataset.metadata ?? {};
  const description = metadata.description?.trim();
  return (
    <article className="catalog-card" aria-label={dataset.dataset_name}>
      <h2>{dataset.dataset_name}</h2>
      <p className={description ? undefined : 'muted'}>{description || ru.datasets.noDescription}</p>
      <p>
        <strong>{ru.datasets.variables}:</strong> {joinNames(metadata.variables)}
      </p>
      <p>
        <strong>{ru.datasets.targetVariables}:</strong> {joinNames(metadata.target_variables)}
      </p>
      {metadata.source ? (
        <p className="dataset-source">
          <strong>{ru.datasets.source}:</strong> {metadata.source}
        </p>
      ) : null}
      {metadata.institution ? (
        <p>
          <strong>{ru.datasets.institution}:</strong> {metadata.institution}
        </p>
      ) : null}
      {metadata.grid ? (
        <p>
          <strong>{ru.datasets.grid}:</strong> {metadata.grid}
        </p>
      ) : null}
    </article>
  );
}
