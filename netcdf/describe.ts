/**
 * One file's summary, the object ncstats prints per file: format and, for every numeric variable
 * ('name' or 'group/name'), shape, valid/missing counts and min/max/mean of the unpacked values.
 * A variable that cannot be read (e.g. SZIP-compressed) gets {"error": "..."} instead of numbers.
 */
import { NetcdfError } from './errors.ts';
import { openNetcdf } from './open-netcdf.ts';
import { summarize, type VariableStats } from './stats.ts';
import type { NetcdfFormat } from './types.ts';
import { numericTypes } from './types.ts';

export interface FileSummary {
  format: NetcdfFormat;
  variables: Record<string, VariableStats | { error: string }>;
}

export async function describeNetcdf(bytes: Uint8Array): Promise<FileSummary> {
  const dataset = await openNetcdf(bytes);
  try {
    const variables: FileSummary['variables'] = {};
    for (const v of dataset.variables) {
      // float16 / odd-width integers are numbers we cannot decode: list them with their error.
      if (!numericTypes.has(v.type) && !/^(float|int)\d+$/.test(v.type)) continue;
      try {
        variables[v.name] = summarize(dataset.read(v.name), v.shape);
      } catch (error) {
        if (!(error instanceof NetcdfError)) throw error;
        variables[v.name] = { error: `${error.name}: ${error.message}` };
      }
    }
    return { format: dataset.format, variables };
  } finally {
    dataset.close();
  }
}
