import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import {
  ApiError,
  DEFAULT_SITE_ID,
  DEMO_SIGN_KEY,
  HEADER,
  alreadyPaid,
  bindBankCard,
  cancelNormalOrder,
  createClient,
  deleteBankCard,
  depositAppeal,
  depositOrderStatus,
  depositPay,
  eWalletAddressAdd,
  eWalletAddressRemove,
  eWalletWithdraw,
  feedbackList,
  feedbackUpload,
  md5Hex,
  memberBankList,
  messageCount,
  messageDelete,
  messageDeleteAll,
  messageList,
  messageRead,
  messageReadAll,
  opsFeedbackReply,
  opsMessageSend,
  opsSandboxPayment,
  opsWithdrawalMatch,
  opsWithdrawalPay,
  recordDetail,
  registerV4,
  signedHeaders,
  urgeOrder,
  virtualCurrencyDelete,
  virtualCurrencyInsert,
  virtualCurrencyList,
  webFeedback,
  withdrawOrderInfo,
  withdrawPasswordSet,
  withdrawalAppeal,
  withdrawalConfirm,
  withdrawalRequest,
  type AnyCall,
  type ApiClient,
  type CallRequest,
} from '@lobby/sdk';
import { openPage, openWatchedPage } from './support/site.js';
import { browserSuite } from './support/suite.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const PIN = md5Hex('112233');

interface Member {
  name: string;
  token: string;
  client: ApiClient;
}

/** What member B owns; member A tries every one of these ids. */
interface Owned {
  paidBillNo: string;
  pendingBillNo: string;
  withdrawalBillNo: string;
  cardId: number;
  addressId: number;
  eWalletId: number;
  messageIds: number[];
  feedbackId: number;
  imageUrl: string;
}

/** Everything of B that A's attempts must leave as it is. */
async function snapshot(b: Member, owned: Owned) {
  const pending = await b.client.call(depositOrderStatus, { billNo: owned.pendingBillNo });
  const withdrawal = await b.client.call(withdrawOrderInfo, { billNo: owned.withdrawalBillNo });
  return {
    pendingState: pending?.orderState,
    withdrawalState: withdrawal?.orderState,
    cards: (await b.client.call(memberBankList, {})).list.map((card) => card.id),
    addresses: (await b.client.call(virtualCurrencyList, {})).list.map((address) => address.id),
    messages: (await b.client.call(messageList, {})).list.map((message) => [message.id, message.isRead]),
    counts: await b.client.call(messageCount, {}),
    feedback: (await b.client.call(feedbackList, {})).list.map((item) => [item.id, item.content, item.picUrls, item.isReply]),
  };
}

/**
 * Two members in two browser contexts: A tries B's orders, cards, addresses, messages and
 * feedback by every id it can learn or guess, through the signed client and from its own
 * logged-in page; every attempt is refused or finds nothing, and B's data stays as it was.
 */
