/**
 * The payment provider adapter (issue 3, item 9). A provider takes a deposit order's
 * payment (answering where the member pays) and later tells the server the outcome
 * through a signed callback to POST /payments/v1/callback/<provider name>. A real
 * provider plugs in by implementing this interface; the sandbox behaves like one.
 */
export interface PaymentRequest {
  billNo: string;
  amountMinor: number;
  /** The pay type id of the channel (spec section 3, e.g. '1' bank transfer). */
  payTypeId: string;
  /** Whether the member transfers to an account shown on the order (bank transfer). */
  transfer: boolean;
}

/** Where the member pays (the recipient fields of spec section 3, "Deposit order"). */
export interface Recipient {
  bankName: string;
  account: string;
  name: string;
  address: string;
  /** The reference the member quotes with the transfer. */
  code: string;
}

export interface PaymentInstructions {
  /** The provider's own id of the payment. */
  providerRef: string;
  recipient: Recipient;
}

/** A verified callback: the provider's final word on one payment. */
export interface PaymentCallback {
  /** Unique per callback event; a repeated event id is a duplicate delivery. */
  eventId: string;
  providerRef: string;
  billNo: string;
  outcome: 'paid' | 'failed';
  amountMinor: number;
}

export type PaymentFailure = 'declined' | 'timeout' | 'badSignature' | 'malformed';

/** Why a provider call failed, named for what a caller can do about it. */
export class PaymentProviderError extends Error {
  /** @example new PaymentProviderError('declined', 'channel closed') */
  constructor(
    readonly reason: PaymentFailure,
    detail?: string,
  ) {
    super(detail ? `${reason}: ${detail}` : reason);
    this.name = 'PaymentProviderError';
  }
}

export interface PaymentProvider {
  /** The path segment of its callback and of its clearing account, e.g. `sandbox`. */
  readonly name: string;
  /** How long the server waits for `createPayment` before giving up (timeout). */
  timeoutMs: number;
  /** Opens the payment; throws PaymentProviderError('declined') when refused. */
  createPayment(request: PaymentRequest): Promise<PaymentInstructions>;
  /** Verifies the signature and reads a callback; throws PaymentProviderError('badSignature' | 'malformed'). */
  parseCallback(rawBody: string, headers: Readonly<Record<string, string | undefined>>): PaymentCallback;
}

/**
 * Asks the provider for a payment, giving up after its `timeoutMs` (PaymentProviderError
 * 'timeout'); the provider may still answer later, and that answer is ignored.
 *
 * @example const { providerRef, recipient } = await requestPayment(provider, { billNo, amountMinor, payTypeId: '1', transfer: true });
 */
export async function requestPayment(provider: PaymentProvider, request: PaymentRequest): Promise<PaymentInstructions> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PaymentProviderError('timeout', `${provider.name} did not answer in ${provider.timeoutMs} ms`)), provider.timeoutMs);
  });
  try {
    return await Promise.race([provider.createPayment(request), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
