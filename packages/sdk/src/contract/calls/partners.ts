import { defineCall } from '../call.js';
import { INT4_MAX, s } from '../schema.js';

/**
 * The operator API for partner origins (issue 17; docs/DECISIONS.md, "Partner origins
 * (CORS)"): the origins whose pages may make a brand's partner calls from the browser.
 * An origin is `scheme://host[:port]`, http or https, without path; never a wildcard.
 */

const siteId = s.integer({ minimum: 1, maximum: INT4_MAX });
const origin = s.string({ minLength: 1, maxLength: 255, description: 'scheme://host[:port], e.g. https://partner.example' });

/** One partner origin of a brand, as an operator added it. */
const PartnerOrigin = s.object({
  origin: s.string(),
  addedBy: s.string(),
  addedAt: s.string({ description: 'ISO 8601 time' }),
});

/** A brand's partner origins, and the deployment's own (LOBBY_PARTNER_ORIGINS, every brand). */
export const opsPartnerOriginList = defineCall({
  name: 'opsPartnerOriginList',
  group: 'operator',
  path: '/ops/v1/partner_origins',
  style: 'json',
  auth: 'operator',
  summary: "Operator: list a brand's partner origins (CORS)",
  request: s.object({ siteId }),
  response: s.object({
    siteId: s.integer(),
    list: s.array(PartnerOrigin),
    deploymentOrigins: s.array(s.string(), { description: 'LOBBY_PARTNER_ORIGINS: allowed for every brand, set at start' }),
  }),
});

/** Adds a partner origin to a brand; adding one already there changes nothing (`added: false`). */
export const opsPartnerOriginAdd = defineCall({
  name: 'opsPartnerOriginAdd',
  group: 'operator',
  path: '/ops/v1/partner_origins/add',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: allow an origin to embed the widgets of a brand (CORS)',
  request: s.object({ siteId, origin }),
  response: s.object({ siteId: s.integer(), origin: s.string(), added: s.boolean() }),
});

/** Removes a partner origin from a brand; removing one not there changes nothing (`removed: false`). */
export const opsPartnerOriginRemove = defineCall({
  name: 'opsPartnerOriginRemove',
  group: 'operator',
  path: '/ops/v1/partner_origins/remove',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: stop allowing an origin for a brand (CORS)',
  request: s.object({ siteId, origin }),
  response: s.object({ siteId: s.integer(), origin: s.string(), removed: s.boolean() }),
});
