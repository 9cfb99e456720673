import type { FastifyInstance } from 'fastify';
import { SandboxPaymentProvider } from './sandbox-payment-provider.js';
import type { PaymentProvider } from './payment-provider.js';

/** The payment providers of the app, by name; the sandbox is always present. */
export interface PaymentRegistry {
  providers: Map<string, PaymentProvider>;
  sandbox: SandboxPaymentProvider;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Payment providers (payments/): `app.payments.sandbox` drives the sandbox in tests. */
    payments: PaymentRegistry;
  }
}

/**
 * Decorates the app with its payment providers (once), the sandbox connected to the
 * app's own callback endpoint.
 *
 * @example const { sandbox } = paymentsOf(app); sandbox.injectFault({ kind: 'decline' });
 */
export function paymentsOf(app: FastifyInstance): PaymentRegistry {
  if (app.hasDecorator('payments')) return app.payments;
  const sandbox = new SandboxPaymentProvider({ clock: app.lobby.providers.clock });
  const registry: PaymentRegistry = { providers: new Map<string, PaymentProvider>([[sandbox.name, sandbox]]), sandbox };
  app.decorate('payments', registry);
  return registry;
}
