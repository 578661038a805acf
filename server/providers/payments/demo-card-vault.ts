/**
 * The demo provider's saved cards: a "setup" the browser confirms with a test card through
 * POST /api/demo-payments/setup/, which keeps the brand, last 4 and expiry (never the number).
 * A card that Stripe's test numbers decline cannot be saved.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.ts';
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
      await db.query('insert into demo_setups (client_secret, cognito_sub) values ($1, $2)', [clientSecret, customer.cognitoSub]);
      return { clientSecret };
    },
    async confirmSetup(input) {
      const [setup] = await db.query<{ cognito_sub: string; card_id: string | null }>('select cognito_sub, card_id from demo_setups where client_secret = $1', [
        input.client_secret,
      ]);
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
      await db.query(
        'update demo_setups set card_id = $2, brand = $3, last4 = $4, exp_month = $5, exp_year = $6 where client_secret = $1 and card_id is null',
        [input.client_secret, cardId, cardBrand(digits), digits.slice(-4), Number(expiry[1]), year],
      );
      return cardId;
    },
    async savedCard(customer: Customer, paymentMethodId: string): Promise<CardDetails | null> {
      const [row] = await db.query<CardDetails>(
        'select brand, last4, exp_month, exp_year from demo_setups where card_id = $1 and cognito_sub = $2',
        [paymentMethodId, customer.cognitoSub],
      );
      return row ?? null;
    },
    async remove() {
      // Nothing is held anywhere else: the payment_methods row is the card.
    },
  };
}

export { PAYMENT_NOT_FOUND };
