/**
 * The activity pages' styles. The site's strict CSP (style-src 'self') forbids inline
 * <style> and style attributes; a constructed stylesheet adopted by the document is allowed
 * (the widgets style their shadow roots the same way), so the activity pages carry their own
 * rules without a build step. Installed once, on the first activity page rendered.
 */
const ACTIVITY_CSS = `
.activity-page { display: flex; flex-direction: column; gap: 16px; }
.activity-page h2 { font-size: 1.1rem; margin: 4px 0; }
.activity-head { display: flex; flex-direction: column; gap: 8px; }
.activity-head .page-title { margin: 0; }
.activity-banner { display: block; width: 100%; max-width: 960px; height: auto; aspect-ratio: 4 / 1; object-fit: cover; border-radius: 8px; background: var(--lobby-border); }
.activity-meta { display: flex; flex-wrap: wrap; align-items: center; gap: 12px; margin: 0; min-height: 1.5rem; }
.activity-status { display: inline-block; border-radius: 10px; padding: 0 10px; font-size: .8rem; line-height: 1.4rem; color: #fff; background: #4a5160; }
.activity-status.status-1 { background: #1b6e35; }
.activity-status.status-2 { background: #5f6672; }
.activity-status.paused { background: #8a4b00; }
.activity-countdown { font-variant-numeric: tabular-nums; }
.activity-panel { background: var(--lobby-surface); border: 1px solid var(--lobby-border); border-radius: 8px; padding: 16px 24px; }
.activity-terms-text { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; }
.claim-row { display: inline-flex; align-items: center; gap: 10px; flex-wrap: wrap; }
.claim-row .button { min-height: 36px; padding: 6px 20px; font-size: 1rem; }
.terms-version { font-size: .85rem; color: var(--lobby-muted); }
.activity-claims { list-style: none; margin: 0; padding: 0; }
.activity-claims li { display: flex; gap: 16px; min-height: 32px; align-items: center; border-top: 1px solid var(--lobby-border); }
.activity-claims li:first-child { border-top: 0; }
.activity-tabs { list-style: none; display: flex; flex-wrap: wrap; gap: 8px; margin: 0; padding: 0; }
.activity-tabs a { display: inline-block; min-width: 64px; min-height: 32px; padding: 6px 14px; border: 1px solid var(--lobby-border); border-radius: 16px; background: var(--lobby-surface); color: var(--lobby-text); text-decoration: none; text-align: center; }
.activity-tabs a[aria-current] { background: var(--lobby-primary); border-color: var(--lobby-primary); color: #fff; }
.activity-cards { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(280px, 1fr)); gap: 16px; }
.activity-card { display: flex; flex-direction: column; background: var(--lobby-surface); border: 1px solid var(--lobby-border); border-radius: 8px; overflow: hidden; }
.activity-card-image { display: block; width: 100%; height: auto; aspect-ratio: 4 / 1; object-fit: cover; background: var(--lobby-border); }
.activity-card-body { display: flex; flex-direction: column; gap: 6px; padding: 12px 16px; }
.activity-card h2 { margin: 0; font-size: 1.05rem; }
.activity-card h2 a { color: var(--lobby-text); }
.activity-card p { margin: 0; }
.activity-facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0; }
.activity-facts dt { color: var(--lobby-muted); }
.activity-facts dd { margin: 0; }
.activity-pictures { display: flex; flex-wrap: wrap; gap: 12px; }
.activity-pictures img { max-width: 100%; height: auto; border-radius: 6px; }
.activity-form { display: flex; flex-direction: column; gap: 8px; max-width: 420px; }
.activity-form label { display: flex; flex-direction: column; gap: 4px; }
.activity-banners { display: flex; flex-wrap: wrap; gap: 12px; }
.activity-banners img { display: block; width: 320px; height: 80px; object-fit: cover; border-radius: 6px; background: var(--lobby-border); }
.activity-welfare-link { margin: 0; }
.entry-line { min-height: 1.3em; }
.entry-ok { color: #1b6e35; font-weight: 600; }
.activity-summary { font-size: 1.05rem; margin: 0; }
.activity-form { border: 1px solid var(--lobby-border); border-radius: 6px; padding: 8px 16px 12px; margin: 0 0 12px; }
.activity-form input { min-height: 32px; padding: 4px 8px; border: 1px solid var(--lobby-border); border-radius: 4px; background: var(--lobby-surface); color: var(--lobby-text); }
.activity-claim > p { margin: 0 0 8px; }
.activity-done { margin-top: 12px; }
@media (prefers-reduced-motion: reduce) { .activity-page * { animation: none !important; transition: none !important; } }
`;

let installed = false;

/**
 * Adopts the activity stylesheet into the document once; call it while rendering an
 * activity page (idempotent). Pages of other areas may add their own sheet the same way.
 *
 * @example installActivityStyles()
 */
export function installActivityStyles(): void {
  if (installed || typeof document === 'undefined' || typeof CSSStyleSheet === 'undefined') return;
  installed = true;
  adoptStyles(ACTIVITY_CSS);
}

/**
 * Adopts a stylesheet's text into the document (a constructed sheet: allowed by the CSP).
 *
 * @example adoptStyles('.rain-field { height: 480px; }')
 */
export function adoptStyles(css: string): void {
  if (typeof document === 'undefined' || typeof CSSStyleSheet === 'undefined') return;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
