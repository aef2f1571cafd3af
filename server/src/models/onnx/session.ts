/**
 * ONNX Runtime sessions: loading a network file and checking its one input and one output against the shapes
 * a spec implies. onnxruntime-node runs the graph on its own native threads (the CPU execution provider bundled
 * in the npm package), so a run in a job's worker thread never blocks the API's event loop.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import * as ort from 'onnxruntime-node';

export class OnnxModelError extends Error {
  override name = 'OnnxModelError';
}

/** The archive lacks days the network reads: a hindcast skips that start date, a forecast job fails with it. */
export class MissingHistoryError extends OnnxModelError {
  override name = 'MissingHistoryError';
}

/** The runtime's version, written into every forecast file a network makes. */
export const ONNXRUNTIME_VERSION: string = ort.env.versions.node ?? ort.env.versions.common;

/**
 * One intra-op thread: the machine has two cores and the API answers on the other one while a job runs.
 * A deployment with more cores can raise it (ONNX_THREADS).
 */
function threads(): number {
  const value = Number(process.env.ONNX_THREADS ?? 1);
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

export async function openSession(path: string): Promise<ort.InferenceSession> {
  try {
    return await ort.InferenceSession.create(path, {
      executionProviders: ['cpu'],
      intraOpNumThreads: threads(),
      interOpNumThreads: 1,
      graphOptimizationLevel: 'all',
      // Without the arena and the memory pattern the runtime frees each activation when it is done with it:
      // a U-Net on [4, 32, 480, 1301] peaked at 1.0 GB instead of 1.36 GB, no slower (bench/README.md).
      enableCpuMemArena: false,
      enableMemPattern: false,
    });
  } catch (error) {
    const reason = (error as Error).message.split('\n')[0].slice(0, 300);
    throw new OnnxModelError(`файл не является моделью ONNX или не читается: ${reason}`);
  }
}

type Dim = number | string;

const show = (dims: readonly Dim[]) => `[${dims.join(',')}]`;

/** A dimension fits when it equals the expected size or is symbolic (a named or free batch axis). */
const fits = (actual: readonly Dim[], expected: readonly number[]) =>
  actual.length === expected.length && actual.every((dim, i) => typeof dim !== 'number' || dim < 0 || dim === expected[i]);

interface TensorMeta {
  name: string;
  isTensor: boolean;
  type?: string;
  shape?: readonly Dim[];
}

function describe(session: ort.InferenceSession, which: 'input' | 'output'): TensorMeta {
  const names = which === 'input' ? session.inputNames : session.outputNames;
  const word = which === 'input' ? 'вход' : 'выход';
  if (names.length !== 1) throw new OnnxModelError(`у модели ${names.length} ${which === 'input' ? 'входов' : 'выходов'}, ожидается один ${word}`);
  const metadata = (which === 'input' ? session.inputMetadata : session.outputMetadata) as readonly TensorMeta[];
  const meta = metadata[0];
  if (!meta?.isTensor) throw new OnnxModelError(`${word} модели не тензор`);
  if (meta.type !== 'float32') throw new OnnxModelError(`${word} модели типа ${meta.type}, ожидается float32`);
  return meta;
}

/** Refuse a network whose input or output does not match the spec's shapes (the message names both). */
export function checkShapes(session: ort.InferenceSession, expected: { input: number[]; output: number[] }): void {
  const input = describe(session, 'input');
  if (!fits(input.shape ?? [], expected.input)) {
    throw new OnnxModelError(`вход ${show(expected.input)} ожидается, в модели ${show(input.shape ?? [])}`);
  }
  const output = describe(session, 'output');
  if (!fits(output.shape ?? [], expected.output)) {
    throw new OnnxModelError(`выход ${show(expected.output)} ожидается, в модели ${show(output.shape ?? [])}`);
  }
}

/** Run the network on one input tensor; its one output's values. */
export async function runSession(session: ort.InferenceSession, input: Float32Array, dims: number[]): Promise<Float32Array> {
  const tensor = new ort.Tensor('float32', input, dims);
  const outputs = await session.run({ [session.inputNames[0]]: tensor });
  const result = outputs[session.outputNames[0]];
  tensor.dispose();
  if (!(result.data instanceof Float32Array)) throw new OnnxModelError(`выход модели типа ${result.type}, ожидается float32`);
  return result.data;
}

/** SHA-256 of a file, hex, read as a stream (networks are tens of megabytes). */
export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
