/** The checkout chunk (rollup.config.mjs): loaded on /checkout/ and /congratulations/ only. */
export { CheckoutScreen } from './checkout-screen.tsx';
export { OrderConfirmation } from './order-confirmation.tsx';
export type { CheckoutContext } from './checkout-context.ts';
