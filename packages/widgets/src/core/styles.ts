/**
 * Styles every widget adopts first. The host sets nothing on the page; z-index comes from
 * `--lobby-z-index` so a partner can place floating widgets above or below its own.
 * Everything renders inside `.lobby-root` (LobbyElement), which resets what the element
 * would inherit from the page (`all: initial`; `direction` is outside `all`) and sets the
 * widget's own font, colour and direction: a host rule such as
 * `lobby-coin-purchase { all: unset !important }` or a page font changes nothing inside.
 * Only `visibility` is inherited, so a host can still hide a widget.
 */
export const BASE_STYLES = `
:host([hidden]){display:none}
.lobby-root{all:initial;display:contents;visibility:inherit;direction:ltr;font:14px/1.5 system-ui,-apple-system,"Segoe UI","PingFang SC","Microsoft YaHei",sans-serif;color:#1f2329}
*,*::before,*::after{box-sizing:border-box}
[hidden]{display:none!important}
button{font:inherit;cursor:pointer}
button:disabled{cursor:not-allowed}
:focus-visible{outline:2px solid #1677ff;outline-offset:2px}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (prefers-reduced-motion:reduce){*,*::before,*::after{transition:none!important;animation:none!important}}
`;
