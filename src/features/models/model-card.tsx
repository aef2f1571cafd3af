import { ru } from '../../i18n/ru.ts';
import { formatHyperparameter, formatMetric, metricLabel, type ModelCardData } from './format.ts';

export function ModelCard({ model }: { model: ModelCardData }) {
  const hyperparameters = Object.entries(model.hyperparameters ?? {});
  const metrics = Object.entries(model.metrics);
  return (
    <article className="catalog-card" aria-label={model.model_id}>
      <h2>{model.model_id}</h2>
      {model.is_default || model.run_daily ? <p className="model-card__daily">{model.is_default ? ru.cycle.defaultModel : ru.cycle.runDaily}</p> : null}
      <p>
        <strong>{ru.models.type}:</strong> {model.model_type}
      </p>
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
      {metrics.length > 0 ? (
        <ul className="badges">
          {metrics.map(([name, value]) => (
            <li key={name} className="badge">{`${metricLabel(name)}: ${formatMetric(value)}`}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{ru.models.noMetrics}</p>
      )}
    </article>
  );
}
