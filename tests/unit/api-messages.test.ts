/**
 * Every message the API words in English for a customer has an `api.` entry in the catalogues, so
 * the server (server/app.ts) can say it in Spanish: each exported message constant, and each
 * message-making function called with sample values, is found by its text or by its shape and
 * comes back in Spanish with the values filled in.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiMessageIn } from '../../shared/i18n/translator.ts';
import * as fixedMessages from '../../shared/api/messages.ts';
import * as checkoutForm from '../../shared/checkout-form.ts';
import * as schedule from '../../shared/schedule.ts';
import * as loyalty from '../../shared/loyalty.ts';
import { formatUSD } from '../../shared/money.ts';
import { hiddenCharactersMessage } from '../../shared/plain-text.ts';
import {
  CreateOrderRequestSchema,
  EstimateDeliveryRequestSchema,
  firstIssueMessage,
  IdSchema,
  LineModifierSchema,
  LoginRequestSchema,
  LoyaltyPointsQuerySchema,
  MenusResponseSchema,
  ModifierGroupSchema,
  PasswordResetConfirmSchema,
  PromoValidateRequestSchema,
  RawMenuItemSchema,
  RegisterRequestSchema,
  SavedCartRequestSchema,
  SavePaymentMethodRequestSchema,
} from '../../shared/api/schemas.ts';
import * as orders from '../../server/services/orders.ts';
import * as account from '../../server/services/account.ts';
import * as cardAttempts from '../../server/services/card-attempts.ts';
import * as promoCodes from '../../server/services/promo-codes.ts';
import * as builtInAuth from '../../server/auth/built-in-auth.ts';
import * as passwords from '../../server/auth/passwords.ts';
import * as cognitoAuth from '../../server/auth/cognito-auth.ts';
import { tooManySignIns } from '../../server/auth/sign-in-throttle.ts';
import * as csrf from '../../server/http/csrf.ts';
import * as customer from '../../server/http/customer.ts';
import * as httpErrors from '../../server/http/errors.ts';
import * as eventStream from '../../server/http/event-stream.ts';
import * as app from '../../server/app.ts';
import * as database from '../../server/db/database.ts';
import * as demoPayments from '../../server/providers/payments/demo.ts';
import * as demoCardVault from '../../server/providers/payments/demo-card-vault.ts';
import * as courier from '../../server/providers/delivery/courier.ts';
import * as doordashClient from '../../server/providers/delivery/doordash-client.ts';
import * as doordash from '../../server/providers/delivery/doordash.ts';
import { deliveryStepFor } from '../../server/providers/delivery/doordash-webhook.ts';
import * as authRoutes from '../../server/routes/auth.ts';
import * as cognitoCallback from '../../server/routes/cognito-callback.ts';
import * as demoPaymentRoutes from '../../server/routes/demo-payments.ts';
import * as orderRoutes from '../../server/routes/orders.ts';
import * as stripeWebhooks from '../../server/routes/stripe-webhooks.ts';
import { ESTIMATE_RATE_LIMIT } from '../../server/routes/delivery.ts';
import { LOYALTY_RATE_LIMIT } from '../../server/routes/loyalty.ts';
import { PROMO_RATE_LIMIT } from '../../server/routes/promo.ts';

const es = (text: string) => apiMessageIn('es', text);

/**
 * A module's exported strings, by name, but those that are no message for a customer: names and
 * codes a program reads (the listening connection's name in pg_stat_activity among them), cookie
 * and header names, paths, Stripe's own words for a state the widget handles by its code, and
 * what only Stripe's or DoorDash's webhook callers read.
 */
const NOT_MESSAGES = new Set([
  'CHUNK_LOAD_ERROR_NAME',
  'CSS_CHUNK_LOAD_FAILED',
  'VOIDED_PASSWORD',
  'CSRF_COOKIE',
  'CSRF_HEADER',
  'UNEXPECTED_STATE_CODE',
  'ALREADY_SUCCEEDED',
  'CANCELED_CANNOT_CONFIRM',
  'AFTER_SIGN_IN',
  'SIGN_IN_FAILED_PAGE',
  'SIGN_IN_STATE_COOKIE',
  'WEBHOOK_SIGNATURE_INVALID',
  'WEBHOOK_NOT_AN_EVENT',
  'STRIPE_WEBHOOKS_OFF',
  'LISTEN_APPLICATION_NAME',
]);

