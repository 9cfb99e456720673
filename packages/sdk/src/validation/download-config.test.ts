import { describe, expect, it } from 'vitest';
import { DOWNLOAD_SDK_ALERT, validateDownloadConfig } from '@lobby/sdk';

const onready = () => undefined;

describe('download SDK config (spec sections 5 and 8)', () => {
  it('accepts a good config and fills the flags', () => {
    expect(validateDownloadConfig({ appKey: 'k1', onready })).toEqual({ ok: true, value: { appKey: 'k1', onready, isPostParams: false, downloadable: true } });
    expect(validateDownloadConfig({ appKey: 'k1', onready, isPostParams: true, downloadable: false }).ok).toBe(true);
  });

  it('answers the Chinese alert of each failure', () => {
    expect(validateDownloadConfig({ onready })).toEqual({ ok: false, error: DOWNLOAD_SDK_ALERT.appKeyMissing });
    expect(validateDownloadConfig(undefined)).toEqual({ ok: false, error: DOWNLOAD_SDK_ALERT.appKeyMissing });
    expect(validateDownloadConfig({ appKey: 42, onready })).toEqual({ ok: false, error: DOWNLOAD_SDK_ALERT.appKeyNotString });
    expect(validateDownloadConfig({ appKey: 'k', onready: 'x' })).toEqual({ ok: false, error: DOWNLOAD_SDK_ALERT.onreadyNotFunction });
    expect(validateDownloadConfig({ appKey: 'k' })).toEqual({ ok: false, error: DOWNLOAD_SDK_ALERT.onreadyNotFunction });
    expect(validateDownloadConfig({ appKey: 'k', onready, isPostParams: 'yes' })).toEqual({ ok: false, error: DOWNLOAD_SDK_ALERT.isPostParamsNotBoolean });
    expect(validateDownloadConfig({ appKey: 'k', onready, downloadable: 1 })).toEqual({ ok: false, error: DOWNLOAD_SDK_ALERT.downloadableNotBoolean });
  });

  it('the alerts are Chinese text', () => {
    for (const alert of Object.values(DOWNLOAD_SDK_ALERT)) expect(alert).toMatch(/[\u4e00-\u9fff]/);
  });
});
