import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as sdk from '@lobby/sdk';
import { openApiDocument } from '../http/openapi.js';
import { readConfig } from '../config.js';
import { parsePartnerOrigins, partnerOriginOf } from './partner-origin.js';

describe('a partner origin', () => {
  it('is the origin the browser sends: lower case, default port dropped, one trailing slash forgiven', () => {
    expect(partnerOriginOf('https://Partner.Example:443/')).toEqual({ origin: 'https://partner.example' });
    expect(partnerOriginOf(' http://localhost:8080 ')).toEqual({ origin: 'http://localhost:8080' });
    expect(partnerOriginOf('http://[::1]:8080')).toEqual({ origin: 'http://[::1]:8080' });
  });

  it('is never a wildcard, null, a path, a query, credentials or another scheme', () => {
    for (const text of ['*', 'https://*.example.com', 'null', 'https://a.example/page', 'https://a.example//', 'https://a.example?x', 'https://a.example#f', 'https://u:p@a.example', 'ftp://a.example', 'a.example', '']) {
      expect(partnerOriginOf(text), text).toHaveProperty('error');
    }
  });
});

describe('LOBBY_PARTNER_ORIGINS', () => {
  it('is read as comma-separated origins, normalized, without repeats', () => {
    expect(parsePartnerOrigins(undefined)).toEqual([]);
    expect(parsePartnerOrigins('https://a.example, HTTP://B.example:80/,https://a.example,')).toEqual(['https://a.example', 'http://b.example']);
    expect(readConfig({ LOBBY_PARTNER_ORIGINS: 'https://a.example' }).partnerOrigins).toEqual(['https://a.example']);
    expect(readConfig({}).partnerOrigins).toEqual([]);
  });

  it('stops the start on an invalid origin, naming it and the rule', () => {
    expect(() => readConfig({ LOBBY_PARTNER_ORIGINS: 'https://a.example,*' })).toThrow('LOBBY_PARTNER_ORIGINS: "*" a wildcard is never a partner origin');
    expect(() => readConfig({ LOBBY_PARTNER_ORIGINS: 'https://a.example/widgets' })).toThrow(/LOBBY_PARTNER_ORIGINS: "https:\/\/a.example\/widgets" must be an origin without path/);
  });
});

/** The contract calls the widgets' sources import from the sdk (packages/widgets/src, tests aside). */
function callsTheWidgetsMake(): string[] {
  const src = fileURLToPath(new URL('../../../widgets/src', import.meta.url));
  const names = new Set<string>();
  for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\./.test(entry.name)) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    for (const [, list] of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@lobby\/sdk'/g)) {
      for (const part of list!.split(',')) {
        const name = part.trim().split(/\s+as\s+/)[0]!;
        const value = (sdk as Record<string, unknown>)[name];
        if (value && typeof value === 'object' && 'path' in value && 'method' in value) names.add(name);
      }
    }
  }
  return [...names].sort();
}

describe('the partner calls', () => {
  it('are exactly the calls the widgets make', () => {
    expect(sdk.partnerCalls.map((call) => call.name).sort()).toEqual(callsTheWidgetsMake());
  });

  it('are marked x-partner in the OpenAPI document, and no other operation is', () => {
    const document = openApiDocument() as { paths: Record<string, Record<string, { operationId: string; 'x-partner'?: boolean }>> };
    const marked = Object.values(document.paths).flatMap((operations) => Object.values(operations).filter((operation) => operation['x-partner']).map((operation) => operation.operationId));
    expect(marked.sort()).toEqual(sdk.partnerCalls.map((call) => call.name).sort());
  });
});
