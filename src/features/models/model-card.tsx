/**
 * One model on /models: a header (its name; marks such as the default model go beside it), facts (one line
 * each: 'Тип: …'), hyperparameters, provenance for an imported model, and the metrics (model-metrics.tsx).
 */
import type { ReactNode } from 'react';
import { ru } from '../../i18n/ru.ts';
import { formatHyperparameter, type ModelCardData } from './format.ts';
import { ModelMetrics } from './model-metrics.tsx';

interface Fact {
  label: string;
  value: ReactNode;
  className?: string;
}

export function ModelCard({ model }: { model: ModelCardData }) {
  const hyperparameters = Object.entries(model.hyperparameters ?? {});
  // One line per fact; a new one ('Датасет', …) is one entry here.
  const facts: Fact[] = [{ label: ru.models.type, value: model.model_type }];
  if (model.dataset_id) facts.push({ label: ru.models.dataset, value: model.dataset_name ?? model.dataset_id, className: 'catalog-card__fact model-dataset' });
  return (
    <article className="catalog-card" aria-label={model.model_id}>
      <header className="catalog-card__header">
        <h2>{model.model_id}</h2>
        {model.is_default || model.run_daily ? <span className="model-card__daily">{model.is_default ? ru.cycle.defaultModel : ru.cycle.runDaily}</span> : null}
      </header>
      {facts.map((fact) => (
        <p key={fact.label} className={fact.className ?? 'catalog-card__fact'}>
          <strong>{fact.label}:</strong> {fact.value}
        </p>
      ))}
      <h3>{ru.models.hyperparameters}</h3>
      {hyperparameters.length > 0 ? (
        <ul className="hyperparameters">
          {hyperparameters.map(([key, value]) => (
            <li key={key}>{`${key}: ${formatHyperparameter(value)}`}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{ru.models.noHyperparameters}</p>
      )}
      {model.provenance ? (
        <>
          <h3>{ru.models.provenance}</h3>
          <ul className="provenance">
            <li>{`${ru.models.importedFile}: ${model.provenance.original_name}${model.provenance.details?.title ? ` (${model.provenance.details.title})` : ''}`}</li>
            {model.provenance.details?.institution ? <li>{`${ru.models.institution}: ${model.provenance.details.institution}`}</li> : null}
            <li>{`${ru.models.importedRun}: ${model.provenance.date}`}</li>
            <li>{`sha256: ${model.provenance.sha256}`}</li>
          </ul>
        </>
      ) : null}
      <h3>{ru.models.metrics}</h3>
      <ModelMetrics metrics={model.metrics} verification={model.verification} />
    </article>
  );
}