const MESSAGE_MODULES: Record<string, Record<string, unknown>> = {
  'shared/api/messages.ts': fixedMessages,
  'shared/checkout-form.ts': checkoutForm,
  'shared/schedule.ts': schedule,
  'shared/loyalty.ts': loyalty,
  'server/services/orders.ts': orders,
  'server/services/account.ts': account,
  'server/services/card-attempts.ts': cardAttempts,
  'server/services/promo-codes.ts': promoCodes,
  'server/auth/built-in-auth.ts': builtInAuth,
  'server/auth/passwords.ts': passwords,
  'server/auth/cognito-auth.ts': cognitoAuth,
  'server/http/csrf.ts': csrf,
  'server/http/customer.ts': customer,
  'server/http/errors.ts': httpErrors,
  'server/http/event-stream.ts': eventStream,
  'server/app.ts': app,
  'server/db/database.ts': database,
  'server/providers/payments/demo.ts': demoPayments,
  'server/providers/payments/demo-card-vault.ts': demoCardVault,
  'server/providers/delivery/courier.ts': courier,
  'server/providers/delivery/doordash-client.ts': doordashClient,
  'server/providers/delivery/doordash.ts': doordash,
  'server/routes/auth.ts': authRoutes,
  'server/routes/cognito-callback.ts': cognitoCallback,
  'server/routes/demo-payments.ts': demoPaymentRoutes,
  'server/routes/orders.ts': orderRoutes,
  'server/routes/stripe-webhooks.ts': stripeWebhooks,
};

const constants = Object.entries(MESSAGE_MODULES).flatMap(([file, module]) =>
  Object.entries(module)
    .filter(([name, value]) => typeof value === 'string' && !NOT_MESSAGES.has(name))
    .map(([name, value]) => [`${file} ${name}`, value as string] as const),
);

const rateLimits = [
  ESTIMATE_RATE_LIMIT,
  LOYALTY_RATE_LIMIT,
  orderRoutes.ORDERS_PER_ADDRESS,
  PROMO_RATE_LIMIT,
  orders.FINALIZE_CHECKS_PER_ORDER,
].map((rule) => [`rate limit ${rule.name}`, rule.message] as const);

