import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CoinPurchaseElement } from '../coin-purchase/entry.js';
import { FloatWindowElement } from '../float-window/entry.js';
import { OrderBallElement } from '../order-ball/entry.js';

interface Manifest {
  modules: { declarations: { tagName: string; attributes: { name: string }[] }[] }[];
}

const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8')) as Manifest;

describe('custom-elements.json', () => {
  it('lists exactly the attributes each element observes', () => {
    const classes: Record<string, { observedAttributes: string[] }> = {
      'lobby-coin-purchase': CoinPurchaseElement,
      'lobby-float-window': FloatWindowElement,
      'lobby-order-ball': OrderBallElement,
    };
    const declared = manifest.modules.flatMap((module) => module.declarations);
    expect(declared.map((declaration) => declaration.tagName).sort()).toEqual(Object.keys(classes).sort());
    for (const declaration of declared) {
      expect(declaration.attributes.map((attribute) => attribute.name).sort(), declaration.tagName).toEqual([...classes[declaration.tagName]!.observedAttributes].sort());
    }
  });
});
