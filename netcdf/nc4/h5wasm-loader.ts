/**
 * Loads h5wasm once per realm (worker, page or Node process). h5wasm's ESM build embeds its wasm and keeps
 * files in an in-memory file system, so the same import works in a module worker, in the page and in
 * Node 20 (its `h5wasm/node` build would use the host file system, which we do not want: files arrive as
 * bytes). `ready` costs about 0.2 s the first time.
 */
export type H5wasm = typeof import('h5wasm').default;
export type H5Module = Awaited<H5wasm['ready']>;

export interface H5Runtime {
  h5: H5wasm;
  module: H5Module;
}

let loading: Promise<H5Runtime> | null = null;

export function loadH5wasm(): Promise<H5Runtime> {
  loading ??= (async () => {
    const { default: h5 } = await import('h5wasm');
    const module = await h5.ready;
    // HDF5 errors become JS exceptions (caught and typed by the reader) instead of diagnostics printed to
    // stderr and failed reads that return garbage.
    module.activate_throwing_error_handler();
    return { h5, module };
  })();
  return loading;
}
