/** One verification code to deliver. */
export interface CodeMessage {
  siteId: number;
  areaCode: string;
  phone: string;
  code: string;
}

/**
 * Delivers phone verification codes (an SMS gateway). The code itself is made and kept by
 * the server (members/phone-codes.ts); a provider only delivers it.
 *
 * @example const sender: CodeSender = { name: 'acme-sms', send: async (message) => acme.post(message) };
 */
export interface CodeSender {
  readonly name: string;
  send(message: CodeMessage): Promise<void>;
}

/**
 * The sandbox gateway: delivers nothing and remembers the last code per phone in this
 * process, so tests read it with `lastCode`. Browser tests read codes through
 * GET /sandbox/sms/:phone (served only while the sandbox is on).
 */
export class SandboxCodeSender implements CodeSender {
  readonly name = 'sandbox';
  private readonly sent = new Map<string, string>();

  async send(message: CodeMessage): Promise<void> {
    this.sent.set(`${message.areaCode}${message.phone}`, message.code);
  }

  /** The last code sent to a phone (area code and number, e.g. '+8613800000000'). */
  lastCode(fullPhone: string): string | undefined {
    return this.sent.get(fullPhone);
  }
}
