/**
 * The route's check as a table, one view for every truth it is checked against: a column per result (the forecast's
 * +24/+48/+72 h, or the ice chart shown), a row per figure (length, length in ice, the lowest RIO and where, the
 * first breach), '—' where a column has no result yet.
 */
import type { RouteCheckResult, RouteSample } from '../../../api/ship-route.ts';
import { ru } from '../../../i18n/ru.ts';

const t = ru.route;

const km = (value: number) => value.toFixed(1);
const coordinate = (value: number) => `${value.toFixed(2)}°`;
const where = (sample: RouteSample) => t.at(km(sample.distance_km), coordinate(sample.lat), coordinate(sample.lon));

function lowest(result: RouteCheckResult): RouteSample | null {
  if (result.min_rio === null) return null;
  return result.samples.find((s) => s.rio === result.min_rio) ?? null;
}

function breachText(result: RouteCheckResult): string {
  const breach = result.first_breach;
  if (!breach || !breach.category) return t.noBreach;
  return `${ru.polaris.categories[breach.category]}: ${where(breach)}`;
}

export type RouteRowId = 'length' | 'ice-length' | 'min-rio' | 'min-rio-at' | 'first-breach';

const ROWS: readonly [RouteRowId, string, (result: RouteCheckResult) => string][] = [
  ['length', t.length, (r) => km(r.length_km)],
  ['ice-length', t.iceLength, (r) => km(r.ice_length_km)],
  ['min-rio', t.minRio, (r) => (r.min_rio === null ? t.onLand : r.min_rio.toFixed(1))],
  ['min-rio-at', t.minRioAt, (r) => { const s = lowest(r); return s ? where(s) : '—'; }],
  ['first-breach', t.firstBreach, breachText],
];

export interface RouteResultColumn {
  /** The column's heading; a table whose columns have none has no heading row. */
  heading?: string;
  /** Attributes on the column's cells (e.g. `data-lead`), for tests and styles. */
  cellData?: Record<`data-${string}`, string | number>;
  result: RouteCheckResult | undefined;
}

export function RouteResultsTable({ columns, omit = [], testId }: { columns: RouteResultColumn[]; omit?: readonly RouteRowId[]; testId?: string }) {
  const headed = columns.some((column) => column.heading !== undefined);
  return (
    <table className="route-panel__table" data-testid={testId}>
      {headed && (
        <thead>
          <tr>
            <th />
            {columns.map((column, k) => (
              <th key={k}>{column.heading}</th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {ROWS.filter(([id]) => !omit.includes(id)).map(([id, label, value]) => (
          <tr key={id} data-row={id}>
            <th scope="row">{label}</th>
            {columns.map((column, k) => (
              <td key={k} {...column.cellData}>
                {column.result ? value(column.result) : '—'}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
