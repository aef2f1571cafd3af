/**
 * Job failures in Russian: the ingest's, the decoder's wrapped ones and the regridder's errors already speak
 * Russian (their message is shown as it is); anything else is prefixed with what was being done.
 */
import { RegridError } from '../../../common/regrid/errors.ts';
import { DiskFullError, diskFullReason, isDiskFull } from '../disk/disk-full.ts';
import { TimeStepError } from './time-axis.ts';
import { IngestError } from './errors.ts';
import { MissingVariableError } from './variables.ts';

export function isRussianFailure(error: unknown): boolean {
  return error instanceof IngestError || error instanceof TimeStepError || error instanceof RegridError || error instanceof MissingVariableError;
}

export function russianFailure(error: unknown, doing: string): Error {
  if (isRussianFailure(error)) return error as Error;
  // A full disk says so first: the operator's remedy is space, not the input.
  if (isDiskFull(error)) return new DiskFullError(diskFullReason(doing), { cause: error });
  const failure = new Error(`${doing}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  failure.name = 'IngestError';
  return failure;
}
