/**
 * The charts' files under DATA_DIR/icecharts/: each chart's features as imported (`<sha256>.json`, a JSON array,
 * written once), and the bodies GET /icecharts/{id} sends (`served/<etag>.json[.br|.gz]`: the FeatureCollection
 * with the chart's summary, simplified to a tolerance), made on first request and kept. Brotli at quality 11 and
 * gzip at 9: a chart is a few MB of JSON compressed once, in libuv's pool, off the event loop.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { IceChartFeature, IceChartSummary } from '../../../common/api-types/icecharts.ts';
import { SLOW_LINK_TOLERANCE_KM } from '../../../common/icecharts/wire.ts';
import { runInThread } from '../threads/run-in-thread.ts';
import { simplifyFeatures } from './simplify.ts';
import type { WireTaskArgs } from './wire-task.ts';

/** Bump when the bodies made from the same features change (their ETags and cached files change with it). */
const BODY_VERSION = 3;

const WIRE_TASK = new URL('./wire-task.ts', import.meta.url);

/** The features of a body at a tolerance as JSON: the full chart as wire-geometry.ts makes it (in a thread), or simplified for slow links. */
async function bodyFeatures(path: string, toleranceKm: number): Promise<string> {
  if (toleranceKm === 0) return runInThread<string>(WIRE_TASK, { path } satisfies WireTaskArgs);
  const features = JSON.parse(await readFile(path, 'utf8')) as IceChartFeature[];
  return JSON.stringify(simplifyFeatures(features, toleranceKm));
}

export const CHARTS_DIR = 'icecharts';
const SERVED_DIR = 'served';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ChartEncoding = 'br' | 'gzip' | null;
const SUFFIX = { br: '.br', gzip: '.gz' } as const;

/** Write the features of a chart (atomically); returns its path relative to DATA_DIR and its SHA-256. */
export function writeChartFeatures(dataDir: string, features: IceChartFeature[]): { file: string; sha256: string } {
  const body = JSON.stringify(features);
  const sha256 = createHash('sha256').update(body).digest('hex');
  const dir = join(dataDir, CHARTS_DIR);
  mkdirSync(dir, { recursive: true });
  const file = join(CHARTS_DIR, `${sha256}.json`);
  const temporary = join(dataDir, `${file}.${process.pid}.tmp`);
  writeFileSync(temporary, body);
  renameSync(temporary, join(dataDir, file));
  return { file, sha256 };
}

export function removeChartFile(dataDir: string, file: string): void {
  rmSync(join(dataDir, file), { force: true });
}

/** The served bodies of the charts: made once per (chart, tolerance), concurrent requests sharing the work. */
export class ChartBodies {
  private readonly inFlight = new Map<string, Promise<string>>();

  constructor(private readonly dataDir: string) {}

  /** The strong validator of a chart's body at a tolerance (its summary and features both change it). */
  etag(summary: IceChartSummary, sha256: string, toleranceKm: number): string {
    const hash = createHash('sha256').update(JSON.stringify(summary)).update(sha256).update(`${toleranceKm}|${BODY_VERSION}`).digest('hex');
    return `"chart-${summary.id}-${hash.slice(0, 24)}"`;
  }

  /** The path of the body in `encoding`, made now if it is not there yet. */
  async body(summary: IceChartSummary, file: string, etag: string, toleranceKm: number, encoding: ChartEncoding): Promise<string> {
    const dir = join(this.dataDir, CHARTS_DIR, SERVED_DIR);
    const base = join(dir, `${etag.replace(/"/g, '')}.json`);
    const target = encoding ? base + SUFFIX[encoding] : base;
    if (existsSync(target)) return target;
    const running = this.inFlight.get(target);
    if (running) return running;
    const job = this.make(summary, file, base, toleranceKm, encoding).finally(() => this.inFlight.delete(target));
    this.inFlight.set(target, job);
    return job;
  }

  private async make(summary: IceChartSummary, file: string, base: string, toleranceKm: number, encoding: ChartEncoding): Promise<string> {
    mkdirSync(join(this.dataDir, CHARTS_DIR, SERVED_DIR), { recursive: true });
    let json: Buffer;
    if (existsSync(base)) json = readFileSync(base);
    else {
      const features = await bodyFeatures(join(this.dataDir, file), toleranceKm);
      const text = `{"type":"FeatureCollection","chart":${JSON.stringify(summary)},"tolerance_km":${toleranceKm},"features":${features}}`;
      json = Buffer.from(text);
      await writeAtomically(base, json);
    }
    if (encoding === null) return base;
    const compressed =
      encoding === 'br'
        ? await brotli(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } })
        : await gzipAsync(json, { level: 9 });
    const target = base + SUFFIX[encoding];
    await writeAtomically(target, compressed);
    return target;
  }

  /**
   * The bodies the map asks for first, in brotli (what browsers accept): the whole chart and, for a slow link, the
   * simplified one. Made once the chart is stored (the import), so the first person to open it does not wait for
   * brotli 11 of a few MB (seconds). Never fails the import: a body not made now is made on its first request.
   */
  async makeAhead(summary: IceChartSummary, file: string, sha256: string): Promise<void> {
    try {
      for (const tolerance of [0, SLOW_LINK_TOLERANCE_KM]) await this.body(summary, file, this.etag(summary, sha256, tolerance), tolerance, 'br');
    } catch {
      // The chart is stored; GET /icecharts/{id} makes what is missing.
    }
  }

  /** Forget every served body (after a chart is replaced its old bodies are never asked for again). */
  clear(): void {
    rmSync(join(this.dataDir, CHARTS_DIR, SERVED_DIR), { recursive: true, force: true });
  }
}

async function writeAtomically(path: string, bytes: Uint8Array): Promise<void> {
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, bytes);
  renameSync(temporary, path);
}

/** The stored features of a chart (its `file`, relative to DATA_DIR). */
export async function readChartFeatures(dataDir: string, file: string): Promise<IceChartFeature[]> {
  return JSON.parse(await readFile(join(dataDir, file), 'utf8')) as IceChartFeature[];
}
