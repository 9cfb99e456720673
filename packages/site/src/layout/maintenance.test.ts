import { describe, expect, it } from 'vitest';
import { mustShowMaintenance } from './maintenance.js';

describe('mustShowMaintenance', () => {
  const window = { start: 1000, end: 2000 };
  it('sends visitors to the maintenance page only inside the window', () => {
    expect(mustShowMaintenance(window, '/app/home', 1500)).toBe(true);
    expect(mustShowMaintenance(window, '/app/home', 999)).toBe(false);
    expect(mustShowMaintenance(window, '/app/home', 2000)).toBe(false);
    expect(mustShowMaintenance(null, '/app/home', 1500)).toBe(false);
  });

  it('leaves the maintenance pages alone', () => {
    expect(mustShowMaintenance(window, '/maintenance', 1500)).toBe(false);
    expect(mustShowMaintenance(window, '/app/maintenance', 1500)).toBe(false);
  });
});
