import { adoptStyles } from '../shared/index.js';

/**
 * The draw pages' stylesheet (adopted: the strict CSP allows constructed sheets). Motion is
 * CSS only: the wheel turns by a transition on `--wheel-turn` (set through the CSSOM), a won
 * award pulses; with prefers-reduced-motion both are still.
 */
const DRAW_CSS = `
.draw-awards { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 10px; }
.draw-award { display: flex; flex-direction: column; gap: 4px; padding: 10px 12px; border: 1px solid var(--lobby-border); border-radius: 8px; background: var(--lobby-surface); min-height: 72px; }
.draw-award[data-won] { border: 2px solid var(--lobby-primary); animation: draw-won 0.6s ease-in-out 3; }
.draw-award .hint, .draw-facts .hint { color: var(--lobby-muted); font-size: .85rem; }
.draw-facts { display: flex; flex-direction: column; gap: 6px; margin: 12px 0; }
.draw-hash { font-family: ui-monospace, monospace; font-size: .8rem; overflow-wrap: anywhere; }
.draw-result { font-weight: 600; }
.wheel-area { display: flex; flex-wrap: wrap; gap: 24px; align-items: center; }
.wheel-box { position: relative; width: 260px; height: 260px; flex: none; }
.wheel-pointer { position: absolute; top: -6px; left: 50%; width: 0; height: 0; margin-left: -10px; border-left: 10px solid transparent; border-right: 10px solid transparent; border-top: 20px solid var(--lobby-primary); z-index: 1; }
.wheel-disc { position: absolute; inset: 0; border-radius: 50%; border: 4px solid var(--lobby-primary); overflow: hidden; transform: rotate(var(--wheel-turn, 0deg)); transition: transform 3.2s cubic-bezier(.17, .67, .21, 1); background: var(--lobby-surface); }
.wheel-label { position: absolute; left: 50%; top: 0; width: 84px; margin-left: -42px; height: 50%; transform-origin: 50% 100%; text-align: center; padding-top: 12px; font-size: .8rem; }
.wheel-label:nth-child(odd) { color: var(--lobby-primary); font-weight: 600; }
.wheel-segments { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.wheel-segments li[data-won] { font-weight: 700; }
.wheel-tasks { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.wheel-tasks li { display: flex; flex-wrap: wrap; align-items: center; gap: 12px; }
.fair-records { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 10px; }
.fair-record { display: flex; flex-direction: column; gap: 4px; padding: 10px 0; border-top: 1px solid var(--lobby-border); }
.fair-record:first-child { border-top: 0; }
.fair-record .draw-hash { color: var(--lobby-muted); }
.fair-check[data-verify="matches"] { color: #1b6e35; font-weight: 600; }
.fair-check[data-verify="mismatch"] { color: #b3261e; font-weight: 600; }
.raffle-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 4px; }
.raffle-list li[data-mine] { font-weight: 600; }
.raffle-tickets { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 8px; }
.raffle-tickets li { border: 1px dashed var(--lobby-border); border-radius: 6px; padding: 4px 10px; }
.raffle-tickets li[data-won] { border: 2px solid var(--lobby-primary); }
@keyframes draw-won { 0%, 100% { transform: scale(1); } 50% { transform: scale(1.05); } }
@media (prefers-reduced-motion: reduce) {
  .wheel-disc { transition: none; }
  .draw-award[data-won] { animation: none; }
}
`;

let installed = false;

/** Adopts the draw pages' stylesheet once. */
export function installDrawStyles(): void {
  if (installed) return;
  installed = true;
  adoptStyles(DRAW_CSS);
}
