/** Which line is which run: a swatch (casing + core, as drawn) and the run's name, for the edges on the map. */
import { ru } from '../../../i18n/ru.ts';
import { useForecastMap } from '../store/store-context.ts';
import { EDGE_RUNS, type EdgeRun } from './edge-slice.ts';
import { CASING_COLOUR, CASING_PX, cssColour, edgeStyle } from './edge-styles.ts';

export function EdgeLegend() {
  const iceEdge = useForecastMap((state) => state.iceEdge);
  const edges = useForecastMap((state) => state.edges);
  const assimilated = useForecastMap((state) => state.assimilated);
  if (!iceEdge) return null;
  const shown: EdgeRun = assimilated ? 'assimilated' : 'free';
  const runs = EDGE_RUNS.filter((run) => edges[run]);
  return (
    <div className="edge-legend" data-testid="edge-legend">
      <h4 className="edge-legend__title">{ru.mapTools.edgeLegendTitle}</h4>
      {runs.map((run) => {
        const style = edgeStyle(run, run === shown);
        return (
          <div key={run} className="edge-legend__row" data-run={run}>
            <span
              className="edge-legend__swatch"
              style={{
                height: style.width,
                background: cssColour(style.colour),
                border: `${CASING_PX}px solid rgba(${CASING_COLOUR.slice(0, 3).join(', ')}, ${CASING_COLOUR[3] / 255})`,
              }}
            />
            <span>{ru.mapTools.edgeRuns[run]}</span>
          </div>
        );
      })}
    </div>
  );
}
