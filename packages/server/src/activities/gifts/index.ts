/** Gifts (issue 20; docs/GIFTS.md): what other features read. */
export { yebTaskRunning } from './gift-reads.js';
