import { describe, expect, it } from 'vitest';
import { robotCheckPath } from './robot-check.js';

describe('robotCheckPath', () => {
  it('names the image check and the brand afs and anji types', () => {
    const loginCaptcha = { login_verify_trigger_times: 3, fast_register_verify: false, control_imgcode_afs_type: 2, control_imgcode_anji_type: 7 };
    expect(robotCheckPath({ loginCaptcha })).toBe('/robot-check/image/2/7');
    expect(robotCheckPath(null)).toBe('/robot-check/image/0/0');
  });
});
