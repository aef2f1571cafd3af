/**
 * The colours of the POLARIS operational categories: green, amber, red, as RGB bytes. The layer's
 * shader, the legend and the route line all take them from here, so the legend shows what the map draws.
 */
import type { RioCategory } from '../../../../common/polaris/polaris.ts';

export type Rgb = readonly [number, number, number];

export const CATEGORY_COLOURS: Readonly<Record<RioCategory, Rgb>> = {
  normal: [46, 160, 67],
  elevated: [245, 166, 35],
  special: [214, 40, 40],
};

export function cssColour([r, g, b]: Rgb): string {
  return `rgb(${r}, ${g}, ${b})`;
}
