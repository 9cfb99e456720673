/** The block's styles, adopted as a constructable stylesheet (no inline style). */
export const APP_DOWNLOAD_STYLES = `
:host{display:block}
.clients{display:flex;flex-wrap:wrap;gap:12px;margin:0;padding:0;list-style:none}
.client{position:relative}
.client a,.client .off,.client .label{display:inline-block;padding:10px 16px;border-radius:6px;background:#1f2329;color:#fff;text-decoration:none}
.client .off{background:#5c6570;cursor:not-allowed}
.pop{display:none;position:absolute;left:50%;top:100%;z-index:var(--lobby-z-index,10);transform:translateX(-50%);margin-top:8px;padding:8px;border-radius:6px;background:#fff;color:#1f2329;text-align:center;box-shadow:0 4px 16px rgba(0,0,0,.2)}
.app:hover .pop,.app:focus-within .pop{display:block}
.pop span{display:block;font-size:12px;white-space:nowrap}
.qr{display:block}
`;
