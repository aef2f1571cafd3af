/**
 * Line colours of the verification chart: a hue per model (in the order picked), darker for a longer lead, so
 * one model's three leads read as one family; persistence in greys, dashed.
 */

/** Hues (degrees) for up to eight models; more repeat. */
const MODEL_HUES = [210, 25, 140, 285, 0, 55, 180, 320];

/** Lightness by lead position (24, 48, 72 h…): the longer the lead, the darker. */
const LEAD_LIGHTNESS = [62, 46, 32, 22];

export function modelColour(modelIndex: number, leadIndex: number): string {
  const hue = MODEL_HUES[modelIndex % MODEL_HUES.length];
  return `hsl(${hue}, 70%, ${LEAD_LIGHTNESS[Math.min(leadIndex, LEAD_LIGHTNESS.length - 1)]}%)`;
}

export function persistenceColour(leadIndex: number): string {
  return `hsl(0, 0%, ${LEAD_LIGHTNESS[Math.min(leadIndex, LEAD_LIGHTNESS.length - 1)]}%)`;
}

/** Persistence's dash pattern, CSS pixels. */
export const PERSISTENCE_DASH = [6, 4];
