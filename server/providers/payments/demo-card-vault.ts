/**
 * The demo provider's saved cards: a "setup" the browser confirms with a test card through
 * POST /api/demo-payments/setup/, which keeps the brand, last 4 and expiry (never the number).
 * A card that Stripe's test numbers decline cannot be saved.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
import { completeDemoSetup, findDemoSavedCard, findDemoSetup, insertDemoSetup } from '../../db/demo-setups.ts';
import { HttpError } from '../../http/errors.ts';
import type { Customer } from '../../auth/auth-provider.ts';
import { cardBrand, type CardDetails, type CardVault } from './card-vault.ts';
import { checkCard, DECLINES, PAYMENT_NOT_FOUND, type DemoCardConfirmation } from './demo.ts';

export const SETUP_NOT_FOUND = 'We could not find this card setup. Start again.';

export interface DemoCardVault extends CardVault {
  readonly name: 'demo';
  /** Confirms a setup with the card as typed; answers the saved card's id. */
  confirmSetup(input: DemoCardConfirmation): Promise<string>;
}

export function createDemoCardVault(db: Database, clock: () => Date = () => new Date()): DemoCardVault {
  return {
    name: 'demo',
    async startSetup(customer) {
      const clientSecret = `demo_seti_${randomBytes(12).toString('base64url')}_secret_${randomBytes(18).toString('base64url')}`;
      await insertDemoSetup(db, clientSecret, customer.cognitoSub);
      return { clientSecret };
    },
    async confirmSetup(input) {
      const setup = await findDemoSetup(db, input.client_secret);
      if (!setup) throw new HttpError(404, SETUP_NOT_FOUND);
      if (setup.card_id) return setup.card_id;
      const problem = checkCard(input, clock());
      if (problem) throw new HttpError(422, problem);
      const digits = input.card_number.replace(/\D/g, '');
      const decline = DECLINES[digits];
      if (decline) throw new HttpError(402, decline);
      const expiry = /(\d{1,2})\s*\/\s*(\d{2,4})/.exec(input.exp)!;
      const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
      const cardId = `demo_pm_${randomBytes(12).toString('base64url')}`;
      await completeDemoSetup(db, input.client_secret, {
        id: cardId,
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        exp_month: Number(expiry[1]),
        exp_year: year,
      });
      return cardId;
    },
    async savedCard(customer: Customer, paymentMethodId: string): Promise<CardDetails | null> {
      return findDemoSavedCard(db, paymentMethodId, customer.cognitoSub);
    },
    async remove() {
      // Nothing is held anywhere else: the payment_methods row is the card.
    },
  };
}

export { PAYMENT_NOT_FOUND };
