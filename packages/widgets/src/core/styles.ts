/**
 * Styles every widget adopts first. The host sets nothing on the page; z-index comes from
 * `--lobby-z-index` so a partner can place floating widgets above or below its own.
 */
export const BASE_STYLES = `
:host{box-sizing:border-box;font:14px/1.5 system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#1f2329}
:host([hidden]){display:none}
*,*::before,*::after{box-sizing:inherit}
[hidden]{display:none!important}
button{font:inherit;cursor:pointer}
button:disabled{cursor:not-allowed}
:focus-visible{outline:2px solid #1677ff;outline-offset:2px}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{transition:none!important;animation:none!important}}
`;
