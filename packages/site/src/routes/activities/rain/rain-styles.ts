import { adoptStyles } from '../shared/index.js';

const RAIN_CSS = `
.rain-field { display: flex; flex-direction: column; align-items: center; gap: 10px; padding: 24px; border-radius: 8px; background: linear-gradient(180deg, #8f1010, #c62828); color: #fff; text-align: center; }
.rain-field h2 { margin: 0; font-size: 1.3rem; }
.rain-clock { font-size: 2.6rem; font-weight: 700; font-variant-numeric: tabular-nums; letter-spacing: .04em; }
.rain-field p { margin: 0; }
.rain-field .terms-version { color: #ffe0e0; }
.rain-field .button { background: #ffd54f; color: #5d1a00; border-color: #ffd54f; font-weight: 700; }
.rain-field .button:disabled { background: #d9b9b9; border-color: #d9b9b9; color: #5a4a4a; }
.rain-grabbed { font-size: 1.2rem; font-weight: 700; }
.rain-hash { font-family: ui-monospace, monospace; font-size: .75rem; overflow-wrap: anywhere; color: #ffe0e0; }
.rain-list { list-style: none; margin: 0; padding: 0; }
.rain-list li { display: flex; flex-wrap: wrap; gap: 16px; min-height: 32px; align-items: center; border-top: 1px solid var(--lobby-border); }
.rain-list li:first-child { border-top: 0; }
.rain-drops { display: flex; gap: 18px; height: 28px; overflow: hidden; }
.rain-drops span { width: 16px; height: 22px; border-radius: 3px; background: #ffd54f; animation: rain-fall 1.2s linear infinite; }
.rain-drops span:nth-child(2n) { animation-delay: .4s; }
.rain-drops span:nth-child(3n) { animation-delay: .8s; }
@keyframes rain-fall { from { transform: translateY(-24px); } to { transform: translateY(28px); } }
@media (prefers-reduced-motion: reduce) { .rain-drops span { animation: none; } }
`;

let installed = false;

/** Adopts the rain page's stylesheet once (a constructed sheet: allowed by the strict CSP). */
export function installRainStyles(): void {
  if (installed) return;
  installed = true;
  adoptStyles(RAIN_CSS);
}
