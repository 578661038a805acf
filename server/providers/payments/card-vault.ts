/**
 * Saved cards (setup-intent, save-payment-method, the payment-method list and delete): the provider
 * keeps the card, we keep its brand, last 4 and expiry. The demo provider's vault by default,
 * Stripe's SetupIntents and PaymentMethods when STRIPE_SECRET_KEY is set.
 */
import type { Customer } from '../../auth/auth-provider.ts';
import type { DemoCardConfirmation } from './payment-provider.ts';

export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface CardVault {
  /** Reported to the browser; what the vault can do is said by the members below. */
  readonly name: 'demo' | 'stripe';
  /** The browser confirms the setup in Stripe's Payment Element, which needs the publishable key. */
  readonly confirmsWithStripeJs?: boolean;
  /** Test mode only: confirms a setup with a test card typed on our own form; answers the saved card's id. */
  confirmSetup?(input: DemoCardConfirmation): Promise<string>;
  /**
   * Starts saving a card: the client secret the browser confirms the card with. `clientAddress`
   * is where the customer asks from, kept with the setup so a declined card counts against it.
   */
  startSetup(customer: Customer, clientAddress: string): Promise<{ clientSecret: string }>;
  /**
   * Cancels the account's setups still waiting for a card, so no further card can be tried on
   * them (card testing). Only a vault whose cards go to the provider without us has it.
   */
  stopSetups?(cognitoSub: string): Promise<void>;
  /** The card a finished setup saved, when it is this customer's; null otherwise. */
  savedCard(customer: Customer, paymentMethodId: string): Promise<CardDetails | null>;
  /** Forgets the card at the provider. */
  remove(customer: Customer, paymentMethodId: string): Promise<void>;
}

/** The brand a card number shows, as the first digits tell it. */
export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'Discover';
  return 'Card';
}
