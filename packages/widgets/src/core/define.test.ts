import { describe, expect, it } from 'vitest';
import { defineElement, type ElementRegistry } from '@lobby/widgets';

function fakeRegistry(): ElementRegistry & { defined: Map<string, CustomElementConstructor> } {
  const defined = new Map<string, CustomElementConstructor>();
  return {
    defined,
    get: (name) => defined.get(name),
    define(name, constructor) {
      if (defined.has(name)) throw new Error(`${name} has already been defined`);
      defined.set(name, constructor);
    },
  };
}

const first = class {} as unknown as CustomElementConstructor;
const second = class {} as unknown as CustomElementConstructor;

describe('defineElement', () => {
  it('defines an element the first time', () => {
    const registry = fakeRegistry();
    expect(defineElement('lobby-test', first, registry)).toBe(true);
    expect(registry.defined.get('lobby-test')).toBe(first);
  });

  it('keeps the first definition when a second copy or version loads', () => {
    const registry = fakeRegistry();
    defineElement('lobby-test', first, registry);
    expect(defineElement('lobby-test', first, registry)).toBe(false);
    expect(defineElement('lobby-test', second, registry)).toBe(false);
    expect(registry.defined.get('lobby-test')).toBe(first);
  });

  it('does nothing without a registry (Node)', () => {
    expect(defineElement('lobby-test', first, null)).toBe(false);
  });
});
