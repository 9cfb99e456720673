/** One mail to deliver. */
export interface MailMessage {
  siteId: number;
  to: string;
  subject: string;
  text: string;
}

/**
 * Delivers mail (an email gateway or SMTP relay). The server writes the message; a
 * provider only delivers it, like CodeSender for SMS.
 *
 * @example const mail: MailSender = { name: 'acme-mail', send: async (message) => acme.post(message) };
 */
export interface MailSender {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
}

/** How many mails per address the sandbox outbox keeps (the newest). */
export const SANDBOX_OUTBOX_PER_ADDRESS = 20;

/**
 * The sandbox gateway: delivers nothing and keeps the newest mails per address in this
 * process, so tests read them with `outbox`. Browser tests read them through
 * GET /sandbox/mail/:email (served only while the sandbox is on).
 */
export class SandboxMailSender implements MailSender {
  readonly name = 'sandbox';
  private readonly sent = new Map<string, MailMessage[]>();

  async send(message: MailMessage): Promise<void> {
    const key = message.to.toLowerCase();
    const list = [...(this.sent.get(key) ?? []), message].slice(-SANDBOX_OUTBOX_PER_ADDRESS);
    this.sent.set(key, list);
  }

  /** The mails sent to an address, oldest first. */
  outbox(address: string): readonly MailMessage[] {
    return this.sent.get(address.toLowerCase()) ?? [];
  }
}
