/**
 * The legend at the bottom right: the variable's title, its colour ramp painted from the very bytes the
 * shader's ramp texture holds, and the range's ends with one decimal.
 */
import { useEffect, useRef } from 'react';
import { ru } from '../../i18n/ru.ts';
import { sampleRamp } from '../../map/colour-ramps.ts';
import { formatRangeLabel } from './colour-range.ts';
import { VARIABLE_STYLES } from './forecast-variables.ts';
import { useForecastMap } from './store/store-context.ts';
import { PolarisLegend } from './polaris/polaris-legend.tsx';
import { EdgeLegend } from './ice-edge/edge-legend.tsx';
import { DifferenceLegend } from './difference/difference-legend.tsx';
import { showsDifference } from './difference/difference-math.ts';
import { ProbabilityLegend } from './ice-probability/probability-legend.tsx';
import { showsProbability } from './ice-probability/probability-field.ts';

export function MapLegend() {
  const variable = useForecastMap((state) => state.variable);
  const probability = useForecastMap(showsProbability);
  return variable === 'POLARIS' && !probability ? <PolarisLegend /> : <RampLegend />;
}

function RampLegend() {
  const variable = useForecastMap((state) => state.variable);
  const range = useForecastMap((state) => state.range);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const difference = useForecastMap(showsDifference);
  const probability = useForecastMap(showsProbability);
  const ramp = VARIABLE_STYLES[variable].ramp;

  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    const bytes = sampleRamp(ramp);
    const image = context.createImageData(bytes.length / 4, 1);
    image.data.set(bytes);
    context.putImageData(image, 0, 0);
  }, [ramp, difference, probability]);

  return (
    <section className="forecast-legend" aria-label={ru.forecastMap.legendTitles[variable]} data-testid="legend">
      {probability ? (
        <ProbabilityLegend />
      ) : difference ? (
        <DifferenceLegend />
      ) : (
        <>
          <h3 className="forecast-legend__title">{ru.forecastMap.legendTitles[variable]}</h3>
          <canvas ref={canvasRef} className="forecast-legend__ramp" width={256} height={1} />
          <div className="forecast-legend__labels">
            <span data-testid="legend-min">{formatRangeLabel(range[0])}</span>
            <span data-testid="legend-max">{formatRangeLabel(range[1])}</span>
          </div>
        </>
      )}
      <EdgeLegend />
    </section>
  );
}
