import { describe, expect, it } from 'vitest';
import { textProblems } from '@lobby/sdk';
import { texts as appDownload } from '../app-download/texts.js';
import { texts as chatBox } from '../chat-box/texts.js';
import { texts as coinPurchase } from '../coin-purchase/texts.js';
import { texts as floatWindow } from '../float-window/texts.js';
import { texts as orderBall } from '../order-ball/texts.js';

/**
 * Words that are only ever put inside another text ("matched to {channel}", "{n} minutes"),
 * so they keep the case they have mid-sentence.
 */
const FRAGMENTS: Record<string, readonly string[]> = { chatBox: ['minutes'], orderBall: ['bankCard', 'ecny'] };

describe("the widgets' texts", () => {
  for (const [name, texts] of Object.entries({ appDownload, chatBox, coinPurchase, floatWindow, orderBall })) {
    it(`${name}: every key in both languages, every English text a capitalised sentence`, () => {
      const fragments = FRAGMENTS[name] ?? [];
      expect(textProblems(texts).filter((problem) => !fragments.some((key) => problem.startsWith(`en.${key} `)))).toEqual([]);
    });
  }
});
