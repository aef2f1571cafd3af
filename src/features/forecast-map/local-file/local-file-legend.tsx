/** The legend while a local file is shown: its variable's title and units, ramp and range. */
import { useEffect, useRef } from 'react';
import { ru } from '../../../i18n/ru.ts';
import { sampleRamp } from '../../../map/colour-ramps.ts';
import { formatRangeLabel } from '../colour-range.ts';
import { MapLegend } from '../map-legend.tsx';
import { useForecastMap } from '../store/store-context.ts';
import { localRamp, localRange } from './local-ramps.ts';

/** The local file's legend when one is shown, the forecast's otherwise. */
export function LegendSwitch() {
  const shown = useForecastMap((state) => state.localField !== null);
  return shown ? <LocalFileLegend /> : <MapLegend />;
}

/** Title: the product's words for recognised ice variables, else the file's long_name (or name) and units. */
function localTitle(field: { quantity: string | null; units: string }, label: string): string {
  if (field.quantity === 'concentration') return ru.forecastMap.legendTitles.sea_ice_fraction_BREMEN;
  if (field.quantity === 'thickness') return ru.forecastMap.legendTitles.sithick_GLORYS;
  return field.units ? `${label}, ${field.units}` : label;
}

function LocalFileLegend() {
  const field = useForecastMap((state) => state.localField);
  const variable = useForecastMap((state) => state.localVariables.find((v) => v.name === state.localVariable));
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const ramp = field ? localRamp(field) : null;

  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context || !ramp) return;
    const bytes = sampleRamp(ramp);
    const image = context.createImageData(bytes.length / 4, 1);
    image.data.set(bytes);
    context.putImageData(image, 0, 0);
  }, [ramp]);

  if (!field) return null;
  const range = localRange(field);
  const title = localTitle(field, variable?.label ?? '');
  return (
    <section className="forecast-legend" aria-label={title} data-testid="legend" data-range={`${range[0]},${range[1]}`}>
      <h3 className="forecast-legend__title">{title}</h3>
      <canvas ref={canvasRef} className="forecast-legend__ramp" width={256} height={1} />
      <div className="forecast-legend__labels">
        <span data-testid="legend-min">{formatRangeLabel(range[0])}</span>
        <span data-testid="legend-max">{formatRangeLabel(range[1])}</span>
      </div>
    </section>
  );
}
