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
import { simplifyFeatures } from './simplify.ts';

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
    const hash = createHash('sha256').update(JSON.stringify(summary)).update(sha256).update(String(toleranceKm)).digest('hex');
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
      const features = JSON.parse(await readFile(join(this.dataDir, file), 'utf8')) as IceChartFeature[];
      const text = `{"type":"FeatureCollection","chart":${JSON.stringify(summary)},"tolerance_km":${toleranceKm},"features":${JSON.stringify(simplifyFeatures(features, toleranceKm))}}`;
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
