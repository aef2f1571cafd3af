/** The legend in 'Вероятность льда' mode: its title, the ramp (the shader's own bytes), 0 … 1, and how many forecasts. */
import { useEffect, useRef } from 'react';
import { ru } from '../../../i18n/ru.ts';
import { sampleRamp } from '../../../map/colour-ramps.ts';
import { useForecastMap } from '../store/store-context.ts';
import { membersText, probabilityRamp } from './probability-field.ts';
import './probability.css';

export function ProbabilityLegend() {
  const probability = useForecastMap((state) => state.probability);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const context = canvasRef.current?.getContext('2d');
    if (!context) return;
    const bytes = sampleRamp(probabilityRamp);
    const image = context.createImageData(bytes.length / 4, 1);
    image.data.set(bytes);
    context.putImageData(image, 0, 0);
  }, []);
  if (probability === null || probability === 'none') return null;
  return (
    <>
      <h3 className="forecast-legend__title">{ru.iceProbability.legendTitle}</h3>
      <canvas ref={canvasRef} className="forecast-legend__ramp" width={256} height={1} />
      <div className="forecast-legend__labels">
        <span data-testid="legend-min">0</span>
        <span data-testid="legend-max">1</span>
      </div>
      <p className="forecast-legend__note" data-testid="probability-members">
        {membersText(probability.members)}
      </p>
    </>
  );
}
