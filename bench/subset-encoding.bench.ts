/**
 * `npm run bench:subset-encoding`: which encoding answers a subset that is not on disk yet the soonest. The
 * server makes such a subset on the request path; brotli 11 costs 1.3–4 s of one core there, so the first
 * client gets a fast encoding instead and the brotli 11 copy is made afterwards for the next one. For each
 * candidate (identity, gzip 1, brotli 1–4) and each selection the map's worker asks for (one variable or the
 * drift pair at +24 h, full and stride-2 preview), the compression time (median of REPEAT) and the bytes; then
 * the time to the last byte = compression + bytes on a 256 kbit/s and a 100 Mbit/s link (the round trip is the
 * same for all and left out). Setup (the model run, the subset cut) is outside the timed part.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { FILE_VARIABLES } from '../common/forecast-file/variables.ts';
import { subsetFile } from '../server/src/subsets/subset.ts';
import { FAST_ENCODINGS, QUICK, soonestToLastByte, type FastEncoding } from '../server/src/subsets/fast-encoding.ts';
import { demoForecastFile } from './demo-forecast.ts';

const REPEAT = Number(process.env.REPEAT ?? 5);
const LINKS = [
  { name: '256 kbit/s', bitsPerSecond: 256_000 },
  { name: '100 Mbit/s', bitsPerSecond: 100_000_000 },
];

function compress(bytes: Uint8Array, encoding: FastEncoding): Uint8Array {
  if (encoding.name === 'identity') return bytes;
  if (encoding.name === 'gzip') return gzipSync(bytes, { level: encoding.level });
  return brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: encoding.level, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const label = (e: FastEncoding) => (e.name === 'identity' ? 'identity' : `${e.name} ${e.level}`);

const full = demoForecastFile();
const names = Object.values(FILE_VARIABLES);
const speed = names.find((n) => n.endsWith('_speed'))!;
const groups = [...names.map((n) => [n]), [speed, speed.replace(/_speed$/, '_direct')]];
const totals = new Map<string, { ms: number; bytes: number; n: number }>();
console.log(`load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(2)).join(' ')}, REPEAT=${REPEAT}\n`);
console.log(`| selection | encoding | compress ms | KiB | to last byte at ${LINKS.map((l) => l.name).join(' / ')} |`);
console.log('|---|---|---|---|---|');
for (const variables of groups) {
  for (const stride of [1, 2]) {
    const bytes = subsetFile(full, { variables, leads: [24], stride });
    for (const encoding of FAST_ENCODINGS) {
      const times: number[] = [];
      let size = 0;
      for (let k = 0; k < REPEAT; k++) {
        const started = performance.now();
        size = compress(bytes, encoding).length;
        times.push(performance.now() - started);
      }
      const ms = median(times);
      const t = totals.get(label(encoding)) ?? { ms: 0, bytes: 0, n: 0 };
      totals.set(label(encoding), { ms: t.ms + ms, bytes: t.bytes + size, n: t.n + 1 });
      const last = LINKS.map((l) => `${(ms + (size * 8 * 1000) / l.bitsPerSecond).toFixed(0)} ms`).join(' / ');
      console.log(`| ${variables.join('+')}${stride === 2 ? ' (stride 2)' : ''} | ${label(encoding)} | ${ms.toFixed(1)} | ${(size / 1024).toFixed(1)} | ${last} |`);
    }
  }
}
console.log('\nMean over the selections:\n');
console.log(`| encoding | compress ms | KiB | to last byte at ${LINKS.map((l) => l.name).join(' / ')} |`);
console.log('|---|---|---|---|');
for (const [name, t] of totals) {
  const ms = t.ms / t.n;
  const bytes = t.bytes / t.n;
  console.log(`| ${name} | ${ms.toFixed(1)} | ${(bytes / 1024).toFixed(1)} | ${LINKS.map((l) => `${(ms + (bytes * 8 * 1000) / l.bitsPerSecond).toFixed(0)} ms`).join(' / ')} |`);
}
const means = [...totals].map(([name, t]) => ({ name, ms: t.ms / t.n, bytes: t.bytes / t.n }));
for (const link of LINKS) console.log(`\nsoonest to the last byte at ${link.name}: ${soonestToLastByte(means, link.bitsPerSecond).name}`);
console.log(`served: brotli ${QUICK.br.level} to clients that take brotli, gzip ${QUICK.gzip.level} to the others`);
