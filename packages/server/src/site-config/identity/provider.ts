/**
 * The identity provider behind an adapter (docs/SITE-CONFIG.md "Identity"): it says whether
 * a real name belongs to a phone number, a bank card or an ID card. The lobby ships the
 * sandbox below; a real provider (a telecom or UnionPay three-factor check) implements the
 * same interface. `checkIdentity` bounds every answer by a timeout: a provider that is
 * slower than that, or fails, is `failed`, and nothing is decided on it.
 */

export type IdentitySubject =
  | { kind: 'phone'; areaCode: string; phone: string }
  | { kind: 'bankCard'; cardNo: string; cardType: 0 | 1 }
  | { kind: 'idCard'; idCardNo: string };

export type IdentityAnswer = 'match' | 'mismatch' | 'unsupported' | 'failed';

export interface IdentityProvider {
  /** Whether `realName` is the holder of the subject; throws when the provider fails. */
  verify(realName: string, subject: IdentitySubject): Promise<Exclude<IdentityAnswer, 'failed'>>;
}

/** How long a provider may take before its answer counts as failed. */
export const IDENTITY_TIMEOUT_MS = 1_500;

/**
 * The sandbox: answers like a real provider from test numbers, as payment sandboxes do.
 * The four digits that end a phone number, or that stand before a card's or an ID card's
 * check character, decide: 0000 mismatch, 0001 the provider fails, 0002 it answers after
 * 2 s (beyond the timeout); anything else matches. A phone outside +86, a credit card
 * (type 1) or a 15-digit ID card is unsupported (the three-factor checks cover mainland
 * phones, debit cards and 18-digit ID cards).
 */
export class SandboxIdentityProvider implements IdentityProvider {
  constructor(private readonly delayMs = 2_000) {}

  async verify(_realName: string, subject: IdentitySubject): Promise<Exclude<IdentityAnswer, 'failed'>> {
    let marker: string;
    if (subject.kind === 'phone') {
      if (subject.areaCode !== '+86') return 'unsupported';
      marker = subject.phone.slice(-4);
    } else if (subject.kind === 'bankCard') {
      if (subject.cardType === 1) return 'unsupported';
      marker = subject.cardNo.slice(-5, -1);
    } else {
      if (subject.idCardNo.length !== 18) return 'unsupported';
      marker = subject.idCardNo.slice(-5, -1);
    }
    if (marker === '0001') throw new Error('sandbox identity provider: service error');
    if (marker === '0002') await new Promise((resolve) => setTimeout(resolve, this.delayMs));
    return marker === '0000' ? 'mismatch' : 'match';
  }
}

let provider: IdentityProvider = new SandboxIdentityProvider();

/** The provider in use (the sandbox unless replaced at start-up). */
export function identityProvider(): IdentityProvider {
  return provider;
}

/** Replaces the provider (a real adapter at start-up); returns the previous one. */
export function useIdentityProvider(next: IdentityProvider): IdentityProvider {
  const previous = provider;
  provider = next;
  return previous;
}

/** The provider's answer within the timeout; `failed` when it errs or is slower. */
export async function checkIdentity(realName: string, subject: IdentitySubject, timeoutMs = IDENTITY_TIMEOUT_MS): Promise<IdentityAnswer> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<IdentityAnswer>((resolve) => {
    timer = setTimeout(() => resolve('failed'), timeoutMs);
  });
  try {
    return await Promise.race([provider.verify(realName, subject).catch((): IdentityAnswer => 'failed'), late]);
  } finally {
    clearTimeout(timer);
  }
}
