/**
 * A task module and everything it imports, bundled by esbuild into one plain JavaScript file that a thread starts
 * from. Node 20 cannot load TypeScript, and a thread does not inherit the tsx loader of its process: loading the
 * task through tsx's loader cost about 0.75 s of CPU per thread here (the loader's own thread, then every module of
 * the task's graph resolved and read one by one), the bundle about 0.08 s. A task is bundled once per process (about
 * 0.1 s) and kept in memory; the files are named by their content, so processes that bundle the same code share one.
 */
import { build, type Plugin } from 'esbuild';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** Beside the other tools' caches: bare imports left to Node (below) resolve from here as from the repository. */
const cacheDir = fileURLToPath(new URL('../../../node_modules/.cache/thread-tasks/', import.meta.url));
const serveEntry = fileURLToPath(new URL('./thread-entry.ts', import.meta.url));

/**
 * Packages a bundle leaves to Node's own loader: native bindings (better-sqlite3, onnxruntime-node) and pg, which
 * requires its optional native binding at run time. The pure JavaScript ones (kysely, proj4…) are bundled: loading
 * them module by module was most of the rest of a thread's start.
 */
const LEFT_TO_NODE = ['better-sqlite3', 'onnxruntime-node', 'pg', 'pg-boss', 'esbuild'];

/**
 * Each source file keeps its own `import.meta.url` and `import.meta.dirname` (a task URL beside it, the repository's
 * root, a package resolved from it) instead of the bundle's.
 */
const ownImportMeta: Plugin = {
  name: 'own-import-meta',
  setup(context) {
    context.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      if (path.includes('/node_modules/')) return undefined;
      const source = await readFile(path, 'utf8');
      if (!source.includes('import.meta')) return undefined;
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(path)))
        .replaceAll('import.meta.filename', JSON.stringify(path));
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * Bundled CommonJS packages call require() (file-source, under shapefile, requires fs); an ES module has no require
 * of its own, so the bundle makes one. `import.meta` is spelt apart here because this file is bundled too (into tasks
 * that start threads of their own) and the plugin above rewrites the whole expression wherever it stands.
 */
const REQUIRE_FOR_COMMONJS = `import { createRequire as createRequireOfBundle } from 'node:module';\nconst require = createRequireOfBundle(${'import.meta'}.url);`;

async function bundle(task: URL): Promise<string> {
  const taskPath = fileURLToPath(task);
  let output: string;
  try {
    const result = await build({
      stdin: {
        contents: `import * as task from ${JSON.stringify(taskPath)};\nimport { serveTask } from ${JSON.stringify(serveEntry)};\nawait serveTask(task);\n`,
        resolveDir: dirname(taskPath),
        sourcefile: 'thread-main.ts',
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      external: LEFT_TO_NODE,
      // Error classes keep their names (a failed task's error reaches the parent by name).
      keepNames: true,
      banner: { js: REQUIRE_FOR_COMMONJS },
      plugins: [ownImportMeta],
      write: false,
      logLevel: 'silent',
    });
    output = result.outputFiles[0].text;
  } catch (error) {
    throw new Error(`cannot prepare the task ${taskPath} for a thread: ${(error as Error).message}`);
  }
  const hash = createHash('sha256').update(output).digest('hex').slice(0, 16);
  const file = join(cacheDir, `${basename(taskPath, '.ts')}-${hash}.mjs`);
  if (!existsSync(file)) {
    await mkdir(cacheDir, { recursive: true });
    // Written aside, then renamed: a thread never starts from half a file.
    const partial = `${file}.${process.pid}.${Date.now()}.partial`;
    await writeFile(partial, output);
    await rename(partial, file);
    await removeOlderBundles(basename(file));
  }
  return file;
}

/**
 * The same task's bundles of code edited since: one file per task stays. A process still holding one of them
 * bundles its code again when it next starts a thread (`taskBundle` checks the file is there).
 */
async function removeOlderBundles(kept: string): Promise<void> {
  const task = kept.slice(0, -'-0123456789abcdef.mjs'.length);
  const older = (await readdir(cacheDir)).filter((name) => name !== kept && name.startsWith(`${task}-`) && /^-[0-9a-f]{16}\.mjs$/.test(name.slice(task.length)));
  await Promise.all(older.map((name) => rm(join(cacheDir, name), { force: true })));
}

const bundles = new Map<string, Promise<string>>();

/** The bundle a thread for `task` starts from (made on the first call in this process). */
export async function taskBundle(task: URL): Promise<URL> {
  let made = bundles.get(task.href);
  if (!made) {
    made = bundle(task);
    bundles.set(task.href, made);
    // A failed bundle is not kept: a task fixed or created later is bundled on the next call.
    made.catch(() => bundles.delete(task.href));
  }
  let file = await made;
  // The cache folder was cleared while this process ran (a clean of node_modules): make the file again.
  if (!existsSync(file)) {
    made = bundle(task);
    bundles.set(task.href, made);
    file = await made;
  }
  return pathToFileURL(file);
}
