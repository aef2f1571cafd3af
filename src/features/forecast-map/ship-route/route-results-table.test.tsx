import { afterEach, describe, expect, it } from 'vitest';
import type { RouteCheckResult } from '../../../api/ship-route.ts';
import { render, type Rendered } from '../../../testing/page-helpers.tsx';
import { RouteResultsTable } from './route-results-table.tsx';

let view: Rendered | undefined;
afterEach(() => view?.unmount());

const sample = { lat: 75, lon: 61, distance_km: 30, covered: true, concentration: 1, thickness_m: 1.5, ice_type: 'thick_first_year' as const, rio: -4, category: 'elevated' as const };
const result = (length: number): RouteCheckResult => ({
  length_km: length,
  ice_length_km: 42,
  outside_km: 0,
  min_rio: -4,
  max_concentration: 1,
  max_thickness_m: 1.5,
  first_breach: sample,
  samples: [{ ...sample, distance_km: 0, rio: 2, category: 'normal' }, sample],
});

const cell = (row: string, k = 0) => view!.container.querySelectorAll(`tr[data-row="${row}"] td`)[k]?.textContent;

describe('the route check as a table', () => {
  it('shows the forecast’s leads as columns, each cell marked with its lead, and a dash where a lead has no answer', async () => {
    view = await render(
      <RouteResultsTable
        testId="route-results"
        columns={[24, 48, 72].map((lead) => ({ heading: `+${lead} ч`, cellData: { 'data-lead': lead }, result: lead === 72 ? undefined : result(lead) }))}
      />,
    );
    expect([...view.container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual(['', '+24 ч', '+48 ч', '+72 ч']);
    expect(view.container.querySelector('tr[data-row="length"] td[data-lead="48"]')?.textContent).toBe('48.0');
    expect(cell('length', 2)).toBe('—');
    expect(cell('min-rio')).toBe('-4.0');
    expect(cell('min-rio-at')).toBe('30.0 км (75.00°, 61.00°)');
    expect(cell('first-breach')).toBe('Повышенный риск: 30.0 км (75.00°, 61.00°)');
  });

  it('shows one truth without a heading row and without the rows it leaves out', async () => {
    view = await render(<RouteResultsTable columns={[{ result: result(60) }]} omit={['length']} />);
    expect(view.container.querySelector('thead')).toBeNull();
    expect([...view.container.querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-row'))).toEqual(['ice-length', 'min-rio', 'min-rio-at', 'first-breach']);
    expect(cell('ice-length')).toBe('42.0');
  });
});