/** Messages made from values, each form the code can take. */
const made: (readonly [string, string])[] = [
  ['couldNotFindMenu', fixedMessages.couldNotFindMenu('Taqueria')],
  ['loadingChunkFailed', fixedMessages.loadingChunkFailed(3)],
  ['beyondHorizon', schedule.beyondHorizon(14)],
  ...(['pickup', 'delivery'] as const).flatMap((type) => [
    [`tooSoon ${type} minutes`, schedule.tooSoon(type, 45)] as const,
    [`tooSoon ${type} hour`, schedule.tooSoon(type, 60)] as const,
    [`tooSoon ${type} hours`, schedule.tooSoon(type, 120)] as const,
    [`cateringTooSoon ${type} minutes`, schedule.cateringTooSoon(type, 90)] as const,
    [`cateringTooSoon ${type} hour`, schedule.cateringTooSoon(type, 60)] as const,
    [`cateringTooSoon ${type} hours`, schedule.cateringTooSoon(type, 1440)] as const,
    [`notOpenAt ${type}`, schedule.notOpenAt(type)] as const,
  ]),
  ['rewardOffer', loyalty.rewardOffer(240)],
  ['redeemTooFew', loyalty.redeemTooFew(40)],
  ['redeemNotYours', loyalty.redeemNotYours(60)],
  ...[
    'Your account id',
    'The phone number',
    'The street address',
    'The city',
    'Your name',
    'The promo code',
    'The cart name',
    'The card reference',
  ].map((label) => [`hiddenCharactersMessage ${label}`, hiddenCharactersMessage(label)] as const),
  ['soldOut', orders.soldOut('Taco de Asada')],
  ['soldOut modifier', orders.soldOut('Extra cheese for Burrito')],
  ['choiceNotOffered', orders.choiceNotOffered('Burrito')],
  ['tooFewChoices one', orders.tooFewChoices('Salsa', 'Burrito', 1)],
  ['tooFewChoices many', orders.tooFewChoices('Salsa', 'Burrito', 2)],
  ['tooManyChoices one', orders.tooManyChoices('Salsa', 'Burrito', 1)],
  ['tooManyChoices many', orders.tooManyChoices('Salsa', 'Burrito', 3)],
  // Worded where they are thrown or answered, with the code's own values.
  ['tip too large', `A tip can be at most ${formatUSD(orders.MAXIMUM_TIP_CENTS)}.`],
  ['card minimum', `The order total must be at least ${formatUSD(orders.MINIMUM_CARD_CHARGE_CENTS)} to pay by card.`],
  ['card saved', 'Visa ending in 4242 is saved.'],
  ['promo applied, percent', 'WELCOME10 applied: 10% off your order.'],
  ['promo applied, amount', 'FIVEOFF applied: $5.00 off your order.'],
  ['promo applied, percent with minimum', 'SUMMER25 applied: 25% off orders of $20.00 or more.'],
  ['promo applied, amount with minimum', 'FIVEOFF applied: $5.00 off orders of $25.00 or more.'],
  // The test-mode card form's route (server/routes/demo-payments.ts) and a DEV_OUTBOX-only route.
  ['demo payment missing', 'The payment is missing. Start checkout again.'],
  ['demo card number', 'Enter your card number.'],
  ['demo security code', 'Enter the security code.'],
  ['demo saved card', 'Choose a saved card.'],
  ['dev outbox off', 'There is no such API call.'],
  // Stripe's own words for common declines, which finalize-order passes on (last_payment_error).
  ['stripe incorrect cvc', "Your card's security code is incorrect."],
  ['stripe incorrect number', 'Your card number is incorrect.'],
  ['stripe processing error', 'An error occurred while processing your card. Try again in a little bit.'],
  ['stripe card not supported', 'Your card does not support this type of purchase.'],
  ['noLongerOnMenu one', account.noLongerOnMenu(['Horchata'])],
  ['noLongerOnMenu many', account.noLongerOnMenu(['Horchata', 'Flan'])],
  ['promoMinimumMessage', promoCodes.promoMinimumMessage('FIVEOFF', 2500)],
  ['tooManySignIns 1 second', tooManySignIns(1)],
  ['tooManySignIns seconds', tooManySignIns(30)],
  ['tooManySignIns 1 minute', tooManySignIns(60)],
  ['tooManySignIns minutes', tooManySignIns(600)],
  ['unknownZip', courier.unknownZip('00000')],
  ['wrongState', courier.wrongState('90012', 'CA', 'NV')],
  ['beyondRadius', courier.beyondRadius(12.44, 8)],
  ['outsideArea', courier.outsideArea(8)],
  ['doordashTooFar', doordashClient.doordashTooFar(14)],
  ...[
    'DASHER_CONFIRMED',
    'DASHER_CONFIRMED_PICKUP_ARRIVAL',
    'DASHER_PICKED_UP',
    'DASHER_CONFIRMED_DROPOFF_ARRIVAL',
    'DASHER_DROPPED_OFF',
    'DELIVERY_RETURN_INITIALIZED',
    'DASHER_CONFIRMED_RETURN_ARRIVAL',
    'DELIVERY_RETURNED',
    'DELIVERY_CANCELLED',
  ].map((event) => [`delivery step ${event}`, deliveryStepFor(event)!.customerText] as const),
];

