import { PICTURE_STYLES } from '../core/picture.js';

export const FLOAT_WINDOW_STYLES = `
:host{display:block;width:0;height:0}
.window{position:fixed;z-index:var(--lobby-z-index,2147483000);width:180px;touch-action:none;user-select:none;cursor:grab}
.slide{display:block;padding:0;border:0;background:none;width:180px;height:180px;cursor:pointer}
img{display:block;width:100%;height:100%;object-fit:contain;pointer-events:none;-webkit-user-drag:none}
.close{position:absolute;top:-10px;right:-10px;width:26px;height:26px;border:0;border-radius:50%;background:#000a;color:#fff;font-size:16px;line-height:26px;padding:0}
.dots{display:flex;justify-content:center;gap:6px;margin-top:6px}
.dots span{width:6px;height:6px;border-radius:50%;background:#0003}
.dots .on{background:#f5a623}
.slide img{transition:opacity .3s}
${PICTURE_STYLES}`;
