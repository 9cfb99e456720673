import { TOAST_STYLES } from '../core/toast.js';

/** Spec section 9: the coin modal is 550 px wide. */
export const COIN_MODAL_WIDTH_PX = 550;

const accent = '#f5a623';

export const COIN_PURCHASE_STYLES = `
:host{display:inline-block}
button{border:0;border-radius:20px;padding:10px 18px;background:${accent};color:#1f1300}
dialog{width:${COIN_MODAL_WIDTH_PX}px;max-width:calc(100vw - 32px);border:0;border-radius:12px;padding:24px}
dialog::backdrop{background:#0007}
.confirm{width:420px}
header,.balances,.actions,.field,.loading{display:flex;justify-content:space-between;align-items:center;gap:10px}
h2{margin:0;font-size:20px}
.close{background:none;color:#666;font-size:24px;padding:4px 8px}
.quick{display:grid;grid-template-columns:repeat(3,1fr);gap:10px;margin:12px 0}
.quick button,.secondary{border:1px solid #ccc;border-radius:8px;background:#fff;color:#333;font-size:16px}
.quick [aria-pressed=true]{border-color:${accent};background:#fff7e6;color:#8a5200}
.field{border:1px solid #ccc;border-radius:8px;padding:0 12px;font-size:18px}
.field:focus-within{border-color:#1677ff}
input{flex:1;border:0;font:inherit;padding:10px 0;outline:0;min-width:0}
.limit,.bubble{color:#a8071a}
.bubble{background:#fff1f0;border-radius:6px;padding:6px 10px}
.coins{color:#8a5200}
.buy,.actions button{width:100%;font-size:16px}
.buy:disabled{background:#ccc;color:#555}
.spinner{width:16px;height:16px;border:2px solid ${accent};border-right-color:#0000;border-radius:50%;animation:spin .8s linear infinite}
@keyframes spin{to{transform:rotate(1turn)}}
${TOAST_STYLES}
`;
