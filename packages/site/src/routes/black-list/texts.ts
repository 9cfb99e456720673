import { defineTexts } from '@lobby/sdk';

/** The /blackList page's own texts (docs/PROMOTIONS.md "Interception"). */
export const blackListTexts = defineTexts(
  {
    visitor: '登录后即可参加活动。',
    excluded: '您的账户暂不能参加活动，如有疑问请联系客服。',
  },
  {
    visitor: 'Log in to take part in promotions.',
    excluded: 'Your account cannot take part in promotions at the moment. Please contact support if you have questions.',
  },
);
