import { PAY_TYPE, fromMinor } from '@lobby/sdk';
import { joinedTransaction, type Database, type Queryable } from '../db/database.js';
import { openDeposit } from '../orders/deposit/deposit-open.js';
import { handleCallback } from '../payments/callbacks.js';
import { SandboxPaymentProvider } from '../payments/sandbox-payment-provider.js';

/**
 * Credits a seeded member through a real sandbox deposit (issue 3, item 10): a deposit
 * order is opened like depositPay does, the sandbox provider settles it with a signed
 * callback, and the callback handler credits the centre wallet, all inside the seed's
 * transaction. Answers the order's bill number.
 *
 * @example await seedSandboxDeposit(db, tx, demoId, 4, DEMO_OPENING_BALANCE_MINOR);
 */
export async function seedSandboxDeposit(db: Database, tx: Queryable, memberId: number, siteId: number, amountMinor: number): Promise<string> {
  const clock = { now: () => Date.now() };
  const sandbox = new SandboxPaymentProvider({ clock });
  const joined = joinedTransaction(tx, db.kind);
  sandbox.connect(async (rawBody, headers) => ({ httpStatus: 200, result: await handleCallback(joined, sandbox, rawBody, headers, clock.now()) }));
  const input = { memberId, siteId, payTypeId: PAY_TYPE.bigRecharge /* no discount */, amount: fromMinor(amountMinor, 2), depositorName: '' };
  const order = await openDeposit(tx, input, (name) => (name === sandbox.name ? sandbox : undefined), clock.now());
  const [delivery] = await sandbox.settle({ billNo: order.bill_no, providerRef: order.provider_ref!, amountMinor }, 'paid');
  if (delivery?.result !== 'applied') throw new Error(`seed deposit ${order.bill_no}: the sandbox callback was ${delivery?.result}`);
  return order.bill_no;
}
