import { defineTexts } from '@lobby/sdk';

/** The breakout page's texts (zh-CN and en). */
export const breakoutTexts = defineTexts(
  {
    barrier0: '未开始',
    barrier1: '进行中',
    barrier2: '已结束',
    points: '{name}：{points}',
    earn_turnover: '每 {money} 元有效投注得 1 积分',
    earn_deposit: '每 {money} 元存款得 1 积分',
    step: '第 {n} 步：{points} 积分，奖金 {money} 元',
    receive: '领取',
    received: '已领取',
    notReached: '未达成',
    paid: '领取成功：{money} 元',
    logIn: '登录后即可闯关',
    pool: '奖池 {id}',
    loading: '正在加载关卡…',
  },
  {
    barrier0: 'Not started',
    barrier1: 'Started',
    barrier2: 'Ended',
    points: '{name}: {points}',
    earn_turnover: 'One point per {money} yuan of valid bets',
    earn_deposit: 'One point per {money} yuan deposited',
    step: 'Step {n}: {points} points, prize {money} yuan',
    receive: 'Receive',
    received: 'Received',
    notReached: 'Not reached',
    paid: 'Received: {money} yuan',
    logIn: 'Log in to take part',
    pool: 'Prize pool {id}',
    loading: 'Loading the barriers…',
  },
);
