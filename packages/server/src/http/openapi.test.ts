import { describe, expect, it } from 'vitest';
import { allCalls } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

type Operation = { operationId: string; requestBody?: unknown; parameters: { name?: string; in?: string; $ref?: string }[]; responses: Record<string, unknown> };

describe.each(testEngines())('openapi.json on %s', (engine) => {
  const suite = serverSuite(engine);

  it('documents every contract call under its path with its name as operationId', async () => {
    const response = await suite.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{ openapi: string; paths: Record<string, Record<string, Operation>> }>();
    expect(document.openapi).toBe('3.1.0');
    for (const call of allCalls) {
      const operation = document.paths[call.path]?.[call.method.toLowerCase()];
      expect(operation?.operationId, call.name).toBe(call.name);
      expect(operation!.parameters.some((p) => p.$ref?.endsWith('x-sign'))).toBe(true);
      if (call.style === 'json') expect(operation!.requestBody).toBeTruthy();
    }
    expect(document.paths['/member/v1/web_login']!.post!.operationId).toBe('webLogin');
    const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));
    expect(new Set(ids).size).toBe(allCalls.length);
  });

  it('serves every contract call (a call on one end only is a defect)', () => {
    const missing = allCalls.filter((call) => !suite.app.hasRoute({ method: call.method, url: call.path })).map((call) => call.name);
    expect(missing).toEqual([]);
  });

  it('serves the clear paths of spec section 7 exactly', () => {
    for (const path of ['/member/v1/web_login', '/member/v1/register', '/member/v2/modify_password', '/member/v1/status', '/member/v1/check']) {
      expect(suite.app.hasRoute({ method: 'POST', url: path }), path).toBe(true);
    }
    for (const name of ['list', 'delete', 'read', 'count']) expect(suite.app.hasRoute({ method: 'POST', url: `/msg/v1/${name}` })).toBe(true);
  });
});
