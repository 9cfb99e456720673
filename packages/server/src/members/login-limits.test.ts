import { describe, expect, it, vi } from 'vitest';
import { CODE, captchaImage, md5Hex, registerV4, webLogin } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';
import type { SandboxCaptcha } from '../captcha/sandbox-captcha.js';
import { LOGIN_FAILURES_PER_NAME_AND_IP_MAX } from './login-guard.js';
import type * as passwordModule from './password.js';

/**
 * Counts the passwords checked, and holds the wrong ones in the check while `held` is set,
 * so a test can send the right password while wrong ones are still being checked.
 */
const checks = vi.hoisted(() => ({ count: 0, rightMd5: '', held: undefined as Promise<void> | undefined }));
vi.mock('./password.js', async (importOriginal) => {
  const real = await importOriginal<typeof passwordModule>();
  return {
    ...real,
    verifyPassword: async (passwordMd5: string, stored: string) => {
      checks.count += 1;
      if (passwordMd5 !== checks.rightMd5) await checks.held;
      return real.verifyPassword(passwordMd5, stored);
    },
  };
});

/** The demo brand (site 4) asks for a captcha after 3 failures for a name. */
const CAPTCHA_AFTER = 3;
const pw = (text: string) => md5Hex(text);

async function until(condition: () => boolean): Promise<void> {
  for (let waitedMs = 0; !condition(); waitedMs += 5) {
    if (waitedMs > 20_000) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe.each(testEngines())('login limits under concurrency on %s', (engine) => {
  const suite = serverSuite(engine);

  const register = async (name: string, ip: string) => {
    const { body } = await suite.call(registerV4, { name, password: pw('right-one') }, { remoteAddress: ip });
    expect(body.code).toBe(0);
  };
  const solvedCaptcha = async () => {
    const { captchaId } = (await suite.call(captchaImage, {})).body.data;
    return { captchaId, captchaCode: (await (suite.app.lobby.providers.captcha as SandboxCaptcha).answerOf(captchaId))! };
  };
  const login = (name: string, password: string, ip: string, captcha = {}) =>
    suite.call(webLogin, { name, password: pw(password), ...captcha }, { remoteAddress: ip });

  /** Sends the attempts at once; answers how many passwords were checked and the codes. */
  async function burst(attempts: (() => ReturnType<typeof login>)[]): Promise<{ checked: number; codes: number[] }> {
    const before = checks.count;
    const answers = await Promise.all(attempts.map((attempt) => attempt()));
    return { checked: checks.count - before, codes: answers.map((answer) => answer.body.code) };
  }

  it('checks at most the captcha threshold of 40 wrong passwords sent at once on one name', async () => {
    await register('burst-1', '10.1.0.1');
    const { checked, codes } = await burst(Array.from({ length: 40 }, () => () => login('burst-1', 'nope', '10.1.0.2')));
    console.info(`[${engine.name}] 40 concurrent wrong passwords, one address, no captcha: ${checked} checked (limit ${CAPTCHA_AFTER})`);
    expect(checked).toBeLessThanOrEqual(CAPTCHA_AFTER);
    expect(codes.filter((code) => code === CODE.passwordWrong)).toHaveLength(checked);
    // The others are refused before the check: a captcha is due, or the pair's slots are all taken.
    const refused = codes.filter((code) => code === CODE.captchaRequired || code === CODE.tooManyRequests);
    expect(refused).toHaveLength(40 - checked);
  });

  it('checks at most the captcha threshold of 40 wrong passwords on one name from 40 addresses', async () => {
    await register('burst-2', '10.1.1.1');
    const { checked } = await burst(Array.from({ length: 40 }, (_, i) => () => login('burst-2', 'nope', `10.1.2.${i + 1}`)));
    console.info(`[${engine.name}] 40 concurrent wrong passwords, 40 addresses, no captcha: ${checked} checked (limit ${CAPTCHA_AFTER})`);
    expect(checked).toBeLessThanOrEqual(CAPTCHA_AFTER);
  });

  it('checks at most the per-address limit of 40 wrong passwords with right captchas on one name', async () => {
    await register('burst-3', '10.1.3.1');
    const captchas = await Promise.all(Array.from({ length: 40 }, solvedCaptcha));
    const { checked, codes } = await burst(captchas.map((captcha) => () => login('burst-3', 'nope', '10.1.3.2', captcha)));
    console.info(`[${engine.name}] 40 concurrent wrong passwords with captchas, one address: ${checked} checked (limit ${LOGIN_FAILURES_PER_NAME_AND_IP_MAX})`);
    expect(checked).toBeLessThanOrEqual(LOGIN_FAILURES_PER_NAME_AND_IP_MAX);
    expect(codes.filter((code) => code === CODE.tooManyRequests)).toHaveLength(40 - checked);
  });

  it('refuses the right password sent last in a burst once the wrong ones reach the captcha threshold', async () => {
    await register('burst-4', '10.1.4.1');
    checks.rightMd5 = pw('right-one');
    let letGo = () => {};
    checks.held = new Promise((resolve) => (letGo = resolve));
    const before = checks.count;
    const wrong = Array.from({ length: CAPTCHA_AFTER }, () => login('burst-4', 'nope', '10.1.4.2'));
    await until(() => checks.count - before === CAPTCHA_AFTER);
    const right = await login('burst-4', 'right-one', '10.1.4.2');
    letGo();
    checks.held = undefined;
    expect((await Promise.all(wrong)).map((answer) => answer.body.code)).toEqual(Array(CAPTCHA_AFTER).fill(CODE.passwordWrong));
    expect(right.body.code).toBe(CODE.captchaRequired);
  });

  it('lets a member whose name was hammered from other addresses log in from its own, with a captcha', async () => {
    await register('victim-1', '10.1.5.1');
    for (let i = 0; i < 12; i++) {
      expect((await login('victim-1', 'nope', `10.1.6.${i + 1}`, await solvedCaptcha())).body.code).toBe(CODE.passwordWrong);
    }
    expect((await login('victim-1', 'right-one', '10.1.5.1')).body.code).toBe(CODE.captchaRequired);
    expect((await login('victim-1', 'right-one', '10.1.5.1', await solvedCaptcha())).body.code).toBe(0);
  });

  it('locks one name and address pair after 10 failures, not the name from another address', async () => {
    await register('pair-1', '10.1.7.1');
    for (let i = 0; i < LOGIN_FAILURES_PER_NAME_AND_IP_MAX; i++) await login('pair-1', 'nope', '10.1.7.2', await solvedCaptcha());
    expect((await login('pair-1', 'right-one', '10.1.7.2', await solvedCaptcha())).status).toBe(429);
    expect((await login('pair-1', 'right-one', '10.1.7.1', await solvedCaptcha())).body.code).toBe(0);
  });
});
