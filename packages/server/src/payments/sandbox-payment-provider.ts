import { randomBytes, randomInt } from 'node:crypto';
import type { Clock } from '../http/pipeline.js';
import { CALLBACK_HEADER, signCallback, verifyCallbackSignature } from './callback-signature.js';
import {
  PaymentProviderError,
  type PaymentCallback,
  type PaymentInstructions,
  type PaymentProvider,
  type PaymentRequest,
} from './payment-provider.js';

/** How the sandbox answers the next createPayment: as usual, refuse, hang past the timeout, or answer late. */
export type SandboxFault = { kind: 'decline' } | { kind: 'hang' } | { kind: 'delay'; delayMs: number };

/** What one callback delivery got back from the server. */
export interface Delivery {
  httpStatus: number;
  result: string;
}

/** Sends a signed callback to the server (HTTP in the app; a direct call when seeding). */
export type Deliver = (rawBody: string, headers: Record<string, string>) => Promise<Delivery>;

export interface SettleOptions {
  /** Send the same callback twice at once, as real providers do after a lost answer. */
  duplicate?: boolean;
  /** Wait this long before sending. */
  delayMs?: number;
}

/** A payment the sandbox settles (its own record, or rebuilt from the order after a restart). */
export interface SandboxPayment {
  providerRef: string;
  billNo: string;
  amountMinor: number;
}

/**
 * The sandbox payment provider: a stand-in for a real one that answers createPayment (or declines, hangs past the timeout, or answers late
 * when told to), and settles a payment by sending a callback signed with its secret,
 * once or twice. Tests and `npm run ops -- sandbox-pay` drive it.
 *
 * @example const sandbox = new SandboxPaymentProvider({ clock }); sandbox.injectFault({ kind: 'decline' });
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox';
  timeoutMs: number;
  private readonly secret: string;
  private readonly clock: Clock;
  private readonly faults: SandboxFault[] = [];
  private deliver: Deliver | undefined;

  constructor(options: { clock: Clock; secret?: string; timeoutMs?: number }) {
    this.clock = options.clock;
    this.secret = options.secret ?? randomBytes(32).toString('hex');
    this.timeoutMs = options.timeoutMs ?? 3000;
  }

  /** Where settle() sends callbacks. */
  connect(deliver: Deliver): void {
    this.deliver = deliver;
  }

  /** The next createPayment calls answer with these faults, in order. */
  injectFault(...faults: SandboxFault[]): void {
    this.faults.push(...faults);
  }

  async createPayment(request: PaymentRequest): Promise<PaymentInstructions> {
    const fault = this.faults.shift();
    if (fault?.kind === 'decline') throw new PaymentProviderError('declined', `sandbox declined ${request.billNo}`);
    if (fault?.kind === 'hang') await sleep(this.timeoutMs + 60_000);
    if (fault?.kind === 'delay') await sleep(fault.delayMs);
    const providerRef = `SBX${randomBytes(8).toString('hex').toUpperCase()}`;
    return {
      providerRef,
      recipient: request.transfer
        ? { bankName: 'Sandbox Bank', account: String(randomInt(10 ** 9, 10 ** 10 - 1)) + String(randomInt(100_000, 999_999)), name: 'Lobby Sandbox Ltd', address: 'Sandbox Bank, Head Office', code: request.billNo.slice(-6) }
        : { bankName: '', account: '', name: '', address: '', code: providerRef },
    };
  }

  parseCallback(rawBody: string, headers: Readonly<Record<string, string | undefined>>): PaymentCallback {
    const signed = verifyCallbackSignature(this.secret, rawBody, headers[CALLBACK_HEADER.timestamp], headers[CALLBACK_HEADER.signature], this.clock.now());
    if (!signed) throw new PaymentProviderError('badSignature');
    const body = parseJson(rawBody);
    const ok =
      typeof body.eventId === 'string' && typeof body.providerRef === 'string' && typeof body.billNo === 'string' &&
      (body.outcome === 'paid' || body.outcome === 'failed') && Number.isSafeInteger(body.amountMinor);
    if (!ok) throw new PaymentProviderError('malformed', 'callback fields missing');
    return body as unknown as PaymentCallback;
  }

  /**
   * Settles a payment: builds and signs the callback, then delivers it (twice when asked).
   *
   * @example await sandbox.settle({ billNo, providerRef, amountMinor }, 'paid', { duplicate: true }) // [{ httpStatus: 200, result: 'applied' }, { httpStatus: 200, result: 'duplicate' }]
   */
  async settle(payment: SandboxPayment, outcome: 'paid' | 'failed', options: SettleOptions = {}): Promise<Delivery[]> {
    if (!this.deliver) throw new Error('sandbox provider: connect() a delivery first');
    const rawBody = this.callbackBody(payment, outcome);
    if (options.delayMs) await sleep(options.delayMs);
    const headers = this.signedHeaders(rawBody);
    const copies = options.duplicate ? 2 : 1;
    return Promise.all(Array.from({ length: copies }, () => this.deliver!(rawBody, headers)));
  }

  /** The signed headers for a body (tests forge and tamper with them). */
  signedHeaders(rawBody: string): Record<string, string> {
    const timestamp = String(this.clock.now());
    return { [CALLBACK_HEADER.timestamp]: timestamp, [CALLBACK_HEADER.signature]: signCallback(this.secret, timestamp, rawBody) };
  }

  /** The callback body the sandbox would send for a payment. */
  callbackBody(payment: SandboxPayment, outcome: 'paid' | 'failed'): string {
    const eventId = `EVT${randomBytes(8).toString('hex')}`;
    return JSON.stringify({ eventId, providerRef: payment.providerRef, billNo: payment.billNo, outcome, amountMinor: payment.amountMinor });
  }
}

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new PaymentProviderError('malformed', 'callback body is not a JSON object');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
