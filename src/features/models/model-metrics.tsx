/**
 * A model card's metrics: every one a badge ('rmse 24h: 0.123', 'skill iiee 24h: −189 %'), the headline ones
 * first, then the run, period and region the verification scores are of, the rest in rows.
 */
import type { ModelMetrics as MetricsReply } from '../../api/reports.ts';
import { ru } from '../../i18n/ru.ts';
import { formatMetric, metricLabel } from './format.ts';
import { groupMetrics, type MetricEntry, type MetricRow } from './metric-groups.ts';

function Badge({ metric, headline = false }: { metric: MetricEntry; headline?: boolean }) {
  return (
    <li className={headline ? 'badge badge--headline' : 'badge'} data-metric={metric.name}>
      {`${metricLabel(metric.name)}: ${formatMetric(metric.name, metric.value)}`}
    </li>
  );
}

/** A small heading, then one line of badges per row (a score's leads, a variable's scores): reads as a table. */
function RowsGroup({ title, rows }: { title: string; rows: MetricRow[] }) {
  if (rows.length === 0) return null;
  return (
    <div className="metric-group">
      <h4 className="metric-group__title">{title}</h4>
      {rows.map((row) => (
        <ul key={row.key} className="badges metric-group__row">
          {row.metrics.map((metric) => (
            <Badge key={metric.name} metric={metric} />
          ))}
        </ul>
      ))}
    </div>
  );
}

export function ModelMetrics({ metrics, verification }: { metrics: Record<string, number>; verification?: MetricsReply['verification'] }) {
  const t = ru.layout;
  const groups = groupMetrics(metrics);
  if (Object.keys(metrics).length === 0) return <p className="muted">{ru.models.noMetrics}</p>;
  return (
    <div className="model-metrics">
      {groups.headline.length > 0 && (
        <ul className="badges metric-group__headline" aria-label={t.metricsHeadline}>
          {groups.headline.map((metric) => (
            <Badge key={metric.name} metric={metric} headline />
          ))}
        </ul>
      )}
      {verification ? (
        <p className="muted model-metrics__scope">
          {/* The reply names a region only when asked for one: without, the scores are the sector's. */}
          {ru.models.verificationScope(ru.verification.runs[verification.run], verification.from, verification.to, ru.regions.names[verification.region ?? 'sector'])}
        </p>
      ) : null}
      <RowsGroup title={t.metricsByLead} rows={groups.byLead} />
      <RowsGroup title={t.metricsByVariable} rows={groups.byVariable} />
      <RowsGroup title={t.metricsOther} rows={groups.other.length > 0 ? [{ key: 'other', metrics: groups.other }] : []} />
    </div>
  );
}
