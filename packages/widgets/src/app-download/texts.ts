import { defineTexts, translator } from '@lobby/sdk';

/** Texts of the client-download block (spec section 2). */
export const texts = defineTexts(
  {
    title: '客户端下载',
    windows: 'Windows 客户端',
    mac: 'Mac 客户端',
    android: 'Android 客户端',
    app: '手机 App',
    scan: '扫码下载手机 App',
    unavailable: '暂未开放',
  },
  {
    title: 'Download the clients',
    windows: 'Windows client',
    mac: 'Mac client',
    android: 'Android client',
    app: 'Mobile app',
    scan: 'Scan to get the mobile app',
    unavailable: 'Not available yet',
  },
);

export const text = translator(texts);
