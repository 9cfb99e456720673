import { adoptStyles } from '../activities/shared/activity-styles.js';

/** The welfare centre's rules, adopted once as a constructed sheet (the strict CSP forbids inline styles). */
const WELFARE_CSS = `
.welfare-page { display: flex; flex-direction: column; gap: 16px; }
.welfare-panel { background: var(--lobby-surface); border: 1px solid var(--lobby-border); border-radius: 8px; padding: 16px 24px; }
.welfare-panel h2 { font-size: 1.1rem; margin: 0 0 8px; }
.welfare-panel p { margin: 0 0 8px; }
.welfare-wallet { display: flex; align-items: baseline; gap: 12px; font-size: 1.05rem; }
.welfare-wallet strong, .welfare-amount { font-size: 1.4rem; font-variant-numeric: tabular-nums; }
.welfare-facts { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 0 0 12px; }
.welfare-facts dt { color: var(--lobby-muted); }
.welfare-facts dd { margin: 0; }
.welfare-list { list-style: none; margin: 0 0 8px; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.welfare-list li { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 16px; padding: 8px 0; border-top: 1px solid var(--lobby-border); }
.welfare-list li:first-child { border-top: 0; }
.welfare-name { font-weight: 600; overflow-wrap: anywhere; }
.welfare-badge { display: inline-block; border-radius: 10px; padding: 0 10px; font-size: .8rem; line-height: 1.4rem; color: #fff; background: #5f6672; }
.welfare-badge.passed, .welfare-badge.active { background: #1b6e35; }
.welfare-badge.warning { background: #8a4b00; }
.welfare-warning { color: #8a4b00; }
.welfare-claim { min-height: 36px; padding: 6px 20px; font-size: 1rem; }
.welfare-table { border-collapse: collapse; width: 100%; margin-top: 8px; }
.welfare-table th, .welfare-table td { text-align: left; padding: 6px 8px; border-top: 1px solid var(--lobby-border); font-variant-numeric: tabular-nums; }
`;

let installed = false;

/** Adopts the welfare centre stylesheet once (idempotent). */
export function installWelfareStyles(): void {
  if (installed) return;
  installed = true;
  adoptStyles(WELFARE_CSS);
}
