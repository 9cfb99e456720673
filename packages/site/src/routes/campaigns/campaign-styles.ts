import { adoptStyles } from '../activities/shared/index.js';

const CAMPAIGN_CSS = `
.campaign-rules { font-weight: 600; }
.campaign-fixtures, .campaign-list { list-style: none; margin: 0; padding: 0; }
.campaign-fixtures li, .campaign-list li { display: flex; flex-wrap: wrap; gap: 10px 16px; align-items: center; padding: 10px 0; border-top: 1px solid var(--lobby-border); }
.campaign-fixtures li:first-child, .campaign-list li:first-child { border-top: 0; }
.campaign-match { min-width: 14rem; font-weight: 600; }
.campaign-picks { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.campaign-picks input { width: 4rem; }
.campaign-state-won { color: #1b5e20; font-weight: 700; }
.campaign-state-lost { color: #8a1c1c; }
.campaign-body { min-height: 100vh; display: flex; flex-direction: column; gap: 16px; }
.campaign-hero { width: 100%; max-width: 640px; height: auto; border-radius: 8px; }
.campaign-clock { font-size: 1.8rem; font-weight: 700; font-variant-numeric: tabular-nums; }
.campaign-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 12px; list-style: none; margin: 0; padding: 0; }
.campaign-cards li { border: 1px solid var(--lobby-border); border-radius: 8px; padding: 12px; display: flex; flex-direction: column; gap: 8px; }
.campaign-cards img { width: 100%; height: auto; border-radius: 6px; }
.shot-goal { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8px; max-width: 480px; padding: 16px; border: 6px solid #fff; border-bottom: 0; background: #2e7d32; border-radius: 6px 6px 0 0; }
.shot-goal .button { min-height: 88px; font-weight: 700; }
.shot-result { font-size: 1.4rem; font-weight: 700; }
.shot-hash { font-family: ui-monospace, monospace; font-size: .75rem; overflow-wrap: anywhere; }
.campaign-table { border-collapse: collapse; }
.campaign-table th, .campaign-table td { padding: 4px 12px; text-align: left; border-bottom: 1px solid var(--lobby-border); }
.landing-page { max-width: 960px; margin: 0 auto; padding: 24px 16px; display: flex; flex-direction: column; gap: 20px; }
`;

let installed = false;

/** Adopts the campaign pages' stylesheet once (a constructed sheet: allowed by the strict CSP). */
export function installCampaignStyles(): void {
  if (installed) return;
  installed = true;
  adoptStyles(CAMPAIGN_CSS);
}
