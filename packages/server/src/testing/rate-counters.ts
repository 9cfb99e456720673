import { CODE } from '@lobby/sdk';
import { expect } from 'vitest';
import type { Queryable } from '../db/database.js';

/**
 * Sets the hits of a rate counter (http/rate-limit.ts) in the window holding `nowMs`, so a
 * test reaches a limit without making every call first.
 *
 * @example await setRateHits(suite.db, 'shot-demo:ip:10.0.0.1', 3_600_000, suite.clock.now(), 240);
 */
export async function setRateHits(db: Queryable, key: string, windowMs: number, nowMs: number, hits: number): Promise<void> {
  const start = Math.floor(nowMs / windowMs) * windowMs;
  await db.query(
    `INSERT INTO rate_counters (key, window_start, window_end, hits) VALUES ($1, to_timestamp($2 / 1000.0), to_timestamp($3 / 1000.0), $4)
     ON CONFLICT (key, window_start) DO UPDATE SET hits = EXCLUDED.hits`,
    [key, start, start + windowMs, hits],
  );
}

/** A call limited per device and per client address in hourly windows (http/rate-limit.ts), as a test drives it. */
export interface HourlyDeviceAndAddressLimit {
  db: Queryable;
  clock: { now(): number; advance(ms: number): void };
  /** One call as `deviceId` from `remoteAddress`; its envelope. */
  send(deviceId: string, remoteAddress: string): Promise<{ body: { code: number; msg: string } }>;
  /** What the call writes, counted: a refused call leaves it as it was. */
  written(): Promise<number>;
  limits: { device: number; ip: number };
  /** The words after the device limit in the refusal's message, e.g. 'practice shots an hour'. */
  message: string;
  /** The rate counter of an address, e.g. (ip) => `shot-demo:ip:${ip}`. */
  addressKey(ip: string): string;
  /** Three addresses `<net>1` to `<net>3` and three devices `<devices>1` to `<devices>3` nobody else uses. */
  net: string;
  devices: string;
}

/**
 * Asserts a call's hourly limits: a device's calls up to its limit answered, the next refused
 * tooManyRequests (naming the limit) from any address and writing nothing; another device on
 * the address answered; a fresh device on an address at its limit refused; the next hour open.
 */
export async function expectHourlyDeviceAndAddressLimits(limit: HourlyDeviceAndAddressLimit): Promise<void> {
  const { send, devices, net } = limit;
  for (let n = 0; n < limit.limits.device; n += 1) expect((await send(`${devices}1`, `${net}1`)).body.code).toBe(0);
  const before = await limit.written();
  const refused = await send(`${devices}1`, `${net}1`);
  expect(refused.body).toMatchObject({ code: CODE.tooManyRequests });
  expect(refused.body.msg).toContain(`${limit.limits.device} ${limit.message}`);
  expect((await send(`${devices}1`, `${net}2`)).body.code).toBe(CODE.tooManyRequests); // the device, from another address
  expect(await limit.written()).toBe(before);
  expect((await send(`${devices}2`, `${net}1`)).body.code).toBe(0); // another device on the address
  await setRateHits(limit.db, limit.addressKey(`${net}3`), HOUR_MS, limit.clock.now(), limit.limits.ip);
  expect((await send(`${devices}3`, `${net}3`)).body.code).toBe(CODE.tooManyRequests); // a fresh device on a busy address
  limit.clock.advance(HOUR_MS);
  expect((await send(`${devices}1`, `${net}1`)).body.code).toBe(0); // the next hour
}

const HOUR_MS = 3_600_000;
