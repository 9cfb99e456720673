// A rollup plugin that writes .gz and .br beside every .js, .css, .svg and .json file a
// browser build emits, so the server sends compressed bytes without compressing per request.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = /\.(?:js|css|svg|json)$/; // index.html is rendered per request (brand config), not sent as a file.

/** @returns {import('rollup').Plugin} */
export function precompress() {
  return {
    name: 'lobby-precompress',
    writeBundle(options, bundle) {
      const dir = options.dir ?? (options.file ? join(options.file, '..') : null);
      if (!dir) return;
      for (const fileName of Object.keys(bundle)) {
        if (!compressible.test(fileName)) continue;
        const path = join(dir, fileName);
        const source = readFileSync(path);
        writeFileSync(`${path}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(`${path}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}
