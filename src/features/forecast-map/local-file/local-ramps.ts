/**
 * Colour ramp and range for a local file's variable: the product's ice ramp for recognised concentration
 * (fixed 0–1, as a fraction) and thickness (the data's range, as the forecast map does), and a generic
 * perceptual ramp over the data's range for anything else.
 */
import { iceRamp, type ColourRamp } from '../../../map/colour-ramps.ts';
import type { LocalField } from '../../../../workers/forecast.api.ts';

/** Any other quantity: dark violet → teal → yellow, lightness rising (viridis-like, our own anchors). */
export const genericRamp: ColourRamp = {
  name: 'generic',
  anchors: [
    [48, 18, 84],
    [59, 82, 139],
    [33, 145, 140],
    [94, 201, 98],
    [253, 231, 37],
  ],
};

export function localRamp(field: Pick<LocalField, 'quantity'>): ColourRamp {
  return field.quantity ? iceRamp : genericRamp;
}

/** [min, max] of the colours; a field with one value everywhere gets a unit-wide range around it. */
export function localRange(field: Pick<LocalField, 'quantity' | 'min' | 'max'>): readonly [number, number] {
  if (field.quantity === 'concentration') return [0, 1];
  if (!Number.isFinite(field.min) || !Number.isFinite(field.max)) return [0, 1];
  return field.max > field.min ? [field.min, field.max] : [field.min - 0.5, field.max + 0.5];
}
