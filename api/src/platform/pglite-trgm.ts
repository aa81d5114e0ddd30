import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * PGlite's pg_trgm extension (trigram matching, for typo-tolerant search; migration 0018 creates it), handed over
 * without PGlite's own loader. That loader reads the extension's bundle with dynamic import('fs'), which jest's VM
 * refuses without --experimental-vm-modules (the reason db.ts hands PGlite its WASM too). Here the bundle is read and
 * unzipped with plain Node calls and put where PGlite looks for extension bundles (`pg_extensions` of its emscripten
 * options) when it assigns that map. Same files, same result as `@electric-sql/pglite/contrib/pg_trgm`.
 */
let bundle: Promise<Blob> | null = null;
function trgmBundle(): Promise<Blob> {
  bundle ??= (async () => {
    const file = path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'pg_trgm.tar.gz');
    return new Blob([zlib.gunzipSync(await fs.promises.readFile(file))]);
  })();
  return bundle;
}

type EmscriptenOpts = Record<string, unknown>;

export const pgTrgm = {
  name: 'pg_trgm',
  setup: async (_pg: unknown, emscriptenOpts: EmscriptenOpts) => {
    const blob = trgmBundle();
    await blob;
    const opts: EmscriptenOpts = { ...emscriptenOpts };
    let extensions: Record<string, Promise<Blob | null>> = {};
    Object.defineProperty(opts, 'pg_extensions', {
      enumerable: true,
      configurable: true,
      get: () => extensions,
      set: (v: Record<string, Promise<Blob | null>>) => {
        extensions = { ...v, pg_trgm: blob };
      },
    });
    return { emscriptenOpts: opts };
  },
};
