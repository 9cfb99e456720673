import { describe, expect, it } from 'vitest';
import { QR_CODE_SIZE, qrPath } from './qr-code.js';

describe('lobby-app-download', () => {
  it('draws the QR code as one path: finder patterns in the corners, inside a quiet zone of 2', () => {
    const { path, modules } = qrPath('https://downloads.lobby.example/app/lobby-3.4.0.apk');
    expect(QR_CODE_SIZE).toBe(106);
    expect((modules - 4 - 17) % 4).toBe(0); // 17 + 4 x version modules, plus the border
    for (const corner of [[2, 2], [modules - 3, 2], [2, modules - 3]]) expect(path).toContain(`M${corner[0]} ${corner[1]}h1v1h-1z`);
    expect(path).not.toContain('M0 0h1');
    expect(qrPath('https://dl.example/other.apk').path).not.toBe(path);
  });

  it('every entry of the download story loads in Node without touching window', async () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    await expect(import('./entry.js')).resolves.toHaveProperty('AppDownloadElement');
    await expect(import('../download-sdk/entry.js')).resolves.toBeDefined();
    await expect(import('../download-forge/entry.js')).resolves.toBeDefined();
  });
});
