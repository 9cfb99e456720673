/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { textProblems, type Texts } from '@lobby/sdk';

/** Every module of the site, to find each table of texts wherever it is declared. */
const modules = import.meta.glob<Record<string, unknown>>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx', '!../main.tsx'], { eager: true });

/**
 * Texts that are only ever put inside or after another text ("TRC20 not taken by this cold
 * wallet", "(not open)", "card ending 1234", " (code 244300)"), so they keep the case
 * they have mid-sentence.
 */
const FRAGMENTS: Record<string, readonly string[]> = {
  depositTexts: ['code'],
  usdtTexts: ['protocolNotOffered'],
  withdrawTexts: ['notOpen', 'cardEnding', 'code'],
  drawTexts: ['chance', 'basisDeposit', 'basisTurnover', 'rankLine', 'winnerMine'],
  raceTexts: ['prizeRank', 'paid'],
  rainTexts: ['walletCentre', 'walletBonus'],
  activityTexts: ['identity_device', 'identity_phone', 'identity_bankCard', 'identity_paymentAccount'],
};

const isTexts = (value: unknown): value is Texts<string> => typeof value === 'object' && value !== null && 'zh-CN' in value && 'en' in value;

describe("the site's texts", () => {
  const tables = Object.entries(modules).flatMap(([file, exports]) => Object.entries(exports).filter(([, value]) => isTexts(value)).map(([name, value]) => [`${file} ${name}`, value as Texts<string>] as const));

  it('are found in the page folders and the frame', () => {
    expect(tables.length).toBeGreaterThan(15);
  });

  it('have every key in both languages and every English text a capitalised sentence', () => {
    const problems = tables.flatMap(([where, texts]) => {
      const fragments = FRAGMENTS[where.split(' ')[1]!] ?? [];
      return textProblems(texts)
        .filter((problem) => !fragments.some((key) => problem.startsWith(`en.${key} `)))
        .map((problem) => `${where}: ${problem}`);
    });
    expect(problems).toEqual([]);
  });
});
