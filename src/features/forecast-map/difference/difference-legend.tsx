/**
 * The legend in 'Разность' mode: what is subtracted from what, the diverging ramp (the shader's own bytes), and
 * −m … 0 … +m (one decimal for thickness, two for concentration).
 */
import { useEffect, useRef } from 'react';
import { ru } from '../../../i18n/ru.ts';
import { differenceRamp, sampleRamp } from '../../../map/colour-ramps.ts';
import { VARIABLE_STYLES } from '../forecast-variables.ts';
import { useForecastMap } from '../store/store-context.ts';
import { differenceDecimals, formatSigned } from './difference-math.ts';

export function DifferenceLegend() {
  const difference = useForecastMap((state) => state.difference);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    const bytes = sampleRamp(differenceRamp);
    const image = context.createImageData(bytes.length / 4, 1);
    image.data.set(bytes);
    context.putImageData(image, 0, 0);
  }, []);
  if (difference === null || difference === 'none') return null;
  const { variable, kind, m } = difference;
  const decimals = differenceDecimals(variable);
  const unit = VARIABLE_STYLES[variable].unit;
  const name = `${ru.forecastMap.variableNames[variable]}${unit ? `, ${ru.forecastMap.units[unit]}` : ''}`;
  const title = ru.mapTools.differenceTitle(name, ru.mapTools.differenceKinds[kind]);
  return (
    <>
      <h3 className="forecast-legend__title">{title}</h3>
      <canvas ref={canvasRef} className="forecast-legend__ramp" width={256} height={1} />
      <div className="forecast-legend__labels">
        <span data-testid="legend-min">{formatSigned(-m, decimals)}</span>
        <span>0</span>
        <span data-testid="legend-max">{formatSigned(m, decimals)}</span>
      </div>
    </>
  );
}
