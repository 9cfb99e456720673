import type { Migration } from '../migrate.js';

/** Every migration, in id order. Add new ones here. */
export const migrations: readonly Migration[] = [];
