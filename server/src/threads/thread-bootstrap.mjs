// Entry of every job worker thread. Node 20 cannot load .ts files by itself, and a worker does not inherit the
// tsx loader of `tsx server/src/server.ts` (nor does passing process.execArgv help: measured, it still fails with
// "Unknown file extension .ts"). So the worker registers tsx itself, then imports the TypeScript entry.
// The same works under vitest and plain node.
import { register } from 'tsx/esm/api';
import { workerData } from 'node:worker_threads';

register();
await import(workerData.entry);
