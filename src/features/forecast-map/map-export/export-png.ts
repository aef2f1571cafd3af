/**
 * 'Сохранить PNG': the map as shown, at the canvas's device-pixel size, with the legend drawn over its bottom right
 * (as on screen) and the stamp in a strip below it; the stamp also goes into the file as iTXt 'Description'.
 *
 * Capture: MapLibre's canvas has no preserveDrawingBuffer, so we copy it inside MapLibre's own 'render' event of a
 * forced repaint: the frame (basemap, field, edges, trajectory and the particles at that very frame, all drawn by
 * deck.gl into MapLibre's canvas, interleaved) is complete and not yet cleared.
 */
import type { Map as MapLibreMap } from 'maplibre-gl';
import { ru } from '../../../i18n/ru.ts';
import { differenceRamp, sampleRamp } from '../../../map/colour-ramps.ts';
import { formatRangeLabel } from '../colour-range.ts';
import { VARIABLE_STYLES } from '../forecast-variables.ts';
import type { ForecastMapState } from '../store/forecast-map-store.ts';
import { membersText, probabilityRamp, showsProbability } from '../ice-probability/probability-field.ts';
import { differenceDecimals, formatSigned, showsDifference } from '../difference/difference-math.ts';
import { CASING_COLOUR, cssColour, edgeStyle } from '../ice-edge/edge-styles.ts';
import { EDGE_RUNS } from '../ice-edge/edge-slice.ts';
import { exportFileName, stampLines, type StampInput } from './export-stamp.ts';
import { addPngText } from './png-text.ts';

export interface MapExport {
  blob: Blob;
  name: string;
  lines: string[];
  width: number;
  height: number;
}

/** A copy of the next complete frame of the map's canvas (device pixels). */
function captureFrame(map: MapLibreMap): Promise<HTMLCanvasElement> {
  return new Promise((resolve) => {
    map.once('render', () => {
      const source = map.getCanvas();
      const copy = document.createElement('canvas');
      copy.width = source.width;
      copy.height = source.height;
      copy.getContext('2d')!.drawImage(source, 0, 0);
      resolve(copy);
    });
    map.triggerRepaint();
  });
}

function stampInput(state: ForecastMapState): StampInput {
  const difference = showsDifference(state) && typeof state.difference === 'object' && state.difference
    ? ru.mapTools.differenceKinds[state.difference.kind]
    : null;
  return {
    date: state.date ?? '—',
    leadIndex: state.leadIndex,
    assimilated: state.assimilated,
    variable: state.variable,
    fileMeta: state.fileMeta,
    difference,
    region: state.region,
  };
}

/** The legend box as on screen (title, ramp, range; edge rows), at the bottom right, sizes in CSS px × dpr. */
function drawLegend(context: CanvasRenderingContext2D, state: ForecastMapState, width: number, height: number, dpr: number): void {
  const difference = showsDifference(state) && state.difference !== null && state.difference !== 'none' ? state.difference : null;
  // 'Вероятность льда' replaces the field whatever the variable: its own ramp, title (with the members) and 0 … 1.
  const probability = showsProbability(state) && state.probability !== null && state.probability !== 'none' ? state.probability : null;
  const ramp = probability ? probabilityRamp : difference ? differenceRamp : VARIABLE_STYLES[state.variable].ramp;
  const title = probability
    ? `${ru.iceProbability.legendTitle}, ${membersText(probability.members)}`
    : difference
      ? ru.mapTools.difference
      : ru.forecastMap.legendTitles[state.variable];
  const labels = probability
    ? ['0', '1']
    : difference
      ? [formatSigned(-difference.m, differenceDecimals(difference.variable)), formatSigned(difference.m, differenceDecimals(difference.variable))]
      : [formatRangeLabel(state.range[0]), formatRangeLabel(state.range[1])];
  const edgeRuns = state.iceEdge ? EDGE_RUNS.filter((run) => state.edges[run]) : [];
  const boxW = 260 * dpr;
  const boxH = (70 + (edgeRuns.length ? 22 + 18 * edgeRuns.length : 0)) * dpr;
  const x = width - boxW - 12 * dpr;
  const y = height - boxH - 28 * dpr;
  context.fillStyle = 'rgba(255, 255, 255, 0.94)';
  context.fillRect(x, y, boxW, boxH);
  context.fillStyle = '#1b2430';
  context.font = `600 ${14 * dpr}px sans-serif`;
  context.textBaseline = 'top';
  context.fillText(title, x + 12 * dpr, y + 8 * dpr);
  const bytes = sampleRamp(ramp);
  const strip = document.createElement('canvas');
  strip.width = bytes.length / 4;
  strip.height = 1;
  const stripContext = strip.getContext('2d')!;
  const image = stripContext.createImageData(strip.width, 1);
  image.data.set(bytes);
  stripContext.putImageData(image, 0, 0);
  context.imageSmoothingEnabled = false;
  context.drawImage(strip, x + 12 * dpr, y + 30 * dpr, boxW - 24 * dpr, 14 * dpr);
  context.font = `${13 * dpr}px sans-serif`;
  context.fillText(labels[0], x + 12 * dpr, y + 48 * dpr);
  const right = context.measureText(labels[1]).width;
  context.fillText(labels[1], x + boxW - 12 * dpr - right, y + 48 * dpr);
  edgeRuns.forEach((run, k) => {
    const rowY = y + (92 + 18 * k) * dpr;
    const style = edgeStyle(run, run === (state.assimilated ? 'assimilated' : 'free'));
    context.fillStyle = `rgba(${CASING_COLOUR.slice(0, 3).join(',')}, 1)`;
    context.fillRect(x + 12 * dpr, rowY, 32 * dpr, (style.width + 4) * dpr);
    context.fillStyle = cssColour(style.colour);
    context.fillRect(x + 14 * dpr, rowY + 2 * dpr, 28 * dpr, style.width * dpr);
    context.fillStyle = '#1b2430';
    context.fillText(ru.mapTools.edgeRuns[run], x + 52 * dpr, rowY - 3 * dpr);
  });
  if (edgeRuns.length) {
    context.font = `600 ${13 * dpr}px sans-serif`;
    context.fillText(ru.mapTools.edgeLegendTitle, x + 12 * dpr, y + 70 * dpr);
  }
}

export async function exportMapPng(map: MapLibreMap, state: ForecastMapState): Promise<MapExport> {
  const frame = await captureFrame(map);
  const dpr = frame.width / Math.max(1, map.getContainer().clientWidth);
  const input = stampInput(state);
  const lines = stampLines(input);
  const lineHeight = 20 * dpr;
  const stripHeight = Math.round(lines.length * lineHeight + 16 * dpr);
  const canvas = document.createElement('canvas');
  canvas.width = frame.width;
  canvas.height = frame.height + stripHeight;
  const context = canvas.getContext('2d')!;
  context.drawImage(frame, 0, 0);
  drawLegend(context, state, frame.width, frame.height, dpr);
  context.fillStyle = '#0f1c2e';
  context.fillRect(0, frame.height, canvas.width, stripHeight);
  context.fillStyle = '#ffffff';
  context.font = `${14 * dpr}px sans-serif`;
  context.textBaseline = 'top';
  lines.forEach((line, k) => context.fillText(line, 12 * dpr, frame.height + 8 * dpr + k * lineHeight));
  const png = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob gave nothing'))), 'image/png'),
  );
  const bytes = addPngText(new Uint8Array(await png.arrayBuffer()), 'Description', lines.join('\n'));
  return { blob: new Blob([bytes], { type: 'image/png' }), name: exportFileName(input), lines, width: canvas.width, height: canvas.height };
}
