/**
 * How each run's ice edge is drawn. Every line has a dark casing under a bright core, so it stays visible over
 * every ramp (the dark-to-white ice ramp and the blue-to-red drift ramp) and over the basemap. The runs differ
 * by core colour, and the shown run's edge is the widest.
 */
import type { EdgeRun } from './edge-slice.ts';

export interface EdgeStyle {
  /** Core colour, RGB 0–255. */
  colour: [number, number, number];
  /** Core width, CSS pixels; the casing is CASING_PX wider. */
  width: number;
}

/** Casing colour and extra width (px): a near-black outline either side of the core. */
export const CASING_COLOUR: [number, number, number, number] = [10, 10, 10, 230];
export const CASING_PX = 2;

export const EDGE_STYLES: Record<EdgeRun, EdgeStyle> = {
  free: { colour: [255, 60, 220], width: 2 }, // magenta
  assimilated: { colour: [255, 170, 0], width: 2 }, // amber
  analysis: { colour: [255, 255, 255], width: 2 }, // white
};

/** The run on screen gets a wider core (px). */
const SHOWN_RUN_WIDTH = 3;

export function edgeStyle(run: EdgeRun, shown: boolean): EdgeStyle {
  const style = EDGE_STYLES[run];
  return shown ? { ...style, width: SHOWN_RUN_WIDTH } : style;
}

export function cssColour([r, g, b]: [number, number, number]): string {
  return `rgb(${r}, ${g}, ${b})`;
}
