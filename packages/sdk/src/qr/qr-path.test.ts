import { describe, expect, it } from 'vitest';
import { qrPath } from './qr-path.js';

describe('qrPath', () => {
  it('draws finder patterns in three corners inside a quiet zone of 2, and differs by text', () => {
    const address = 'TUWfXgg2Hsruxdzz5MM2iX9a9PU8LQnfyj';
    const { path, modules } = qrPath(address);
    expect((modules - 4 - 17) % 4).toBe(0);
    for (const [x, y] of [[2, 2], [modules - 3, 2], [2, modules - 3]]) expect(path).toContain(`M${x} ${y}h1v1h-1z`);
    expect(path).not.toContain('M0 0h1');
    // No finder pattern in the fourth corner.
    expect(path).not.toContain(`M${modules - 3} ${modules - 3}h1v1h-1zM${modules - 2}`);
    expect(qrPath('0xCb654DaC36d50b964f5C73c2d26486CA3Ff65607').path).not.toBe(path);
  });
});
