import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createClient,
  depositPay,
  loginPayload,
  md5Hex,
  walletBalance,
  webLogin,
  withdrawOrderInfo,
  withdrawPasswordSet,
  withdrawalConfirm,
  withdrawalRequest,
  type ApiClient,
} from '@lobby/sdk';
import { repoRoot, type RunningServer } from './support/server.js';
import { serverSuite } from './support/suite.js';

/** Runs `npm run ops -- <args>` (scripts/ops.mjs) against the server; answers exit code and output. */
function ops(server: RunningServer, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repoRoot, 'scripts/ops.mjs'), ...args, '--url', server.url], { cwd: repoRoot, env: { ...process.env, LOBBY_OPERATOR_TOKEN: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/**
 * Orders on the built product over real HTTP: a member deposits and withdraws, and the
 * operator drives the orders with `npm run ops`, the sandbox provider confirming the
 * deposit through its signed callback (sent twice, credited once).
 */
describe('orders and the operator CLI on the built server', () => {
  // The first start of the product: it migrates, seeds and prints the demo login and token.
  const { server } = serverSuite({}, { fresh: true });
  let client: ApiClient;
  beforeAll(async () => {
    let token: string | null = null;
    client = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token });
    token = (await client.call(webLogin, loginPayload('demo', 'demo1234'))).token;
  });

  it('prints the demo operator token at the first start, and the CLI refuses a wrong token', async () => {
    expect(server.output()).toMatch(/operator token \(npm run ops\): "lobby-demo-operator-token"/);
    expect((await ops(server, 'whoami')).stdout).toMatch(/"name": "ops"/);
    const refused = await ops(server, 'whoami', '--token', 'x'.repeat(32));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/401020 operatorOnly/);
  });

  it('credits a deposit once when the sandbox sends its callback twice', async () => {
    const before = (await client.call(walletBalance, {})).centerWalletBalance;
    expect(before).toBe(10_000);
    const order = await client.call(depositPay, { payTypeId: '411', amount: 500 }, { idempotencyKey: randomUUID() });
    expect(order.orderState).toBe(101);
    const paid = await ops(server, 'sandbox-pay', order.billNo, '--twice');
    expect(paid.code).toBe(0);
    expect(JSON.parse(paid.stdout).deliveries.map((d: { result: string }) => d.result).sort()).toEqual(['applied', 'duplicate']);
    expect((await client.call(walletBalance, {})).centerWalletBalance).toBe(10_500);
    const again = await ops(server, 'deposit', 'confirm', order.billNo);
    expect([again.code, again.stderr]).toEqual([1, expect.stringMatching(/221002 illegalTransition/)]);
  });

  it('walks a withdrawal through match and pay by CLI to the member confirmation', async () => {
    const pin = md5Hex('112233');
    await client.call(withdrawPasswordSet, { password: pin });
    const order = await client.call(withdrawalRequest, { amount: 200, withdrawType: 0, withdrawPassword: pin, bankName: 'ICBC', bankCard: '6222020200112233' }, { idempotencyKey: randomUUID() });
    expect((await client.call(walletBalance, {})).lockedWalletBalance).toBe(200);
    expect((await ops(server, 'withdrawal', 'match', order.billNo)).code).toBe(0);
    expect((await ops(server, 'withdrawal', 'pay', order.billNo)).code).toBe(0);
    expect((await client.call(withdrawOrderInfo, {}))?.status).toBe(2);
    await client.call(withdrawalConfirm, { billNo: order.billNo });
    const balance = await client.call(walletBalance, {});
    expect([balance.centerWalletBalance, balance.lockedWalletBalance]).toEqual([10_300, 0]);
    const list = JSON.parse((await ops(server, 'list', '--member', 'demo', '--kind', 'withdrawal')).stdout);
    expect(list.list[0]).toMatchObject({ billNo: order.billNo, orderState: 4015, memberName: 'demo' });
  });
});
