const AGENT_CSS = `
.agent-page { display: flex; flex-direction: column; gap: 16px; max-width: 960px; margin: 0 auto; padding: 16px; }
.agent-page h1 { margin: 0; font-size: 1.5rem; }
.agent-page h2 { margin: 0 0 8px; font-size: 1.15rem; }
.agent-panel { padding: 16px; border: 1px solid var(--lobby-border, #d0d4dc); border-radius: 8px; background: var(--lobby-surface, #fff); }
.agent-figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 12px; margin: 0; }
.agent-figures div { padding: 12px; border-radius: 6px; background: var(--lobby-muted-surface, #f3f5f9); }
.agent-figures dt { font-size: .85rem; color: var(--lobby-muted, #4a5160); }
.agent-figures dd { margin: 4px 0 0; font-size: 1.25rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.agent-form { display: flex; flex-direction: column; gap: 8px; max-width: 420px; }
.agent-form label { display: flex; flex-direction: column; gap: 4px; }
.agent-form input, .agent-form textarea { padding: 8px; border: 1px solid var(--lobby-border, #8a909c); border-radius: 4px; font: inherit; }
.agent-link { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.agent-link code { padding: 6px 8px; border-radius: 4px; background: var(--lobby-muted-surface, #f3f5f9); overflow-wrap: anywhere; }
.agent-table { width: 100%; border-collapse: collapse; }
.agent-table th, .agent-table td { padding: 8px; border-top: 1px solid var(--lobby-border, #d0d4dc); text-align: left; }
.agent-table-scroll { overflow-x: auto; }
.agent-table[data-statements] td { font-variant-numeric: tabular-nums; }
.agent-rate { color: var(--lobby-muted, #4a5160); font-size: .85rem; }
.agent-corrections { list-style: none; margin: 0; padding: 0; font-size: .9rem; }
.agent-tiers { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 8px; }
.agent-tiers li { padding: 8px 12px; border-radius: 6px; border: 1px solid var(--lobby-border, #d0d4dc); }
.agent-tiers li[data-reached="true"] { border-color: #1b7f3a; }
.agent-note { padding: 12px; border-radius: 6px; background: #fff4d6; color: #4d3800; }
.agent-contacts { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.agent-actions { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.agent-page .activity-terms { white-space: pre-line; }
`;

let installed = false;

/** Adopts the agent pages' stylesheet once (a constructed sheet: allowed by the strict CSP). */
export function installAgentStyles(): void {
  if (installed || typeof document === 'undefined' || typeof CSSStyleSheet === 'undefined') return;
  installed = true;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(AGENT_CSS);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
