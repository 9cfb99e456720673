import { defineTexts, translator } from '@lobby/sdk';

export const texts = defineTexts(
  { region: '活动推荐', slide: '第 {n} 个，共 {count} 个', close: '关闭活动浮窗', promo: '查看活动 {n}', promoName: '活动 {n}', moveHint: '方向键可移动' },
  { region: 'Promotions', slide: '{n} of {count}', close: 'Close promotions', promo: 'Open promotion {n}', promoName: 'Promotion {n}', moveHint: 'Arrow keys move it' },
);

export const text = translator(texts);
