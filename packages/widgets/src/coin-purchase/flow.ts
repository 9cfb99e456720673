import { atom } from 'nanostores';
import { ApiError, type CallResponse, type buyCoin, type checkBuyCoinPermission } from '@lobby/sdk';

/** Spec section 3: "Permission check response: code (0 allowed), msg". */
export type CoinPermission = CallResponse<typeof checkBuyCoinPermission>;

/** What the flow needs from the outside world; the widget gives the API, a test gives fakes. */
export interface CoinFlowDeps {
  checkPermission(): Promise<CoinPermission>;
  /** Buys coins for whole yuan with one idempotency key; answers the server's message. */
  buy(moneyYuan: number, idempotencyKey: string): Promise<Pick<CallResponse<typeof buyCoin>, 'message' | 'coins' | 'money'>>;
  /** Who is buying, for the buy-gold event. */
  memberId(): Promise<number | null>;
  /** Reload the coin wallet and restart balance polling. */
  afterPurchase(): void;
  newKey(): string;
  /** Tells the user and the host what happened. */
  report(outcome: CoinFlowOutcome): void;
}

export type CoinFlowOutcome =
  | { kind: 'error'; type: 'coin-permission' | 'coin-purchase'; message: string; code?: number }
  | { kind: 'success'; message: string; buyGold: { user_id: number | null; gold_count: number; recharge_amount: number } }
  /** After a purchase the dialog has closed: time for the refresh and finish callbacks. */
  | { kind: 'finished' };

/** Where the flow is: closed, choosing an amount, or in the confirm warm-tips dialog. */
export type CoinFlowStep = 'closed' | 'choosing' | 'confirming';

export interface CoinFlowState {
  step: CoinFlowStep;
  /** A request is running (permission check or purchase): the loading indicator. */
  loading: boolean;
  /** The yuan amount being confirmed. */
  confirmingYuan: number | null;
}

const INITIAL: CoinFlowState = { step: 'closed', loading: false, confirmingYuan: null };

/**
 * The coin purchase flow of spec section 4: a permission check before anything, again on
 * buy-now (opening the confirm dialog), again on confirm, then the purchase. A guard
 * blocks a second submission until the first ends and resets on failure; each
 * confirmation has one idempotency key, kept across a retry after a network failure (the
 * server replays the first result) and replaced after a refusal.
 *
 * @example const flow = createCoinFlow(deps); await flow.open(); await flow.buyNow(18); await flow.confirm()
 */
export function createCoinFlow(deps: CoinFlowDeps) {
  const $state = atom<CoinFlowState>(INITIAL);
  let submitting = false;
  let key: string | null = null;
  const patch = (next: Partial<CoinFlowState>) => $state.set({ ...$state.get(), ...next });

  /** Runs the permission check; reports a refusal (server msg, else the common failed text). */
  async function permitted(failedText: string): Promise<boolean> {
    try {
      const answer = await deps.checkPermission();
      if (answer.code === 0) return true;
      deps.report({ kind: 'error', type: 'coin-permission', message: answer.msg || failedText, code: answer.code });
    } catch (error) {
      deps.report({ kind: 'error', type: 'coin-permission', message: messageOf(error, failedText), code: codeOf(error) });
    }
    return false;
  }

  async function open(failedText: string): Promise<boolean> {
    if ($state.get().loading) return false;
    patch({ loading: true });
    const allowed = await permitted(failedText);
    patch({ loading: false, step: allowed ? 'choosing' : $state.get().step });
    return allowed;
  }

  async function buyNow(amountYuan: number, failedText: string): Promise<boolean> {
    if ($state.get().loading || $state.get().step !== 'choosing') return false;
    patch({ loading: true });
    const allowed = await permitted(failedText);
    if (allowed) key = deps.newKey();
    patch({ loading: false, ...(allowed ? { step: 'confirming' as const, confirmingYuan: amountYuan } : {}) });
    return allowed;
  }

  async function confirm(texts: { failed: string; success: string }): Promise<boolean> {
    const amount = $state.get().confirmingYuan;
    if (submitting || $state.get().step !== 'confirming' || amount === null) return false;
    submitting = true;
    patch({ loading: true });
    try {
      if (!(await permitted(texts.failed))) return false;
      key ??= deps.newKey();
      const result = await deps.buy(amount, key);
      key = null;
      deps.report({
        kind: 'success',
        message: result.message || texts.success,
        buyGold: { user_id: await deps.memberId().catch(() => null), gold_count: result.coins, recharge_amount: result.money },
      });
      deps.afterPurchase();
      $state.set(INITIAL);
      deps.report({ kind: 'finished' });
      return true;
    } catch (error) {
      // A refusal is final for this key; after a network failure the same key replays safely.
      if (error instanceof ApiError && error.status !== 0) key = deps.newKey();
      deps.report({ kind: 'error', type: 'coin-purchase', message: messageOf(error, texts.failed), code: codeOf(error) });
      return false;
    } finally {
      submitting = false;
      if ($state.get().step !== 'closed') patch({ loading: false });
    }
  }

  /** Back from the confirm dialog to choosing. */
  function cancelConfirm(): void {
    if (submitting) return;
    key = null;
    patch({ step: 'choosing', confirmingYuan: null });
  }

  function close(): void {
    if (submitting) return;
    key = null;
    $state.set(INITIAL);
  }

  return { $state, open, buyNow, confirm, cancelConfirm, close, get submitting() { return submitting; } };
}

export type CoinFlow = ReturnType<typeof createCoinFlow>;

function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  return fallback;
}

function codeOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.code : undefined;
}
