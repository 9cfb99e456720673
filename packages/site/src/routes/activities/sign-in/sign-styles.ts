import { adoptStyles } from '../shared/index.js';

const SIGN_CSS = `
.sign-calendar { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 10px; }
.sign-day { display: flex; flex-direction: column; gap: 4px; align-items: flex-start; padding: 10px 12px; border: 1px solid var(--lobby-border); border-radius: 8px; background: var(--lobby-surface); min-height: 112px; }
.sign-day[data-today] { border-color: var(--lobby-primary); border-width: 2px; }
.sign-day[data-status="3"] { background: #e9f5ec; }
.sign-day[data-status="4"] { background: #fff4e5; }
.sign-day .sign-status { font-weight: 600; }
.sign-day .button { min-height: 32px; padding: 4px 12px; }
.sign-actions { display: flex; flex-direction: column; gap: 8px; margin-top: 12px; }
.sign-awards { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; }
.sign-awards li { display: flex; flex-wrap: wrap; align-items: center; gap: 12px; }
.sign-log { list-style: none; margin: 0; padding: 0; }
.sign-log li { display: flex; gap: 16px; min-height: 28px; align-items: center; border-top: 1px solid var(--lobby-border); }
.sign-log li:first-child { border-top: 0; }
`;

let installed = false;

/** Adopts the sign-in page's stylesheet once (a constructed sheet: allowed by the strict CSP). */
export function installSignStyles(): void {
  if (installed) return;
  installed = true;
  adoptStyles(SIGN_CSS);
}
