import type { PaymentSettings } from '../../config';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';
import { createTestProvider, type TestProviderStore } from './test-provider';

export type TestPaymentProvider = ReturnType<typeof createTestProvider>;

/** The payment provider the settings name (PAYMENT_PROVIDER, STRIPE_SECRET_KEY), or null for none. */
export function createPaymentProvider(settings: PaymentSettings, testStore: TestProviderStore): PaymentProvider | TestPaymentProvider | null {
  switch (settings.provider) {
    case 'stripe':
      return createStripeProvider({ secretKey: settings.stripeSecretKey!, webhookSecret: settings.stripeWebhookSecret! });
    case 'test':
      return createTestProvider(testStore);
    case 'none':
      return null;
  }
}
