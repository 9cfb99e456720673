import { adoptStyles } from '../shared/index.js';

const BONUS_CSS = `
.bonus-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 12px; }
.bonus-item { border: 1px solid var(--lobby-border); border-radius: 8px; padding: 12px 16px; display: flex; flex-direction: column; gap: 6px; }
.bonus-item p { margin: 0; }
.bonus-head { display: flex; gap: 12px; align-items: center; font-weight: 600; }
.bonus-state { display: inline-block; border-radius: 10px; padding: 0 10px; font-size: .8rem; line-height: 1.4rem; color: #fff; background: #1b5e9a; }
.bonus-converted .bonus-state { background: #1b6e35; }
.bonus-forfeited .bonus-state, .bonus-expired .bonus-state { background: #5f6672; }
.bonus-progress { width: 100%; max-width: 480px; height: 12px; }
.bonus-terms { display: flex; flex-wrap: wrap; gap: 6px 18px; color: var(--lobby-muted); font-size: .9rem; }
.bonus-weights { color: var(--lobby-muted); font-size: .85rem; }
.bonus-forfeit { align-self: flex-start; min-height: 32px; background: var(--lobby-surface); color: var(--lobby-text); border: 1px solid var(--lobby-border); }
.bonus-confirm { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; }
.bonus-status-line { font-size: 1.1rem; font-weight: 600; }
.bonus-deposits { list-style: none; margin: 0; padding: 0; }
.bonus-deposits li { display: flex; flex-wrap: wrap; gap: 12px; align-items: center; min-height: 40px; border-top: 1px solid var(--lobby-border); }
.bonus-deposits li:first-child { border-top: 0; }
.bonus-rule-list { margin: 0; padding-left: 20px; }
.bonus-wallet-panel { margin-top: 16px; }
`;

let installed = false;

/** Adopts the bonus pages' stylesheet once (a constructed sheet: allowed by the strict CSP). */
export function installBonusStyles(): void {
  if (installed) return;
  installed = true;
  adoptStyles(BONUS_CSS);
}
