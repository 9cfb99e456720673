import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MqttModule } from './transport.js';

const PAGE = 'https://partner.example/page';
const FILE = 'https://lobby.example/widgets/lobby-chat-mqtt.js';
const WIDGET = 'https://lobby.example/widgets/lobby-chat-box.js';
const mqttModule: MqttModule = { connect: () => ({}) as never };

/**
 * A fake script element: `src` refuses plain strings when the page requires Trusted Types,
 * and on append it runs as lobby-chat-mqtt.js does (the event on itself, then load) or fails.
 */
function fakeDocument({ requireTrustedTypes, fail }: { requireTrustedTypes: boolean; fail: () => boolean }) {
  const assigned: unknown[] = [];
  const document = {
    head: {
      append(script: EventTarget & { onload(): void; onerror(): void }) {
        queueMicrotask(() => {
          if (fail()) return script.onerror();
          script.dispatchEvent(new CustomEvent('lobby-chat-mqtt', { detail: mqttModule }));
          script.onload();
        });
      },
    },
    createElement() {
      const script = new EventTarget() as EventTarget & Record<string, unknown>;
      script.remove = () => undefined;
      Object.defineProperty(script, 'src', {
        set(value: unknown) {
          if (requireTrustedTypes && typeof value === 'string') throw new TypeError("This document requires 'TrustedScriptURL' assignment.");
          assigned.push(value);
        },
      });
      return script;
    },
  };
  return { document, assigned };
}

/** A fake `trustedTypes` whose policy wraps the URL so the test can tell it went through. */
function fakeTrustedTypes(allowedNames: string[]) {
  const created: string[] = [];
  return {
    created,
    createPolicy(name: string, rules: { createScriptURL(url: string): string }) {
      if (!allowedNames.includes(name)) throw new TypeError(`Policy "${name}" disallowed.`);
      created.push(name);
      return { createScriptURL: (url: string) => ({ trusted: rules.createScriptURL(url) }) };
    },
  };
}

describe('loading mqtt.js', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('location', new URL(PAGE));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('goes through the `lobby` Trusted Types policy, created once, when the page requires Trusted Types', async () => {
    const { document, assigned } = fakeDocument({ requireTrustedTypes: true, fail: () => false });
    const trustedTypes = fakeTrustedTypes(['lobby']);
    vi.stubGlobal('document', document);
    vi.stubGlobal('trustedTypes', trustedTypes);
    const { loadMqtt } = await import('./transport.js');
    await expect(loadMqtt(FILE, WIDGET)).resolves.toBe(mqttModule);
    await expect(loadMqtt(FILE, WIDGET)).resolves.toBe(mqttModule);
    expect(assigned).toEqual([{ trusted: FILE }]);
    expect(trustedTypes.created).toEqual(['lobby']);
  });

  it('falls back to the plain URL where there is no Trusted Types, and where the name is not allowed', async () => {
    const { document, assigned } = fakeDocument({ requireTrustedTypes: false, fail: () => false });
    vi.stubGlobal('document', document);
    const { loadMqtt } = await import('./transport.js');
    await expect(loadMqtt(FILE, WIDGET)).resolves.toBe(mqttModule);
    vi.resetModules();
    vi.stubGlobal('trustedTypes', fakeTrustedTypes(['other']));
    const again = await import('./transport.js');
    await expect(again.loadMqtt(FILE, WIDGET)).resolves.toBe(mqttModule);
    expect(assigned).toEqual([FILE, FILE]);
  });

  it('does not keep a failure: the next call loads the file again', async () => {
    let failures = 2;
    const { document, assigned } = fakeDocument({ requireTrustedTypes: false, fail: () => failures-- > 0 });
    vi.stubGlobal('document', document);
    const { loadMqtt } = await import('./transport.js');
    await expect(loadMqtt(FILE, WIDGET)).rejects.toThrow('cannot load');
    await expect(loadMqtt(FILE, WIDGET)).rejects.toThrow('cannot load');
    await expect(loadMqtt(FILE, WIDGET)).resolves.toBe(mqttModule);
    expect(assigned).toHaveLength(3);
  });

  it('does not keep a refused assignment either (Trusted Types required, no policy allowed)', async () => {
    const { document } = fakeDocument({ requireTrustedTypes: true, fail: () => false });
    vi.stubGlobal('document', document);
    vi.stubGlobal('trustedTypes', fakeTrustedTypes([]));
    const { loadMqtt } = await import('./transport.js');
    await expect(loadMqtt(FILE, WIDGET)).rejects.toThrow('TrustedScriptURL');
    vi.stubGlobal('trustedTypes', fakeTrustedTypes(['lobby']));
    // The policy is looked for once; the page's default policy would take the plain URL.
    await expect(loadMqtt(FILE, WIDGET)).rejects.toThrow('TrustedScriptURL');
  });

  it('loads only from the page origin or the chat box file origin, over http(s)', async () => {
    const { isAllowedMqttUrl } = await import('./transport.js');
    expect(isAllowedMqttUrl(FILE, WIDGET)).toBe(true);
    expect(isAllowedMqttUrl('/widgets/lobby-chat-mqtt.js', undefined)).toBe(true);
    expect(isAllowedMqttUrl('https://evil.example/x.js', WIDGET)).toBe(false);
    expect(isAllowedMqttUrl('data:text/javascript,alert(1)', WIDGET)).toBe(false);
  });
});
