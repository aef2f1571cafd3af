/**
 * wireFeatures as a thread task (threads/run-in-thread.ts): a second or more of CPU per chart that the API's event
 * loop must not wait on, when the full body is first asked for. Returns the features as JSON text.
 */
import { readFile } from 'node:fs/promises';
import type { IceChartFeature } from '../../../common/api-types/icecharts.ts';
import { wireFeatures } from './wire-geometry.ts';

export interface WireTaskArgs {
  /** The stored features file, absolute. */
  path: string;
}

export async function run(args: WireTaskArgs): Promise<string> {
  const features = JSON.parse(await readFile(args.path, 'utf8')) as IceChartFeature[];
  return JSON.stringify(wireFeatures(features));
}
