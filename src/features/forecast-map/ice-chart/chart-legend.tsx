/**
 * The chart's legend in the sidebar: the classes the chart holds in the chosen code, in the colours drawn; for
 * POLARIS the three categories in the POLARIS layer's colours and words, the rule for an unknown stage when the
 * chart needed it ('стадия неизвестна: принят {тип}'), and how the RIO is made.
 */
import { isPolarClass, RIO_CATEGORIES, type IceClass } from '../../../../common/polaris/polaris.ts';
import { ru } from '../../../i18n/ru.ts';
import { CATEGORY_COLOURS } from '../../../map/layers/polaris-layer/polaris-colours.ts';
import { CT_CLASSES, CT_COLOURS, SOD_CLASSES, SOD_COLOURS, ctClass, cssColour, sodClass, type Rgb } from './chart-colours.ts';
import type { PreparedPolygon } from './chart-geometry.ts';
import { polygonRio, unknownStageNote } from './chart-polaris.ts';
import type { ChartView } from './chart-slice.ts';

const t = ru.iceChart;

interface Row {
  id: string;
  colour: Rgb;
  label: string;
}

function rowsOf(view: ChartView, polygons: readonly PreparedPolygon[], iceClass: IceClass): Row[] {
  const drawn = polygons.filter((p) => p.properties.poly_type !== 'L');
  if (view === 'polaris') {
    const present = new Set(drawn.map((p) => polygonRio(p, iceClass)?.category));
    return RIO_CATEGORIES.filter((c) => present.has(c) && (c !== 'elevated' || isPolarClass(iceClass))).map((c) => ({
      id: c,
      colour: CATEGORY_COLOURS[c],
      label: ru.polaris.categories[c],
    }));
  }
  if (view === 'ct') {
    const present = new Set(drawn.map((p) => ctClass(p.properties)));
    return CT_CLASSES.filter((c) => present.has(c)).map((c) => ({ id: c, colour: CT_COLOURS[c], label: t.ctClasses[c] }));
  }
  const present = new Set(drawn.map((p) => sodClass(p.properties)));
  return SOD_CLASSES.filter((c) => present.has(c)).map((c) => ({ id: c, colour: SOD_COLOURS[c], label: t.sodClasses[c] }));
}

export function ChartLegend({ view, polygons, iceClass }: { view: ChartView; polygons: readonly PreparedPolygon[]; iceClass: IceClass }) {
  const title = view === 'polaris' ? t.legendTitles.polaris(ru.polaris.classNames[iceClass]) : t.legendTitles[view];
  const rule = view === 'polaris' ? unknownStageNote(polygons, iceClass) : null;
  return (
    <>
      <ul className="ice-chart-legend" aria-label={title} data-testid="ice-chart-legend" data-view={view}>
        {rowsOf(view, polygons, iceClass).map((row) => (
          <li key={row.id} data-class={row.id}>
            <span className="ice-chart-legend__swatch" style={{ background: cssColour(row.colour) }} />
            {row.label}
          </li>
        ))}
      </ul>
      {view === 'polaris' && <p className="forecast-sidebar__note">{t.polarisNote}</p>}
      {rule && (
        <p className="forecast-sidebar__note ice-chart-rule" data-testid="ice-chart-rule">
          {rule}
        </p>
      )}
      <p className="forecast-sidebar__note">{t.legendNote}</p>
    </>
  );
}
