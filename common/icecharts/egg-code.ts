/**
 * The egg code's wire shapes (a polygon's raw SIGRID-3 codes and its decoded ice types), shared by the decoder
 * here and the API types in common/api-types/icecharts.ts.
 */
import type { IceType } from '../polaris/polaris.ts';
import type { StageKey } from './stages.ts';

/** The SIGRID-3 fields kept as raw codes with every polygon (two characters; CF four at CIS). */
export const SIGRID_FIELDS = ['CT', 'CA', 'SA', 'FA', 'CB', 'SB', 'FB', 'CC', 'SC', 'FC', 'CN', 'CD', 'CF', 'POLY_TYPE'] as const;
export type SigridField = (typeof SIGRID_FIELDS)[number];

/** The codes as the file wrote them (trimmed; null for a blank or missing field; `-9` kept). */
export type SigridRawCodes = Record<SigridField, string | null>;

/** One ice type of a polygon's egg code: the thickest first (SA), then SB, SC. */
export interface IceChartStage {
  /** Partial concentration [lo, hi] in tenths; null when the chart gives none (DMI never does). */
  conc: [number, number] | null;
  /** The stage of development, or null when the code is not a stage code. */
  stage: StageKey | null;
  /** The stage code as normalised (`87`), null for a blank field. */
  code: string | null;
  /** The WMO nomenclature's Russian name ('серо-белый лёд'), null when not a stage. */
  name: string | null;
  /** Its POLARIS column; null when the unknown-stage rule decides (common/icecharts/stages.ts). */
  polaris: IceType | null;
  /** Form of ice code (FA, FB, FC) as normalised, null when not given. */
  form: string | null;
}

/** SIGRID-3 POLY_TYPE: L land, W water, I ice, N no data, S ice shelf / ice of land origin. */
export type PolyType = 'L' | 'W' | 'I' | 'N' | 'S';
