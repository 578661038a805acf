/**
 * Saved cards on Stripe: each signed-in customer gets a Stripe Customer (kept on the customers
 * row), a SetupIntent saves a card to it through the Payment Element, and a saved card is only
 * ever read or detached when Stripe says it belongs to that customer.
 */
import Stripe from 'stripe';
import type { Database } from '../../db/database.ts';
import { findCustomer, setStripeCustomer } from '../../db/accounts.ts';
import type { Customer } from '../../auth/auth-provider.ts';
import type { CardDetails, CardVault } from './card-vault.ts';
import { createStripeClient, type StripeClientOptions } from './stripe-client.ts';

export interface StripeCardVaultOptions extends StripeClientOptions {
  db: Database;
}

/** A SetupIntent's statuses while a card may still be tried on it. */
const WAITING_FOR_A_CARD = new Set<Stripe.SetupIntent.Status>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);

export function createStripeCardVault(options: StripeCardVaultOptions): CardVault {
  const stripe = createStripeClient(options);

  async function stripeCustomerFor(customer: Customer, create: boolean): Promise<string | null> {
    const row = await findCustomer(options.db, customer.cognitoSub);
    if (row?.stripe_customer_id) return row.stripe_customer_id;
    if (!create) return null;
    const created = await stripe.customers.create(
      { email: customer.email, name: customer.name || undefined, metadata: { cognito_sub: customer.cognitoSub } },
      { idempotencyKey: `customer-${customer.cognitoSub}` },
    );
    await setStripeCustomer(options.db, customer.cognitoSub, created.id);
    return created.id;
  }

  async function ownedCard(customer: Customer, paymentMethodId: string): Promise<Stripe.PaymentMethod | null> {
    const stripeCustomer = await stripeCustomerFor(customer, false);
    if (!stripeCustomer) return null;
    try {
      const method = await stripe.paymentMethods.retrieve(paymentMethodId);
      const owner = typeof method.customer === 'string' ? method.customer : method.customer?.id;
      return owner === stripeCustomer ? method : null;
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw error;
    }
  }

  return {
    name: 'stripe',
    confirmsWithStripeJs: true,
    async startSetup(customer, clientAddress) {
      const stripeCustomer = (await stripeCustomerFor(customer, true))!;
      const intent = await stripe.setupIntents.create({
        customer: stripeCustomer,
        usage: 'on_session',
        // A card (what the account's screen lists and checkout pays with), never a bank account.
        allowed_payment_method_types: ['card'],
        // Who asked, and from where: a card it declines counts against both (setup_intent.setup_failed).
        metadata: { cognito_sub: customer.cognitoSub, client_address: clientAddress },
      });
      return { clientSecret: intent.client_secret! };
    },
    async stopSetups(cognitoSub) {
      const row = await findCustomer(options.db, cognitoSub);
      if (!row?.stripe_customer_id) return;
      for await (const setup of stripe.setupIntents.list({ customer: row.stripe_customer_id, limit: 100 })) {
        if (!WAITING_FOR_A_CARD.has(setup.status)) continue;
        try {
          await stripe.setupIntents.cancel(setup.id, { cancellation_reason: 'abandoned' });
        } catch (error) {
          // Succeeded or cancelled meanwhile: Stripe answers setup_intent_unexpected_state, and there is nothing to stop.
          if ((error as { code?: string }).code !== 'setup_intent_unexpected_state') throw error;
        }
      }
    },
    async savedCard(customer, paymentMethodId): Promise<CardDetails | null> {
      const method = await ownedCard(customer, paymentMethodId);
      if (!method?.card) return null;
      const brand = method.card.brand;
      return {
        brand: brand === 'amex' ? 'American Express' : brand.charAt(0).toUpperCase() + brand.slice(1),
        last4: method.card.last4,
        exp_month: method.card.exp_month,
        exp_year: method.card.exp_year,
      };
    },
    async remove(customer, paymentMethodId) {
      if (await ownedCard(customer, paymentMethodId)) await stripe.paymentMethods.detach(paymentMethodId);
    },
  };
}
