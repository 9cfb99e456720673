import { adoptStyles } from '../shared/index.js';

/** The gift pages' own rules, adopted once beside the activity stylesheet (the strict CSP forbids inline styles). */
const GIFT_CSS = `
.gift-list { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 12px; }
.gift-card { display: flex; flex-direction: column; gap: 6px; padding: 12px 16px; border: 1px solid var(--lobby-border); border-radius: 8px; background: var(--lobby-surface); }
.gift-card h3 { margin: 0; font-size: 1rem; }
.gift-card p { margin: 0; }
.gift-card img { max-width: 100%; height: auto; border-radius: 6px; }
.gift-card.status-2 { border-color: #1b6e35; }
.gift-category { font-size: .8rem; color: var(--lobby-muted); }
.gift-need, .gift-mine { font-size: .9rem; }
.gift-state { font-weight: 600; }
.gift-progress { width: 100%; max-width: 640px; height: 14px; }
.gift-steps { list-style: none; display: flex; flex-wrap: wrap; gap: 12px; margin: 6px 0 0; padding: 0; font-size: .9rem; }
.gift-table { border-collapse: collapse; width: 100%; }
.gift-table th, .gift-table td { text-align: left; padding: 6px 8px; border-top: 1px solid var(--lobby-border); vertical-align: top; }
.gift-address-line { margin: 0; overflow-wrap: anywhere; }
.vc-list { margin: 0; padding-left: 20px; }
`;

let installed = false;

/** Adopts the gift stylesheet once. */
export function installGiftStyles(): void {
  if (installed) return;
  installed = true;
  adoptStyles(GIFT_CSS);
}
