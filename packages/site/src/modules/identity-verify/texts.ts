import { defineTexts } from '@lobby/sdk';

/** The ID card check's texts (zh-CN and en). */
export const identityVerifyTexts = defineTexts(
  {
    title: '实名认证',
    verified: '身份已认证',
    notVerified: '身份证尚未认证。部分站点在提现或绑定银行卡前要求完成认证。',
    realName: '真实姓名',
    idCardNo: '身份证号码',
    submit: '提交认证',
    sending: '正在认证…',
    attemptsLeft: '今日还可认证 {count} 次',
    nameProblem: '请输入 2 至 30 个字的真实姓名',
    idCardProblem: '请输入 18 位身份证号码（最后一位可为 X）',
  },
  {
    title: 'Identity verification',
    verified: 'Your identity is verified',
    notVerified: 'Your ID card is not verified yet. Some sites ask for it before a withdrawal or a bank card bind.',
    realName: 'Real name',
    idCardNo: 'ID card number',
    submit: 'Verify',
    sending: 'Verifying…',
    attemptsLeft: '{count} checks left today',
    nameProblem: 'Enter your real name, 2 to 30 characters',
    idCardProblem: 'Enter an 18-character ID card number (the last may be X)',
  },
);
