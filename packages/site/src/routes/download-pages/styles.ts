const DOWNLOAD_CSS = `
.download-page { display: flex; flex-direction: column; gap: 16px; max-width: 960px; margin: 0 auto; padding: 24px 16px; }
.download-page h1 { margin: 0; font-size: 1.6rem; }
.download-page h2 { margin: 0 0 8px; font-size: 1.15rem; }
.download-page h3 { margin: 8px 0 4px; font-size: 1rem; }
.download-panel { padding: 16px; border: 1px solid var(--lobby-border, #d0d4dc); border-radius: 8px; background: var(--lobby-surface, #fff); }
.download-table { border-collapse: collapse; }
.download-table th, .download-table td { padding: 8px 16px 8px 0; text-align: left; }
.download-urls { margin: 0; padding-left: 20px; overflow-wrap: anywhere; }
.download-note { padding: 12px; border-radius: 6px; background: #fff4d6; color: #4d3800; }
.download-register { display: flex; gap: 16px; }
`;

let installed = false;

/** Adopts the download pages' stylesheet once (a constructed sheet: allowed by the strict CSP). */
export function installDownloadStyles(): void {
  if (installed || typeof document === 'undefined' || typeof CSSStyleSheet === 'undefined') return;
  installed = true;
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(DOWNLOAD_CSS);
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
}
