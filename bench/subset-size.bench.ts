/**
 * `npm run bench:subset`: bytes on the wire for one slice (one variable at one lead) of a real-grid forecast
 * file (480 × 1301, 3 leads), for each storage option of the subset files: float32 bit-rounded as the
 * full file, or CF-packed int16; each raw, gzip (level 9) and brotli (quality 5 as the full files, and 11, the
 * highest, for files written once and read many times). Also the largest unpacking error against the full
 * file's values, next to the bit-rounding bound. Setup (the model run) is outside the timed part.
 * Then the previews (stride 2: every 2nd cell in latitude and longitude; stride 4 for comparison), int16 as
 * served, next to the full slice, for each variable and the drift pair the worker asks for in one request.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { FILE_VARIABLES } from '../common/forecast-file/variables.ts';
import { bitRoundError, subsetFile, type Packing } from '../server/src/subsets/subset.ts';
import { Nc3Dataset } from '../netcdf/nc3/reader.ts';
import { demoForecastFile } from './demo-forecast.ts';

const brotli = (bytes: Uint8Array, quality: number) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_LGWIN]: 24, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

const full = demoForecastFile();
const fullData = new Nc3Dataset(full);
console.log(`full file: raw ${kb(full.length)}, gzip-6 ${kb(gzipSync(full, { level: 6 }).length)}, br-5 ${kb(brotli(full, 5))}, br-11 ${kb(brotli(full, 11))}`);
console.log('| variable (lead 24 h) | storage | raw | gzip-9 | br-5 | br-11 | br-11 ms | max error | bit-round bound |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const variable of Object.values(FILE_VARIABLES)) {
  for (const pack of ['float', 'int16'] as Packing[]) {
    const bytes = subsetFile(full, { variables: [variable], leads: [24] }, pack);
    const started = performance.now();
    const br11 = brotli(bytes, 11);
    const ms = performance.now() - started;
    const got = new Nc3Dataset(bytes).read(variable, 0);
    const want = fullData.read(variable, 0);
    let maxAbs = 0;
    let maxError = 0;
    for (let i = 0; i < want.length; i++) {
      if (Number.isNaN(want[i]) !== Number.isNaN(got[i])) throw new Error(`${variable}: missing values differ at ${i}`);
      if (Number.isNaN(want[i])) continue;
      maxAbs = Math.max(maxAbs, Math.abs(want[i]));
      maxError = Math.max(maxError, Math.abs(want[i] - got[i]));
    }
    const keepbits = Number(fullData.variable(variable).attributes._QuantizeBitRoundNumberOfSignificantBits);
    console.log(
      `| ${variable} | ${pack} | ${kb(bytes.length)} | ${kb(gzipSync(bytes, { level: 9 }).length)} | ${kb(brotli(bytes, 5))} | ${kb(br11)} | ${ms.toFixed(0)} | ${maxError.toExponential(2)} | ${bitRoundError(maxAbs, keepbits).toExponential(2)} |`,
    );
  }
}

// Previews: what a slow link's switch fetches first, next to the full slice it precedes.
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log('');
console.log('| selection (lead 24 h, int16) | stride | raw | br-11 | share of full br-11 | br-11 ms (median of 3) | at 31 KiB/s |');
console.log('|---|---|---|---|---|---|---|');
const groups = [...Object.values(FILE_VARIABLES).map((v) => [v]), [FILE_VARIABLES.speed, FILE_VARIABLES.direction]];
for (const variables of groups) {
  let fullBr = 0;
  for (const stride of [1, 2, 4]) {
    const bytes = subsetFile(full, { variables, leads: [24], stride });
    const times: number[] = [];
    let br = 0;
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      br = brotli(bytes, 11);
      times.push(performance.now() - started);
    }
    if (stride === 1) fullBr = br;
    console.log(
      `| ${variables.join(' + ')} | ${stride} | ${kb(bytes.length)} | ${kb(br)} | ${((100 * br) / fullBr).toFixed(0)} % | ${median(times).toFixed(0)} | ${(br / 1024 / 31).toFixed(2)} s |`,
    );
  }
}
