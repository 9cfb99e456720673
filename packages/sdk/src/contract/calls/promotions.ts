import { defineCall } from '../call.js';
import { s } from '../schema.js';

/**
 * Promotion calls of spec section 7 ("Site: float windows (displayEquipment 8)"), served
 * under /site/. Float windows are public: a visitor sees them too (spec section 6).
 */

/** Spec section 9: the web client asks for display equipment 8. */
export const FLOAT_WINDOW_DISPLAY_EQUIPMENT_WEB = 8;
/** Spec section 9: the carousel loops every 3 s unless the list config says otherwise. */
export const FLOAT_WINDOW_TIME_DEFAULT_S = 3;
/** Spec section 3: jumpType 1 web link, 2 activity. */
export const FLOAT_WINDOW_JUMP = { webLink: 1, activity: 2 } as const;
/** Spec section 3: linkType 1 internal route, 2 new window. */
export const FLOAT_WINDOW_LINK = { internalRoute: 1, newWindow: 2 } as const;

/** Spec section 3, "Float window item". */
export const FloatWindowItem = s.object({
  id: s.integer(),
  webSuspensionIcon: s.string({ description: 'Image URL (or data: URL) of the promo' }),
  jumpType: s.integer({ minimum: 1, maximum: 2, description: '1 web link, 2 activity' }),
  activityId: s.nullable(s.integer()),
  activityType: s.nullable(s.string()),
  webLink: s.string({ description: 'Where a web link goes: a site route (linkType 1) or an absolute URL (linkType 2)' }),
  linkType: s.integer({ minimum: 1, maximum: 2, description: '1 internal route, 2 new window' }),
});

/** Spec section 3, float window list config: list, closeable, time (seconds). */
export const FloatWindowList = s.object({
  list: s.array(FloatWindowItem),
  closeable: s.boolean({ description: 'Shows a close button (default on)' }),
  time: s.integer({ minimum: 1, maximum: 60, description: 'Carousel loop in seconds (default 3)' }),
});

export const FloatWindowsRequest = s.object({
  displayEquipment: s.integer({ minimum: 1, maximum: 99, description: 'Spec section 9: 8 for the web' }),
});

/** The brand's float windows for a display equipment, in display order. */
export const floatWindows = defineCall({
  name: 'floatWindows',
  group: 'site',
  path: '/site/v1/float_windows',
  style: 'json',
  auth: 'none',
  summary: 'Float window promos and their carousel config (displayEquipment 8 for the web)',
  request: FloatWindowsRequest,
  response: FloatWindowList,
});
