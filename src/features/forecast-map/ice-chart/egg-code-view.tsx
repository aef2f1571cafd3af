/**
 * The egg of the clicked polygon, drawn as the WMO egg (an oval: Ct on top; Ca Cb Cc; Sa Sb Sc; Fa Fb Fc, each row
 * under a rule), with the Russian text under it (and, in the POLARIS colouring, the polygon's RIO for the ship's class),
 * floating at the map's top left (the point panel's place). 'Закрыть' closes it.
 */
import { ru } from '../../../i18n/ru.ts';
import { useForecastMap } from '../store/store-context.ts';
import { eggCode, type EggCode } from './egg-code.ts';
import { eggTextLines } from './egg-text.ts';
import { rioLine } from './chart-polaris.ts';
import '../map-card.css';
import './ice-chart.css';

/** The egg's size in SVG units (CSS pixels at 1:1). */
const WIDTH = 120;
const HEIGHT = 150;
/** Baselines of the four rows and the rules between them, from the top. */
const ROWS = [34, 68, 102, 136];
const RULES = [46, 80, 114];
const COLUMNS = [WIDTH * 0.27, WIDTH * 0.5, WIDTH * 0.73];

function EggDrawing({ egg }: { egg: EggCode }) {
  const rows = [egg.partials, egg.stages, egg.forms];
  return (
    <svg className="egg-code__egg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width={WIDTH} height={HEIGHT} role="img" aria-label={ru.iceChart.egg.title}>
      <ellipse cx={WIDTH / 2} cy={HEIGHT / 2} rx={WIDTH / 2 - 2} ry={HEIGHT / 2 - 2} fill="#fff" stroke="#000" strokeWidth={2} />
      {RULES.map((y) => {
        // Each rule spans the oval's width at its height: x = ±a·√(1 − (y − cy)²/b²).
        const a = WIDTH / 2 - 2;
        const b = HEIGHT / 2 - 2;
        const half = a * Math.sqrt(Math.max(0, 1 - ((y - HEIGHT / 2) / b) ** 2));
        return <line key={y} x1={WIDTH / 2 - half} x2={WIDTH / 2 + half} y1={y} y2={y} stroke="#000" strokeWidth={1.5} />;
      })}
      <text x={WIDTH / 2} y={ROWS[0]} textAnchor="middle" data-egg="ct">
        {egg.ct}
      </text>
      {rows.map((row, r) =>
        row.map((value, c) => (
          <text key={`${r}-${c}`} x={COLUMNS[c]} y={ROWS[r + 1]} textAnchor="middle" data-egg={`${['c', 's', 'f'][r]}${'abc'[c]}`}>
            {value}
          </text>
        )),
      )}
    </svg>
  );
}

export function EggCodePanel() {
  const index = useForecastMap((state) => state.chartPolygon);
  const polygon = useForecastMap((state) => (state.chartView && state.chartPolygon !== null ? state.chart?.polygons.find((p) => p.index === state.chartPolygon) : undefined));
  const select = useForecastMap((state) => state.selectChartPolygon);
  const polaris = useForecastMap((state) => state.chartView === 'polaris');
  const iceClass = useForecastMap((state) => state.iceClass);
  if (index === null || !polygon) return null;
  const props = polygon.properties;
  const rio = polaris ? rioLine(polygon, iceClass) : null;
  const lines = rio ? [...eggTextLines(props), rio] : eggTextLines(props);
  return (
    <section className="map-card egg-code" aria-label={ru.iceChart.egg.title} data-testid="egg-code" data-polygon={index}>
      <header className="map-card__header">
        <h3>{ru.iceChart.egg.title}</h3>
        <button type="button" className="toggle" onClick={() => select(null)}>
          {ru.iceChart.egg.close}
        </button>
      </header>
      <EggDrawing egg={eggCode(props)} />
      <ul className="egg-code__text" data-testid="egg-text">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
