import { defineCall } from '../call.js';
import { SiteBaseConfig } from '../entities.js';
import { s } from '../schema.js';

/** The brand's base config; called without the auth token (spec section 6). */
export const siteBaseConfig = defineCall({
  name: 'siteBaseConfig',
  group: 'site',
  path: '/site/v1/base_config',
  style: 'query',
  auth: 'none',
  summary: 'Site base config of the brand selected by x-site-id',
  request: s.empty(),
  response: SiteBaseConfig,
});
