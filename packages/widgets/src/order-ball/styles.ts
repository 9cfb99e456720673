import { BALL_SIZE_PX } from './canvas.js';

export const ORDER_BALL_STYLES = `
:host{display:block;width:0;height:0}
.ball{position:fixed;z-index:var(--lobby-z-index,2147483000);width:${BALL_SIZE_PX}px;height:${BALL_SIZE_PX}px;padding:0;border:0;border-radius:50%;background:none;touch-action:none;user-select:none;cursor:grab}
canvas{display:block;width:${BALL_SIZE_PX}px;height:${BALL_SIZE_PX}px;pointer-events:none}
.prompt{width:380px;max-width:calc(100vw - 32px);border:0;border-radius:12px;padding:24px}
.prompt::backdrop{background:#0007}
.prompt h2{margin:0 0 10px;font-size:18px}
.actions{display:flex;gap:12px;justify-content:flex-end;margin-top:16px}
.actions button{padding:8px 16px;border-radius:18px;border:1px solid #ccc;background:#fff}
.actions .primary{border:0;background:#0958d9;color:#fff}
`;
