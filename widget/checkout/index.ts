/** The checkout chunk (rollup.config.mjs): loaded on /checkout/ and /congratulations/ only. */
import english from 'comal-messages:en/common,checkout,sms';
import { addMessages } from '../i18n.ts';

addMessages('en', english);

export { CheckoutScreen } from './checkout-screen.tsx';
export { OrderConfirmation } from './order-confirmation.tsx';
export type { CheckoutContext } from './checkout-context.ts';