describe('member isolation', () => {
  const { server, browser } = browserSuite();
  let ops: ApiClient;
  let a: Member;
  let b: Member;
  let owned: Owned;

  async function register(name: string): Promise<Member> {
    let token = '';
    const client = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => token, onTokenInvalid: () => undefined });
    token = (await client.call(registerV4, { name, password: md5Hex('member-pass-1') })).token;
    return { name, token, client };
  }

  async function ownedBy(member: Member): Promise<Owned> {
    const key = () => ({ idempotencyKey: randomUUID() });
    const paid = await member.client.call(depositPay, { payTypeId: '411', amount: 500 }, key());
    await ops.call(opsSandboxPayment, { billNo: paid.billNo, outcome: 'paid' });
    const pending = await member.client.call(depositPay, { payTypeId: '411', amount: 300 }, key());
    await member.client.call(withdrawPasswordSet, { password: PIN });
    const card = await member.client.call(bindBankCard, { type: 0, bankName: 'ICBC', cardNo: '4111111111111111', realName: '张三' });
    const withdrawal = await member.client.call(withdrawalRequest, { amount: 100, withdrawType: 0, withdrawPassword: PIN, bankName: 'ICBC', bankCard: '4111111111111111' }, key());
    await ops.call(opsWithdrawalMatch, { billNo: withdrawal.billNo });
    await ops.call(opsWithdrawalPay, { billNo: withdrawal.billNo });
    const address = await member.client.call(virtualCurrencyInsert, { protocol: 0, address: 'TCs5LhybMnktQFqbJ9fQzP8TduT962UYAQ' });
    const eWallet = await member.client.call(eWalletAddressAdd, { protocol: 3, address: 'ebpay_user01' });
    const messageIds: number[] = [];
    for (const type of [0, 1, 2, 3] as const) {
      messageIds.push((await ops.call(opsMessageSend, { memberName: member.name, type, title: `For ${member.name} only ${type}`, content: 'private' })).id);
    }
    const image = await member.client.call(feedbackUpload, { file: new File([new Uint8Array(PNG)], 'mine.png', { type: 'image/png' }) });
    const feedback = await member.client.call(webFeedback, { type: 1, category: 5, content: `Feedback of ${member.name}`, picUrls: [image.url] });
    return {
      paidBillNo: paid.billNo,
      pendingBillNo: pending.billNo,
      withdrawalBillNo: withdrawal.billNo,
      cardId: card.id,
      addressId: address.id,
      eWalletId: eWallet.id,
      messageIds,
      feedbackId: feedback.id,
      imageUrl: image.url,
    };
  }

  /** Every attempt of A on B's ids: the call and request. */
  function attempts(): [AnyCall, Record<string, unknown>][] {
    const bill = owned.pendingBillNo;
    const draw = owned.withdrawalBillNo;
    return [
      [depositOrderStatus, { billNo: bill }],
      [depositOrderStatus, { billNo: owned.paidBillNo }],
      [cancelNormalOrder, { billNo: bill }],
      [alreadyPaid, { billNo: bill }],
      [urgeOrder, { billNo: bill }],
      [depositAppeal, { billNo: bill, content: 'not mine' }],
      [recordDetail, { billNo: owned.paidBillNo }],
      [withdrawOrderInfo, { billNo: draw }],
      [withdrawalConfirm, { billNo: draw }],
      [withdrawalAppeal, { billNo: draw, content: 'not mine' }],
      [deleteBankCard, { id: owned.cardId }],
      [virtualCurrencyDelete, { id: owned.addressId }],
      [eWalletAddressRemove, { id: owned.eWalletId }],
      [virtualCurrencyDelete, { id: owned.eWalletId }],
      [eWalletWithdraw, { amount: 100, addressId: owned.eWalletId, withdrawPassword: PIN }],
      ...owned.messageIds.flatMap((id): [AnyCall, Record<string, unknown>][] => [
        [messageRead, { id }],
        [messageDelete, { id }],
      ]),
      [webFeedback, { type: 1, category: 1, content: 'borrowing an image', picUrls: [owned.imageUrl] }],
      [opsFeedbackReply, { id: owned.feedbackId, replyContent: 'answering myself' }],
    ];
  }

  /** Calls that only read may answer "nothing" (null); every other call must be refused. */
  const READS = new Set<AnyCall>([depositOrderStatus, recordDetail, withdrawOrderInfo]);

  /** True when an answer tells nothing of B: a refusal, or for a read, success with none of B's identifiers in it. */
  function revealsNothing(call: AnyCall, answer: { code: number; data: unknown }): boolean {
    if (answer.code !== 0) return true;
    if (!READS.has(call)) return false;
    const text = JSON.stringify(answer.data ?? null);
    return answer.data === null || ![owned.pendingBillNo, owned.paidBillNo, owned.withdrawalBillNo, b.name].some((secret) => text.includes(secret));
  }

  beforeAll(async () => {
    ops = createClient({ baseUrl: server.url, deviceId: randomUUID(), getToken: () => 'lobby-demo-operator-token' });
    a = await register('isolation-a');
    b = await register('isolation-b');
    owned = await ownedBy(b);
    await ownedBy(a);
  });

  it('refuses every attempt of A on B’s ids through the signed client, and B’s data stays as it was', async () => {
    const before = await snapshot(b, owned);
    expect(before).toMatchObject({ pendingState: 101, withdrawalState: 4013 });
    for (const [call, request] of attempts()) {
      const answer = await a.client.call(call, request as CallRequest<typeof call>, { idempotencyKey: randomUUID() }).then(
        (data: unknown) => ({ code: 0, data }),
        (failure: unknown) => ({ code: failure instanceof ApiError ? failure.code : -999, data: null }),
      );
      expect(revealsNothing(call, answer), `${call.name} ${JSON.stringify(request)} answered ${JSON.stringify(answer)}`).toBe(true);
    }
    // One-key read and delete of A's own inbox reach A's messages only.
    await a.client.call(messageReadAll, {});
    await a.client.call(messageDeleteAll, {});
    for (const guess of [0, -1, 2 ** 53, '1 OR 1=1']) {
      const refused = await a.client.call(messageRead, { id: guess as number }).catch((failure: unknown) => failure);
      expect(refused).toBeInstanceOf(ApiError);
    }
    expect(await snapshot(b, owned)).toEqual(before);
    const mine = await a.client.call(feedbackList, {});
    expect(mine.list.map((item) => item.id)).not.toContain(owned.feedbackId);
    expect((await a.client.call(memberBankList, {})).list.map((card) => card.id)).not.toContain(owned.cardId);
  });

  it('refuses the same attempts sent from A’s logged-in page, and each page shows its own member’s data only', async () => {
    const contexts: BrowserContext[] = [];
    const pageOf = async (member: Member): Promise<Page> => {
      const { context, page } = await openWatchedPage(browser);
      contexts.push(context);
      await context.addInitScript((token) => localStorage.setItem('lobby.session', JSON.stringify({ token })), member.token);
      return page;
    };
    try {
      const before = await snapshot(b, owned);
      const pageA = await pageOf(a);
      const pageB = await pageOf(b);
      await openPage(pageA, `${server.url}/app/myCenter/inbox`, true);
      await openPage(pageB, `${server.url}/app/myCenter/inbox`, true);
      for (const [call, request] of attempts()) {
        const body = JSON.stringify(request);
        const timestamp = String(Date.now());
        const nonce = randomUUID().replaceAll('-', '');
        const deviceId = 'isolation-page-a';
        const headers = {
          'content-type': 'application/json',
          ...signedHeaders({ method: 'POST', pathWithQuery: call.path, timestamp, nonce, deviceId, body, signKey: DEMO_SIGN_KEY, siteId: DEFAULT_SITE_ID }),
          [HEADER.idempotencyKey]: randomUUID(),
        };
        // The page's own stored session supplies the token: this is member A's browser asking.
        const answer = await pageA.evaluate(
          async ({ path, headers, body, tokenHeader }) => {
            const token = (JSON.parse(localStorage.getItem('lobby.session') ?? '{}') as { token?: string }).token ?? '';
            const response = await fetch(path, { method: 'POST', headers: { ...headers, [tokenHeader]: token }, body });
            return (await response.json()) as { code: number; data: unknown };
          },
          { path: call.path, headers, body, tokenHeader: HEADER.token },
        );
        expect(revealsNothing(call, answer), `${call.name} ${body} from the page answered ${JSON.stringify(answer)}`).toBe(true);
      }
      expect(await snapshot(b, owned)).toEqual(before);

      // Each inbox and feedback page lists its own member's items only.
      await pageA.reload();
      await pageA.locator('.inbox-item, .inbox-empty').first().waitFor();
      await pageB.getByText('For isolation-b only 1').waitFor();
      expect(await pageA.getByText('For isolation-b only').count()).toBe(0);
      await openPage(pageA, `${server.url}/app/myCenter/feedback`, true);
      await openPage(pageB, `${server.url}/app/myCenter/feedback`, true);
      await pageB.getByText('Feedback of isolation-b').waitFor();
      await pageA.locator('.feedback-list').getByText(/暂无反馈|Feedback of isolation-a/).first().waitFor();
      expect(await pageA.getByText('Feedback of isolation-b').count()).toBe(0);
    } finally {
      for (const context of contexts) await context.close();
    }
  });
});
