import { atom } from 'nanostores';
import { $member, buyCoin, checkBuyCoinPermission, newIdempotencyKey } from '@lobby/sdk';
import { LobbyElement, type PropSpecs } from '../core/element.js';
import type { ToastMessage } from '../core/toast.js';
import { CoinPurchase } from './coin-purchase.js';
import { createCoinFlow, type CoinFlow, type CoinFlowOutcome } from './flow.js';
import { COIN_PURCHASE_STYLES } from './styles.js';
import { text } from './texts.js';

/**
 * `<lobby-coin-purchase>`: the Coin Purchase modal (spec sections 2, 4, 5). Renders a
 * "Buy coins" button unless `trigger="false"`; `show()` opens the modal after the
 * permission check. Events: lobby-buy-gold, lobby-refresh, lobby-finish, lobby-error.
 *
 * @example <lobby-coin-purchase lang="en"></lobby-coin-purchase>
 */
export class CoinPurchaseElement extends LobbyElement {
  static override props: PropSpecs = {
    trigger: { attribute: 'trigger', type: 'boolean', default: true },
    coinRate: { attribute: 'coin-rate', type: 'number' },
  };
  static override styles = COIN_PURCHASE_STYLES;
  /** Reflect `trigger` and `coin-rate`. */
  declare trigger: boolean;
  declare coinRate: number | undefined;

  /** The one message shown at a time. */
  readonly $toast = atom<ToastMessage | null>(null);
  /** Bumped after a purchase: the view reloads the coin wallet and restarts balance polling. */
  readonly $balanceRun = atom(0);
  #flow: CoinFlow | undefined;
  #toastId = 0;

  /** The purchase flow of this element. */
  get flow(): CoinFlow {
    this.#flow ??= createCoinFlow({
      checkPermission: () => this.client().call(checkBuyCoinPermission, {}, { signal: this.lifetimeSignal }),
      buy: (money, idempotencyKey) => this.client().call(buyCoin, { money }, { idempotencyKey, signal: this.lifetimeSignal }),
      // The member id comes from the host's $member (the site with the ESM build); a partner
      // page that only hands over a token leaves it null. Fetching user info just for this
      // event would pull the member contract into the file and break its size budget.
      memberId: async () => $member.get()?.id ?? null,
      afterPurchase: () => this.$balanceRun.set(this.$balanceRun.get() + 1),
      newKey: newIdempotencyKey,
      report: (outcome) => this.#report(outcome),
    });
    return this.#flow;
  }

  /**
   * Opens the modal when the permission check allows it; answers whether it opened.
   *
   * @example await document.querySelector('lobby-coin-purchase').show()
   */
  async show(): Promise<boolean> {
    const lang = this.config.lang;
    if (!this.memberToken()) {
      this.toast(text(lang, 'loginFirst'), 'error');
      this.emit('lobby-error', { type: 'login', message: text(lang, 'loginFirst') });
      return false;
    }
    return this.flow.open(text(lang, 'failed'));
  }

  /** Closes the modal (not while a purchase is being sent). */
  close(): void {
    this.#flow?.close();
  }

  /** Shows one message (replacing the one shown). */
  toast(message: string, tone: ToastMessage['tone']): void {
    this.$toast.set({ text: message, tone, id: ++this.#toastId });
  }

  override disconnectedCallback(): void {
    this.#flow?.close();
    this.$toast.set(null);
    super.disconnectedCallback();
  }

  protected view() {
    return <CoinPurchase host={this} flow={this.flow} />;
  }

  #report(outcome: CoinFlowOutcome): void {
    if (outcome.kind === 'error') {
      this.toast(outcome.message, 'error');
      this.emit('lobby-error', { type: outcome.type, message: outcome.message, code: outcome.code });
    } else if (outcome.kind === 'success') {
      this.toast(outcome.message, 'success');
      this.emit('lobby-buy-gold', outcome.buyGold);
    } else {
      this.emit('lobby-refresh');
      this.emit('lobby-finish');
    }
  }
}
