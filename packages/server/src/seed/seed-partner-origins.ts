import type { Queryable } from '../db/database.js';
import { addPartnerOrigin } from '../partners/partner-origin-repository.js';

/**
 * The examples' partner origins (examples/partner-page, "From another origin"): a copy of
 * the partner page served on port 8080 of this machine may embed the widgets of site 4,
 * one on aurora-partner.localhost:8080 those of site 8 (aurora). An operator adds real
 * partners with `npm run ops -- partner-origins add <origin> --site N`.
 */
export const SEED_PARTNER_ORIGINS: readonly { siteId: number; origin: string }[] = [
  { siteId: 4, origin: 'http://localhost:8080' },
  { siteId: 4, origin: 'http://127.0.0.1:8080' },
  { siteId: 8, origin: 'http://aurora-partner.localhost:8080' },
];

/** Seeds SEED_PARTNER_ORIGINS. */
export async function seedPartnerOrigins(tx: Queryable): Promise<void> {
  for (const { siteId, origin } of SEED_PARTNER_ORIGINS) await addPartnerOrigin(tx, siteId, origin, 'seed');
}
