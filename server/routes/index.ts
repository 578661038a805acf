/** Every API router, one per resource group, mounted under /api. */
import type { Route } from '../dependencies.ts';
import { accountRoutes } from './account.ts';
import { authRoutes } from './auth.ts';
import { cognitoCallbackRoutes } from './cognito-callback.ts';
import { csrfRoutes } from './csrf.ts';
import { deliveryRoutes } from './delivery.ts';
import { doordashWebhookRoutes } from './doordash-webhook.ts';
import { devOutboxRoutes } from './dev-outbox.ts';
import { demoPaymentRoutes } from './demo-payments.ts';
import { healthRoutes } from './health.ts';
import { loyaltyRoutes } from './loyalty.ts';
import { menuRoutes } from './menus.ts';
import { orderRoutes } from './orders.ts';
import { orderStatusRoutes } from './order-status.ts';
import { placesRoutes } from './places.ts';
import { promoRoutes } from './promo.ts';
import { staffRoutes } from './staff/index.ts';
import { storeHoursRoutes } from './store-hours.ts';
import { stripeWebhookRoutes } from './stripe-webhooks.ts';
import { twilioWebhookRoutes } from './twilio-webhooks.ts';
import { vitalsRoutes } from './vitals.ts';

export const apiRoutes: readonly Route[] = [
  healthRoutes,
  csrfRoutes,
  menuRoutes,
  deliveryRoutes,
  promoRoutes,
  loyaltyRoutes,
  storeHoursRoutes,
  placesRoutes,
  orderRoutes,
  orderStatusRoutes,
  demoPaymentRoutes,
  authRoutes,
  cognitoCallbackRoutes,
  accountRoutes,
  devOutboxRoutes,
  vitalsRoutes,
  staffRoutes,
  (deps) => stripeWebhookRoutes({ webhookSecret: deps.settings.stripeWebhookSecret })(deps),
  (deps) => doordashWebhookRoutes({ ...deps, webhookSecret: deps.settings.doordashWebhookSecret }),
  twilioWebhookRoutes,
];
