// The `virtual:lobby-widget-folders` module, shared by the site build (rollup.config.mjs)
// and the unit tests (vitest.config.ts), so both see the same list.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const id = 'virtual:lobby-widget-folders';
const source = join(dirname(fileURLToPath(import.meta.url)), '../widgets/src');

/**
 * A rollup (and vite) plugin for `virtual:lobby-widget-folders`: the widget folders that
 * have a src/<folder>/entry.ts, so the site loads /widgets/lobby-<folder>.js only for
 * widgets that are built.
 */
export function widgetFolders() {
  return {
    name: 'lobby-widget-folders',
    resolveId: (wanted) => (wanted === id ? `\0${id}` : null),
    load(loaded) {
      if (loaded !== `\0${id}`) return null;
      const folders = readdirSync(source, { withFileTypes: true })
        .filter((entry) => entry.isDirectory() && existsSync(join(source, entry.name, 'entry.ts')))
        .map((entry) => entry.name);
      return `export default ${JSON.stringify(folders)};`;
    },
  };
}
