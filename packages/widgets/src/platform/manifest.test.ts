import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { AppDownloadElement } from '../app-download/entry.js';
import { ChatBoxElement } from '../chat-box/entry.js';
import { CoinPurchaseElement } from '../coin-purchase/entry.js';
import { FloatWindowElement } from '../float-window/entry.js';
import { OrderBallElement } from '../order-ball/entry.js';

interface Declaration {
  tagName: string;
  attributes: { name: string; fieldName?: string }[];
  members: { kind: string; name: string; attribute?: string }[];
  events: { name: string }[];
}
interface Manifest {
  modules: { path: string; declarations: Declaration[]; exports: { kind: string; name: string }[] }[];
}
type ExportTarget = string | Record<string, string>;
interface PackageJson {
  types: string;
  customElements: string;
  exports: Record<string, ExportTarget>;
  files: string[];
  sideEffects: string[];
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const manifest = JSON.parse(readFileSync(`${root}custom-elements.json`, 'utf8')) as Manifest;
const pkg = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as PackageJson;

/** The five elements and their classes: what the manifest, the typings and the exports describe. */
const ELEMENTS: Record<string, { observedAttributes: string[] }> = {
  'lobby-order-ball': OrderBallElement,
  'lobby-float-window': FloatWindowElement,
  'lobby-coin-purchase': CoinPurchaseElement,
  'lobby-app-download': AppDownloadElement,
  'lobby-chat-box': ChatBoxElement,
};

const declared = manifest.modules.flatMap((module) => module.declarations);

describe('custom-elements.json', () => {
  it('lists the five elements, each with exactly the attributes it observes', () => {
    expect(declared.map((declaration) => declaration.tagName).sort()).toEqual(Object.keys(ELEMENTS).sort());
    for (const declaration of declared) {
      expect(declaration.attributes.map((attribute) => attribute.name).sort(), declaration.tagName).toEqual([...ELEMENTS[declaration.tagName]!.observedAttributes].sort());
    }
  });

  it('gives each attribute (but lang, the global one) a reflecting field, and each element its events', () => {
    for (const declaration of declared) {
      const fields = declaration.members.filter((member) => member.kind === 'field' && member.attribute).map((member) => member.attribute);
      expect(fields.sort(), declaration.tagName).toEqual(declaration.attributes.map((attribute) => attribute.name).filter((name) => name !== 'lang').sort());
      expect(declaration.events.length, declaration.tagName).toBeGreaterThan(0);
      expect(declaration.events.every((event) => event.name.startsWith('lobby-')), declaration.tagName).toBe(true);
    }
  });

  it('is shipped and named by the package', () => {
    expect(pkg.files).toContain('custom-elements.json');
    expect(pkg.customElements).toBe('./custom-elements.json');
    expect(pkg.exports['./custom-elements.json']).toBe('./custom-elements.json');
  });
});

describe('the React 19 JSX typings (src/platform/react.d.ts, shipped as @lobby/widgets/react)', () => {
  it('type the five elements', () => {
    const typings = readFileSync(`${root}src/platform/react.d.ts`, 'utf8');
    for (const tag of Object.keys(ELEMENTS)) expect(typings, tag).toContain(`'${tag}': Props<`);
    expect((pkg.exports['./react'] as Record<string, string>).types).toBe('./dist/types/platform/react.d.ts');
  });
});

describe('package.json', () => {
  it('exports each element as ESM with its types, and names the files that define elements as side effects', () => {
    for (const tag of Object.keys(ELEMENTS)) {
      const folder = tag.replace(/^lobby-/, '');
      expect(pkg.exports[`./${tag}`], tag).toEqual({ types: `./dist/types/${folder}/entry.d.ts`, import: `./dist/esm/${tag}.js` });
      expect(pkg.sideEffects, tag).toEqual(expect.arrayContaining([`./src/${folder}/entry.ts`, `./dist/${tag}.js`, `./dist/esm/${tag}.js`]));
      expect(existsSync(`${root}src/${folder}/entry.ts`), tag).toBe(true);
    }
  });
});

const exportPaths = [pkg.types, ...Object.values(pkg.exports).flatMap((target) => (typeof target === 'string' ? [target] : Object.values(target)))];
const built = existsSync(`${root}dist/types/index.d.ts`);
const title = built ? 'the built package' : `the built package: skipped, ${root}dist is not built; run \`npm run build\``;
if (!built) console.warn(title);

describe.skipIf(!built)(title, () => {
  it('has every exports path and every side-effect file', () => {
    const missing = [...exportPaths, ...pkg.sideEffects.filter((path) => path.startsWith('./dist/'))].filter((path) => !existsSync(root + path));
    expect(missing).toEqual([]);
  });

  it('has declarations that type-check, typing each tag and the React elements', () => {
    const consumer = `${root}dist/types/.consumer-check.ts`;
    const source = [
      ...Object.keys(ELEMENTS).map((tag) => `import '@lobby/widgets/${tag}';`),
      "import type {} from '@lobby/widgets/react';",
      "import type { BuyGoldDetail, ChatEventDetails } from '@lobby/widgets';",
      "const ball: import('@lobby/widgets/lobby-order-ball').OrderBallElement = document.querySelector('lobby-order-ball')!;",
      "const box = document.querySelector('lobby-chat-box')!; const room: number | undefined = box.roomId;",
      "const detail: BuyGoldDetail | ChatEventDetails['lobby-status'] | null = null;",
      "const element: import('react').JSX.IntrinsicElements['lobby-chat-box'] = { 'room-id': 1, 'onlobby-status': (event) => event.detail.status };",
      'export { ball, room, detail, element };',
    ].join('\n');
    const host = ts.createCompilerHost({});
    const readFile = host.readFile;
    host.readFile = (file) => (file === consumer ? source : readFile(file));
    const fileExists = host.fileExists;
    host.fileExists = (file) => file === consumer || fileExists(file);
    const program = ts.createProgram([consumer], {
      strict: true, noEmit: true, skipLibCheck: false, skipDefaultLibCheck: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler, lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'], types: [],
    }, host);
    const diagnostics = ts.getPreEmitDiagnostics(program).filter((diagnostic) => diagnostic.file?.fileName.includes('/widgets/') ?? true);
    expect(ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => root, getNewLine: () => '\n' })).toBe('');
  }, 120_000);
});