/** The schemas' own sentences, as a customer's bad request gets them. */
const schemaMessages = (): (readonly [string, string])[] => {
  const cases: [string, z.ZodType, unknown][] = [
    ['not an object', CreateOrderRequestSchema, 'x'],
    ['empty order', CreateOrderRequestSchema, {}],
    [
      'delivery order, all wrong',
      CreateOrderRequestSchema,
      {
        cart_items: [{ menu_item_id: '', quantity: 1.5, modifiers: 'x' }],
        name: 'A\nB',
        email: 'nope',
        phone: '12',
        delivery_type: 'delivery',
        marketing_opt_in: 'yes',
        sms_opt_in: 'yes',
        promo_code: 5,
        redeem_points: 'yes',
        delivery_state: 'California',
        delivery_zip: '9',
        delivery_country: 'USA',
        delivery_lat: 100,
        delivery_lng: 'x',
        delivery_cost: -1,
        tip: 'five',
        scheduled_for: 'tonight',
        cognito_sub: '',
      },
    ],
    ['too many', CreateOrderRequestSchema, { cart_items: [{ menu_item_id: 1, quantity: 100, modifiers: [] }] }],
    ['no quantity', CreateOrderRequestSchema, { cart_items: [{ menu_item_id: 1, quantity: 'x', modifiers: [] }] }],
    ['no items', CreateOrderRequestSchema, { cart_items: [] }],
    [
      'too long',
      CreateOrderRequestSchema,
      {
        cart_items: Array.from({ length: 101 }, () => ({ menu_item_id: 1, quantity: 1, modifiers: [] })),
        name: 'x'.repeat(101),
        email: `${'a'.repeat(250)}@b.co`,
        phone: '1'.repeat(31),
        delivery_type: 'delivery',
        promo_code: 'x'.repeat(51),
        delivery_street: 'x'.repeat(201),
        delivery_city: 'x'.repeat(101),
        delivery_quote_id: 'x'.repeat(201),
        delivery_cost: 'x',
        tip: -1,
        cognito_sub: 'x'.repeat(129),
      },
    ],
    [
      'bad items',
      CreateOrderRequestSchema,
      {
        cart_items: [
          { menu_item_id: 1, quantity: 0, modifiers: [''] },
          { menu_item_id: 1, quantity: 1, modifiers: Array.from({ length: 51 }, () => 1) },
        ],
      },
    ],
    ['no delivery type', CreateOrderRequestSchema, { cart_items: [{ menu_item_id: 1, quantity: 1, modifiers: [] }] }],
    [
      'estimate',
      EstimateDeliveryRequestSchema,
      { delivery_street: '', delivery_city: '', delivery_state: '', delivery_zip: '' },
    ],
    ['promo', PromoValidateRequestSchema, { code: '', phone: 5 }],
    ['long promo', PromoValidateRequestSchema, { code: 'x'.repeat(51), phone: '1'.repeat(31) }],
    ['loyalty', LoyaltyPointsQuerySchema, { phone: '' }],
    ['saved cart', SavedCartRequestSchema, { name: '', items: [], cognito_sub: '' }],
    [
      'long saved cart',
      SavedCartRequestSchema,
      {
        name: 'x'.repeat(81),
        items: Array.from({ length: 101 }, () => ({ menu_item_id: 1, quantity: 1, modifiers: [] })),
        cognito_sub: 'x'.repeat(129),
      },
    ],
    [
      'saved cart, long option',
      SavedCartRequestSchema,
      {
        name: 'Lunch',
        items: [{ menu_item_id: 1, quantity: 1, modifiers: [{ id: 1, name: 'x'.repeat(201), price: '1.50' }] }],
      },
    ],
    ['card', SavePaymentMethodRequestSchema, { payment_method_id: '' }],
    ['long card', SavePaymentMethodRequestSchema, { payment_method_id: 'x'.repeat(256) }],
    ['register', RegisterRequestSchema, { email: '', password: '', name: '', phone: '' }],
    ['login', LoginRequestSchema, { email: 'a@b.co', password: '' }],
    ['reset', PasswordResetConfirmSchema, { token: 'short', password: 'x'.repeat(201) }],
    ['id', IdSchema, -1],
    ['option', LineModifierSchema, { id: 1, name: 5, price: 'free' }],
    ['menu item', RawMenuItemSchema, { id: null, base_price: null }],
    ['group', ModifierGroupSchema, { id: null, name: null, modifiers: [{ id: null, name: null, price: null }] }],
    ['menus', MenusResponseSchema, []],
  ];
  return [
    ...cases.flatMap(([name, schema, input]) => {
      const result = schema.safeParse(input);
      if (result.success) throw new Error(`${name} parsed`);
      return [
        ...result.error.issues.map((issue) => [`schema ${name}: ${issue.message}`, issue.message] as const),
        [`schema ${name} first issue`, firstIssueMessage(result.error)] as const,
      ];
    }),
    ['no issue at all', firstIssueMessage(new z.ZodError([]))],
  ];
};

