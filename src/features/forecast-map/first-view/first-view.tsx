/**
 * The first view: while MapLibre and deck.gl are still on their way over a slow link, the decoded
 * field is drawn on a plain canvas where the map will be (same view, colours and legend: first-view-raster.ts),
 * with the forecast's date and lead and a 'Карта загружается…' status. The page removes it once the map has
 * drawn the field. `data-field-drawn` ('<file>|<variable>|<lead>', or 'none') says what the canvas shows, for
 * tests and the slow-link benchmark. POLARIS is not drawn here (its colours come from the GPU layer's table).
 */
import { useEffect, useRef } from 'react';
import { ru } from '../../../i18n/ru.ts';
import { regionView } from '../../../map/region-view.ts';
import { LEAD_HOURS, VARIABLE_STYLES } from '../forecast-variables.ts';
import { useForecastMap } from '../store/store-context.ts';
import { rasterizeField, type FirstViewField } from './first-view-raster.ts';
import './first-view.css';
import { markFirstFieldDrawn } from './first-field-drawn.ts';

export function FirstView() {
  const rootRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const field = useForecastMap((state) => state.field);
  const range = useForecastMap((state) => state.range);
  const date = useForecastMap((state) => state.date);
  const leadIndex = useForecastMap((state) => state.leadIndex);
  const region = useForecastMap((state) => state.region);
  // What the canvas holds, set with the pixels themselves (not through a render).
  const setDrawn = (value: string) => rootRef.current?.setAttribute('data-field-drawn', value);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    if (!field || field.kind === 'polaris') {
      context.clearRect(0, 0, canvas.width, canvas.height);
      setDrawn('none');
      return;
    }
    const width = Math.max(1, Math.round(canvas.clientWidth));
    const height = Math.max(1, Math.round(canvas.clientHeight));
    canvas.width = width;
    canvas.height = height;
    const source: FirstViewField = {
      grid: field.grid,
      values: field.slice.data,
      components: field.kind === 'drift' ? 2 : 1,
      ramp: VARIABLE_STYLES[field.variable].ramp,
      range,
    };
    const image = context.createImageData(width, height);
    // The view the map will open on for this region (the map's first frame).
    const { center, zoom } = regionView(region);
    image.data.set(rasterizeField(source, { width, height, center, zoom }));
    context.putImageData(image, 0, 0);
    setDrawn(`${field.fileKey}|${field.variable}|${field.leadIndex}`);
    markFirstFieldDrawn();
  }, [field, range, region]);

  return (
    <div ref={rootRef} className="first-view" data-testid="first-view" data-field-drawn="none">
      <canvas ref={canvasRef} className="first-view__canvas" />
      <div className="first-view__caption">
        {date && <span>{ru.firstView.caption(date, LEAD_HOURS[leadIndex])}</span>}
        <span role="status" className="first-view__status">
          {ru.firstView.mapLoading}
        </span>
      </div>
    </div>
  );
}
