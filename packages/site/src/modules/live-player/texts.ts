import { defineTexts } from '@lobby/sdk';

/** The live player's texts (issue 19; docs/LIVE-VIDEO.md). */
export const livePlayerTexts = defineTexts(
  {
    video: '{title} 直播',
    delayed: '直播画面约有 {seconds} 秒延迟。',
    delayedSome: '直播画面有几秒延迟。',
    loading: '正在连接直播…',
    switching: '线路异常，正在切换到另一条线路…',
    failed: '直播暂时无法播放，请稍后重试。',
    offline: '主播暂未开播。',
    retry: '重新连接',
  },
  {
    video: '{title} live',
    delayed: 'Live video is delayed by about {seconds} seconds.',
    delayedSome: 'Live video is delayed by a few seconds.',
    loading: 'Connecting to the live stream…',
    switching: 'This line failed; switching to the other line…',
    failed: 'The live stream cannot be played right now. Please try again later.',
    offline: 'The anchor is not live now.',
    retry: 'Reconnect',
  },
);