describe("the API's messages in Spanish", () => {
  it('finds enough messages to check', () => {
    expect(constants.length).toBeGreaterThan(100);
    expect(made.length).toBeGreaterThan(50);
  });

  it.each([...constants, ...rateLimits, ...made])('says %s in Spanish', (_, text) => {
    const spanish = es(text);
    expect(spanish).not.toBe(text);
    expect(spanish).not.toContain('{');
    expect(spanish).not.toContain('}');
  });

  it('says every sentence of the request schemas in Spanish', () => {
    const messages = schemaMessages();
    expect(messages.length).toBeGreaterThan(40);
    const untranslated = messages.filter(([, text]) => es(text) === text || es(text).includes('{'));
    expect(untranslated).toEqual([]);
  });

  it('says fixed messages word for word', () => {
    expect(es(orders.ORDER_NOT_FOUND)).toBe('No encontramos ese pedido.');
    expect(es(checkoutForm.NAME_REQUIRED)).toBe('Escribe tu nombre.');
    expect(es(builtInAuth.REGISTERED)).toBe(
      'Revisa tu correo electrónico: te enviamos un enlace para confirmar tu cuenta.',
    );
    expect(es(csrf.CSRF_MISMATCH)).toBe(
      'El token de seguridad de tu sesión no es válido. Vuelve a cargar la página e inténtalo de nuevo.',
    );
  });

  it('keeps the values of a message with values', () => {
    expect(es(orders.soldOut('Taco de Asada'))).toBe('Taco de Asada está agotado hoy. Quítalo e inténtalo de nuevo.');
    expect(es(orders.tooFewChoices('Salsa', 'Burrito', 2))).toBe('Elige al menos 2 opciones de "Salsa" para Burrito.');
    expect(es(orders.tooFewChoices('Salsa', 'Burrito', 1))).toBe('Elige una opción de "Salsa" para Burrito.');
    expect(es(promoCodes.promoMinimumMessage('FIVEOFF', 2500))).toBe('FIVEOFF requiere un pedido de al menos $25.00.');
    expect(es('WELCOME10 applied: 10% off your order.')).toBe('WELCOME10 aplicado: 10% de descuento en tu pedido.');
    expect(es('FIVEOFF applied: $5.00 off your order.')).toBe('FIVEOFF aplicado: $5.00 de descuento en tu pedido.');
    expect(es(courier.wrongState('90012', 'CA', 'NV'))).toBe(
      'El código postal 90012 está en CA, no en NV. Revisa el estado y el código postal.',
    );
    expect(es(tooManySignIns(1))).toBe('Demasiados intentos de iniciar sesión. Espera 1 segundo e inténtalo de nuevo.');
    expect(es(tooManySignIns(600))).toBe(
      'Demasiados intentos de iniciar sesión. Espera 10 minutos e inténtalo de nuevo.',
    );
    expect(es(schedule.tooSoon('pickup', 60))).toBe(
      'Elige una hora para recoger que sea por lo menos 1 hora a partir de ahora.',
    );
    expect(es(hiddenCharactersMessage('Your name'))).toBe(
      'Tu nombre no puede contener saltos de línea ni caracteres de formato ocultos.',
    );
  });

  it('keeps English as the code words it', () => {
    for (const text of [
      orders.ORDER_NOT_FOUND,
      orders.soldOut('Taco de Asada'),
      loyalty.rewardOffer(240),
      courier.beyondRadius(12.44, 8),
      'This message has no entry.',
    ])
      expect(apiMessageIn('en', text)).toBe(text);
  });

  it('leaves a message it does not know as it is', () => {
    expect(es('This message has no entry.')).toBe('This message has no entry.');
  });
});
