import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's layout (packages/server/README.md, "Layout"; issue 16): one folder per
 * feature, no `routes/` folder, and an `http/` pipeline that imports no feature.
 */
const SRC = dirname(fileURLToPath(import.meta.url));

/** What a file under http/ may import besides packages (the sdk, node, npm): the pipeline itself and the database layer; tests also the test helpers. */
const HTTP_MAY_IMPORT = new Set(['http', 'db']);
const HTTP_TESTS_MAY_IMPORT = new Set([...HTTP_MAY_IMPORT, 'testing']);

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|mts|mjs|js)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The import and export specifiers of a file, static, type-only and dynamic alike. */
function specifiersOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((imported) => imported.fileName);
}

/** The top-level folder under src/ a relative specifier lands in ('' for a file at the root). */
function topFolderOf(file: string, specifier: string): string {
  const target = relative(SRC, join(dirname(file), specifier));
  return target.includes(sep) ? target.split(sep)[0]! : '';
}

describe('server layout', () => {
  it('has no routes/ folder: each feature is a folder of its own', () => {
    expect(existsSync(join(SRC, 'routes'))).toBe(false);
  });

  it('keeps http/ to the request pipeline: no file there imports a feature folder or the app root', () => {
    const breaches: string[] = [];
    for (const file of sourceFiles(join(SRC, 'http'))) {
      const allowed = file.endsWith('.test.ts') ? HTTP_TESTS_MAY_IMPORT : HTTP_MAY_IMPORT;
      for (const specifier of specifiersOf(file).filter((s) => s.startsWith('.'))) {
        if (!allowed.has(topFolderOf(file, specifier))) breaches.push(`${relative(SRC, file)} imports ${specifier}`);
      }
    }
    expect(breaches).toEqual([]);
  });

  it('finds the imports it checks (the parser sees relative, type-only and package imports)', () => {
    const specifiers = specifiersOf(join(SRC, 'http', 'register-call.ts'));
    expect(specifiers).toEqual(expect.arrayContaining(['fastify', '@lobby/sdk', '../db/database.js', './errors.js']));
  });

  it('lets only grantBonus pay into the bonus wallet: payBonusReward is named by rewards.ts and bonus-service.ts alone (docs/BONUS-WAGERING.md)', () => {
    const allowed = new Set([join('activities', 'engine', 'rewards.ts'), join('activities', 'bonus', 'bonus-service.ts')]);
    const naming = sourceFiles(SRC)
      .filter((file) => !file.endsWith('.test.ts') && readFileSync(file, 'utf8').includes('payBonusReward'))
      .map((file) => relative(SRC, file));
    expect(naming.filter((file) => !allowed.has(file))).toEqual([]);
    expect(naming.sort()).toEqual([...allowed].sort());
  });

  it('keeps every feature index.ts a barrel: re-exports and comments only', () => {
    // db/migrations/index.ts is the numbered migration list, not a feature's barrel.
    const withCode = sourceFiles(SRC)
      .filter((file) => file.endsWith(`${sep}index.ts`) && !relative(SRC, file).startsWith(`db${sep}`))
      .filter((file) => {
        const statements = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest).statements;
        return statements.some((statement) => !ts.isExportDeclaration(statement) && !ts.isImportDeclaration(statement));
      });
    expect(withCode.map((file) => relative(SRC, file))).toEqual([]);
  });
});
