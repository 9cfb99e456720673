import { describe, expect, it } from 'vitest';
import { venueTypeOf } from './route.js';

describe('venue routes', () => {
  it('list the venue type of their path', () => {
    expect(venueTypeOf('/app/sport')).toBe('ty');
    expect(venueTypeOf('/app/realbet')).toBe('zr');
    expect(venueTypeOf('/app/lottery')).toBe('cp');
    expect(venueTypeOf('/app/chessGame')).toBe('qp');
    expect(venueTypeOf('/app/fishing/1')).toBe('by');
    expect(venueTypeOf('/app/egame/7')).toBe('dz');
    expect(venueTypeOf('/app/gaming')).toBe('dj');
    expect(venueTypeOf('/app/venuesSport/1')).toBeNull();
    expect(venueTypeOf('/app/home')).toBeNull();
  });
});
