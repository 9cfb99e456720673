/** The chat box's stylesheet (adopted, CSP-safe). Height from --lobby-chat-height. */
export const CHAT_BOX_STYLES = `
:host{display:block}
.box{display:flex;flex-direction:column;height:var(--lobby-chat-height,420px);border:1px solid #e5e6eb;border-radius:8px;background:#fff;overflow:hidden}
.head{display:flex;justify-content:space-between;align-items:center;padding:8px 12px;border-bottom:1px solid #f0f0f0;font-weight:600}
.status{font-weight:400;font-size:12px;color:#5c6570}
.status[data-status=online]{color:#007a1c}
.status[data-status=reconnecting]{color:#a34d00}
.pinned,.welcome{padding:6px 12px;font-size:12px;background:#f7f8fa;border-bottom:1px solid #f0f0f0}
.list{flex:1;overflow-y:auto;padding:4px 12px}
.block{content-visibility:auto;contain-intrinsic-size:auto 600px}
.entry{padding:4px 0;word-break:break-word;white-space:pre-wrap}
.entry .nick{color:#0958d9;margin-right:6px}
.entry[data-kind=gift],.entry[data-kind=order],.entry[data-kind=activity]{color:#d4380d}
.tag{font-size:11px;border:1px solid currentColor;border-radius:3px;padding:0 3px;margin-right:4px}
.follow{margin-left:6px;font-size:11px;border:1px solid currentColor;border-radius:3px;background:none;color:#b7320a;padding:0 4px}
.tools{display:inline-flex;gap:4px;margin-left:6px}
.tools button,.link{font-size:11px;border:0;background:none;color:#5c6570;padding:0}
.banner{padding:8px 12px;background:#fff1f0;color:#cf1322;font-size:12px}
.composer{display:flex;gap:6px;padding:8px;border-top:1px solid #f0f0f0;align-items:center}
.composer input{flex:1;min-width:0;padding:6px 8px;border:1px solid #e5e6eb;border-radius:4px}
.count{font-size:12px;color:#5c6570}
.count[data-over]{color:#cf1322}
.composer button,.prompt button{padding:6px 12px;border:0;border-radius:4px;background:#0958d9;color:#fff}
.prompt{display:flex;justify-content:space-between;align-items:center;padding:8px 12px;border-top:1px solid #f0f0f0}
.error{color:#cf1322;font-size:12px;padding:0 12px 6px}
.admin{padding:6px 12px;border-top:1px solid #f0f0f0;font-size:12px}
.admin form{display:flex;gap:4px;margin:4px 0}
.admin input{flex:1;min-width:0}
.admin label{display:flex;align-items:center;gap:2px}
.admin input[type=checkbox]{flex:none}
.empty{color:#5c6570;text-align:center;padding:24px 0}
`;
