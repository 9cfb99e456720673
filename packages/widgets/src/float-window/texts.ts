import { createTexts } from '../core/texts.js';

export const text = createTexts({
  'zh-CN': { region: '活动推荐', slide: '第 {n} 个，共 {count} 个', close: '关闭活动浮窗', promo: '查看活动 {n}', promoName: '活动 {n}', moveHint: '方向键可移动' },
  en: { region: 'Promotions', slide: '{n} of {count}', close: 'Close promotions', promo: 'Open promotion {n}', promoName: 'Promotion {n}', moveHint: 'Arrow keys move it' },
});
