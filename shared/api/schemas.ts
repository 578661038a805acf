/**
 * Request and response shapes of the API's calls (the storefront's and the built-in
 * accounts'), as zod schemas and the TypeScript types inferred from them.
 *
 * - The server validates every request body and query with these schemas; every message a
 *   customer can see is a sentence written here, never a zod default.
 * - Ids are strings on our wire. Input schemas also accept a number (the POS uses both) and turn
 *   it into a string, so `Xxx` (the parsed type) has string ids and `XxxInput` accepts either.
 * - Money on the wire is dollars (numbers), except modifier prices inside saved carts and
 *   reorders, which travel as strings ('1.50'). Integer cents stay inside the code
 *   (`OrderTotalsCents` in shared/pricing.ts); `OrderTotals` here is the wire's dollars.
 * - Every answer the API sends has its schema here (or in staff.ts, menu-answer.ts): the server
 *   types its answers with the inferred types, and the tests check each answer against its schema.
 * - Browser code (the widget, the site islands, `client.ts`) must only `import type` from here,
 *   so zod never lands in the 30 KB widget bundle.
 */
import { z } from 'zod';
import {
  CITY_REQUIRED,
  EMAIL_INVALID,
  EMAIL_REQUIRED,
  KITCHEN_NOTE_MAX,
  KITCHEN_NOTE_NOT_TEXT,
  KITCHEN_NOTE_TOO_LONG,
  NAME_REQUIRED,
  PHONE_REQUIRED,
  PHONE_TOO_SHORT,
  QUOTE_REQUIRED,
  STATE_FORMAT,
  STATE_REQUIRED,
  STREET_REQUIRED,
  ZIP_FORMAT,
  ZIP_REQUIRED,
} from '../checkout-form.ts';
import { NO_MENUS_RETURNED } from './messages.ts';
import { hasHiddenCharacters, hiddenCharactersMessage } from '../plain-text.ts';

// ---------------------------------------------------------------------------------------------
// Building blocks

/** An id as the wire carries it: a non-empty string, or a whole number, read as a string. */
function idSchema(message: string) {
  return z
    .union(
      [
        z.string({ error: message }).trim().min(1, { error: message }).max(128, { error: message }),
        z.number({ error: message }).int({ error: message }).nonnegative({ error: message }),
      ],
      { error: message },
    )
    .transform(String);
}

export const IdSchema = idSchema('This id is not valid.');
/** An id after parsing. */
export type Id = string;
/** An id as a caller may give it. */
export type IdInput = string | number;

/** A required line of text: trimmed, not empty, at most `max` characters, one plain line (`label` names it). */
function requiredText(required: string, max: number, tooLong: string, label: string) {
  return plainText(
    z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: tooLong }),
    label,
  );
}

/** Refuses line breaks and invisible formatting characters (shared/plain-text.ts) in a text field. */
function plainText<T extends z.ZodType<string>>(schema: T, label: string) {
  return schema.refine((value) => !hasHiddenCharacters(value), { error: hiddenCharactersMessage(label) });
}

const PRICE_TEXT = /^-?\d+(\.\d+)?$/;

/** A price as the POS sends it: '1.50' or 1.5 (the menu flattener turns it into a number). */
const RawPriceSchema = z.union([z.string(), z.number()], { error: 'A price must be a number.' });

/** A modifier price, sent as a string ('1.50'); a number is accepted and written with 2 decimals. */
const PriceTextSchema = z.union(
  [
    z
      .string({ error: 'A price must be a number.' })
      .trim()
      .regex(PRICE_TEXT, { error: 'A price must be a number, like 1.50.' }),
    z.number({ error: 'A price must be a number.' }).transform((value) => value.toFixed(2)),
  ],
  { error: 'A price must be a number, like 1.50.' },
);

/** Dollars on the wire: a finite number, at least 0. */
function dollars(label: string) {
  return z
    .number({ error: `${label} must be an amount in dollars.` })
    .min(0, { error: `${label} cannot be negative.` });
}

const QuantitySchema = z
  .number({ error: 'Enter a quantity as a number.' })
  .int({ error: 'The quantity must be a whole number.' })
  .min(1, { error: 'The quantity must be at least 1.' })
  .max(99, { error: 'The quantity can be at most 99.' });

const CognitoSubSchema = requiredText(
  'Sign in to continue.',
  128,
  'Your account id is not valid. Sign in again.',
  'Your account id',
);

/** A phone as a customer types it; the server normalises it with normalizePhone. */
const PhoneSchema = requiredText(PHONE_REQUIRED, 30, 'That phone number is too long.', 'The phone number').refine(
  (value) => value === '' || value.replace(/\D/g, '').length >= 10,
  { error: PHONE_TOO_SHORT },
);

// Delivery address fields, shared by the estimate (all required) and the order (required for
// delivery only, checked below). Empty text passes the format checks so that "missing" gets one
// clear message of its own.

const streetText = () =>
  plainText(
    z
      .string({ error: STREET_REQUIRED })
      .trim()
      .max(200, { error: 'The street address can be at most 200 characters.' }),
    'The street address',
  );
const cityText = () =>
  plainText(
    z.string({ error: CITY_REQUIRED }).trim().max(100, { error: 'The city can be at most 100 characters.' }),
    'The city',
  );
const stateText = () =>
  z
    .string({ error: STATE_REQUIRED })
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), {
      error: STATE_FORMAT,
    });
const zipText = () =>
  z
    .string({ error: ZIP_REQUIRED })
    .trim()
    .refine((value) => value === '' || /^\d{5}(-\d{4})?$/.test(value), {
      error: ZIP_FORMAT,
    });
const COUNTRY_FORMAT = 'Enter the country as its two-letter code, like US.';
const countryText = () =>
  z
    .string({ error: COUNTRY_FORMAT })
    .trim()
    .toUpperCase()
    .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), { error: COUNTRY_FORMAT });

const LatitudeSchema = z
  .number({ error: 'The delivery location is not valid. Check the address.' })
  .min(-90, { error: 'The delivery location is not valid. Check the address.' })
  .max(90, { error: 'The delivery location is not valid. Check the address.' });
const LongitudeSchema = z
  .number({ error: 'The delivery location is not valid. Check the address.' })
  .min(-180, { error: 'The delivery location is not valid. Check the address.' })
  .max(180, { error: 'The delivery location is not valid. Check the address.' });

const BODY_UNREADABLE = 'We could not read this request. Refresh the page and try again.';

/** A request body or query: anything but an object gets a sentence, not a zod default. */
function request<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.object(shape, { error: BODY_UNREADABLE });
}

// ---------------------------------------------------------------------------------------------
// Errors

/** Every error answer of the API: a sentence a person can act on. */
export const ApiErrorSchema = z.object({
  error: z.literal(true),
  message: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The first human message of a failed parse, for a toast or a 400 answer. */
export function firstIssueMessage(error: z.ZodError): string {
  const message = error.issues[0]?.message?.trim();
  return message ? message : 'Some details are missing or not valid. Check the form and try again.';
}

// ---------------------------------------------------------------------------------------------
// GET /api/csrf/

export const CsrfResponseSchema = z.object({ csrftoken: z.string() });
export type CsrfResponse = z.infer<typeof CsrfResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/health/

/** The process answers and so does its database (`pglite` or `postgres`). */
export const HealthResponseSchema = z.object({ ok: z.literal(true), database: z.string() });
export type HealthResponse = z.infer<typeof HealthResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/places/config/

/** The browser key for Google Places autocomplete; null: plain address fields. */
export const PlacesConfigResponseSchema = z.object({ google_maps_api_key: z.string().nullable() });
export type PlacesConfigResponse = z.infer<typeof PlacesConfigResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/menus/ — the raw menu as the POS (and the API) sends it

export const ModifierSchema = z.object({
  id: idSchema('Each modifier needs an id.'),
  name: z.string({ error: 'Each modifier needs a name.' }),
  price: RawPriceSchema,
});
export type Modifier = z.infer<typeof ModifierSchema>;

export const ModifierGroupSchema = z.object({
  id: idSchema('Each modifier group needs an id.'),
  name: z.string({ error: 'Each modifier group needs a name.' }),
  force_popup: z.boolean().optional(),
  min_required: z.number().int().nonnegative().optional(),
  max_allowed: z.number().int().nonnegative().optional(),
  modifiers: z.array(ModifierSchema),
});
export type ModifierGroup = z.infer<typeof ModifierGroupSchema>;

/**
 * One menu entry, checked loosely: only `id` is required, and unknown keys are kept. The menu
 * flattener replaces an entry that fails this check with a placeholder item priced 0.
 */
export const RawMenuItemSchema = z.looseObject({
  id: idSchema('Each menu item needs an id.'),
  name: z.string().optional(),
  description: z.string().nullish(),
  base_price: RawPriceSchema.optional(),
  is_special: z.boolean().nullish(),
  clover_id: z.string().nullish(),
  photo: z.string().nullish(),
  modifier_groups: z.array(ModifierGroupSchema).optional(),
});
export type RawMenuItem = z.infer<typeof RawMenuItemSchema>;

export const SubcategorySchema = z.object({
  name: z.string(),
  menu_items: z.array(z.unknown()),
});
export type Subcategory = z.infer<typeof SubcategorySchema>;

export const CategorySchema = z.object({
  name: z.string(),
  menu_items: z.array(z.unknown()),
  subcategories: z.array(SubcategorySchema).optional(),
});
export type Category = z.infer<typeof CategorySchema>;

export const MenuSchema = z.object({
  name: z.string(),
  categories: z.array(CategorySchema),
});
export type Menu = z.infer<typeof MenuSchema>;

/** The menus answer must be a non-empty array; an empty one or a non-array is NO_MENUS_RETURNED. */
export const MenusResponseSchema = z
  .array(MenuSchema, { error: NO_MENUS_RETURNED })
  .min(1, { error: NO_MENUS_RETURNED });
export type MenusResponse = z.infer<typeof MenusResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/estimate-delivery/

export const EstimateDeliveryRequestSchema = request({
  delivery_street: streetText().min(1, { error: STREET_REQUIRED }),
  delivery_city: cityText().min(1, { error: CITY_REQUIRED }),
  delivery_state: stateText().min(1, { error: STATE_REQUIRED }),
  delivery_zip: zipText().min(1, { error: ZIP_REQUIRED }),
  delivery_country: countryText()
    .transform((value) => value || 'US')
    .default('US'),
});
export type EstimateDeliveryRequest = z.infer<typeof EstimateDeliveryRequestSchema>;
export type EstimateDeliveryRequestInput = z.input<typeof EstimateDeliveryRequestSchema>;

/** The 200 answer: a price held under `quote_id` until `expires_at` (the 422 is an ApiError). */
export const DeliveryQuoteResponseSchema = z.object({
  error: z.literal(false),
  /** Dollars. */
  delivery_estimate: z.number().nonnegative(),
  quote_id: z.string(),
  delivery_lat: z.number(),
  delivery_lng: z.number(),
  distance_miles: z.number().nonnegative(),
  /** ISO 8601 timestamp: until when create-order charges this price. */
  expires_at: z.string(),
});
export type DeliveryQuoteResponse = z.infer<typeof DeliveryQuoteResponseSchema>;

/** Either answer as the widget reads it: `error: true` with a `message`, or the quote's dollars and miles. */
export const EstimateDeliveryResponseSchema = DeliveryQuoteResponseSchema.partial().extend({
  error: z.boolean(),
  message: z.string().optional(),
});
export type EstimateDeliveryResponse = z.infer<typeof EstimateDeliveryResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/loyalty/points/?phone=

export const LoyaltyPointsQuerySchema = request({ phone: PhoneSchema });
export type LoyaltyPointsQuery = z.infer<typeof LoyaltyPointsQuerySchema>;

export const LoyaltyPointsResponseSchema = z.object({ points: z.number().int().nonnegative() });
export type LoyaltyPointsResponse = z.infer<typeof LoyaltyPointsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/promo-validate/

export const PromoValidateRequestSchema = request({
  code: requiredText('Enter a promo code.', 50, 'That promo code is too long.', 'The promo code'),
  /** Lets the server apply first-order or loyalty promos; blank reads as absent. */
  phone: z
    .string({ error: 'The phone number must be text.' })
    .trim()
    .max(30, { error: 'That phone number is too long.' })
    .transform((value) => (value === '' ? undefined : value))
    .optional(),
});
export type PromoValidateRequest = z.infer<typeof PromoValidateRequestSchema>;
export type PromoValidateRequestInput = z.input<typeof PromoValidateRequestSchema>;

export const DiscountTypeSchema = z.enum(['fixed', 'percent']);
export type DiscountType = z.infer<typeof DiscountTypeSchema>;

export const PromoValidateResponseSchema = z.object({
  valid: z.boolean(),
  discount_type: DiscountTypeSchema.optional(),
  /** Dollars for a fixed discount; a percentage for a percent one. */
  discount_value: z.number().nonnegative().optional(),
  message: z.string().optional(),
});
export type PromoValidateResponse = z.infer<typeof PromoValidateResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/create-order/

export const CartItemPayloadSchema = z.object({
  menu_item_id: idSchema('Each item in the cart needs a menu item id.'),
  quantity: QuantitySchema,
  modifiers: z
    .array(idSchema('Each option needs an id.'), { error: 'The options of an item must be a list.' })
    .max(50, { error: 'An item can have at most 50 options.' }),
});
export type CartItemPayload = z.infer<typeof CartItemPayloadSchema>;
export type CartItemPayloadInput = z.input<typeof CartItemPayloadSchema>;

export const DeliveryTypeSchema = z.enum(['pickup', 'delivery'], { error: 'Choose pickup or delivery.' });
export type DeliveryType = z.infer<typeof DeliveryTypeSchema>;

const CreateOrderFieldsSchema = request({
  cart_items: z
    .array(CartItemPayloadSchema, { error: 'Your cart is empty. Add an item before checking out.' })
    .min(1, { error: 'Your cart is empty. Add an item before checking out.' })
    .max(100, { error: 'An order can hold at most 100 different items.' }),
  name: requiredText(NAME_REQUIRED, 100, 'Your name can be at most 100 characters.', 'Your name'),
  email: z
    .string({ error: EMAIL_REQUIRED })
    .trim()
    .min(1, { error: EMAIL_REQUIRED })
    .max(254, { error: 'Your email address can be at most 254 characters.' })
    .pipe(z.email({ error: EMAIL_INVALID })),
  phone: PhoneSchema,
  delivery_type: DeliveryTypeSchema,
  marketing_opt_in: z.boolean({ error: 'Marketing consent must be yes or no.' }).default(false),
  /** Texts when the order is ready or out for delivery, to `phone` (shared/sms.ts, /sms-terms/). */
  sms_opt_in: z.boolean({ error: 'Consent to order texts must be yes or no.' }).default(false),
  promo_code: z
    .string({ error: 'The promo code must be text.' })
    .trim()
    .max(50, { error: 'That promo code is too long.' })
    .default(''),
  cognito_sub: CognitoSubSchema.optional(),
  /**
   * Spend loyalty points on the reward (settings' loyalty.reward): only a signed-in customer whose
   * account has `phone`, holding enough points; the server checks both and prices it itself.
   */
  redeem_points: z.boolean({ error: 'Using points must be yes or no.' }).default(false),
  // Delivery only; required for delivery by the check below.
  delivery_street: streetText().optional(),
  delivery_city: cityText().optional(),
  delivery_state: stateText().optional(),
  delivery_zip: zipText().optional(),
  delivery_country: countryText().optional(),
  delivery_lat: LatitudeSchema.optional(),
  delivery_lng: LongitudeSchema.optional(),
  delivery_quote_id: z
    .string({ error: QUOTE_REQUIRED })
    .trim()
    .max(200, { error: 'The delivery quote is not valid. Get a new delivery estimate.' })
    .optional(),
  /** Dollars. */
  delivery_cost: dollars('The delivery cost').optional(),
  /** Dollars. */
  tip: dollars('The tip').optional(),
  /**
   * When the food should be ready: an ISO 8601 instant with its offset ('2026-11-21T18:15:00Z'),
   * one of the slots GET /api/store-hours/ lists. Absent or null: as soon as possible.
   */
  scheduled_for: z.iso.datetime({ offset: true, error: 'Choose a valid time for your order.' }).nullable().optional(),
  /** A note for the kitchen ('No onions, please'): one plain line, at most 200 characters; blank or null reads as none. */
  note: plainText(
    z.string({ error: KITCHEN_NOTE_NOT_TEXT }).trim().max(KITCHEN_NOTE_MAX, { error: KITCHEN_NOTE_TOO_LONG }),
    'The note for the kitchen',
  )
    .transform((note) => note || undefined)
    .nullable()
    .optional(),
});

const DELIVERY_REQUIRED: ReadonlyArray<readonly [string, string]> = [
  ['delivery_street', STREET_REQUIRED],
  ['delivery_city', CITY_REQUIRED],
  ['delivery_state', STATE_REQUIRED],
  ['delivery_zip', ZIP_REQUIRED],
  ['delivery_quote_id', QUOTE_REQUIRED],
];

/**
 * A delivery order must carry street, city, state, ZIP and the quote id. The check also runs when
 * other fields failed, so a customer sees every missing address field at once.
 */
export const CreateOrderRequestSchema = CreateOrderFieldsSchema.superRefine(
  (order, ctx) => {
    const fields = order as unknown as Record<string, unknown>;
    if (fields.delivery_type !== 'delivery') return;
    for (const [field, message] of DELIVERY_REQUIRED) {
      const value = fields[field];
      if (value === undefined || (typeof value === 'string' && value.trim() === '')) {
        ctx.addIssue({ code: 'custom', message, path: [field], input: value });
      }
    }
  },
  {
    when: (payload) => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value),
  },
);
export type CreateOrderRequest = z.infer<typeof CreateOrderRequestSchema>;
export type CreateOrderRequestInput = z.input<typeof CreateOrderRequestSchema>;

/** Dollars with 2 decimals, computed by the server from its own prices, never the browser's. */
export const OrderTotalsSchema = z.object({
  /** Dollars. */
  subtotal: z.number(),
  /** Dollars. */
  promo_discount: z.number(),
  /** Dollars: what loyalty points took off. */
  loyalty_discount: z.number(),
  /** Dollars. */
  tax: z.number(),
  /** Dollars. */
  delivery_charge: z.number(),
  /** Dollars. */
  tip: z.number(),
  /** Dollars. */
  total: z.number(),
});
export type OrderTotals = z.infer<typeof OrderTotalsSchema>;

export const PaymentProviderSchema = z.enum(['demo', 'stripe']);
export type PaymentProvider = z.infer<typeof PaymentProviderSchema>;

export const CreateOrderResponseSchema = z.object({
  order_id: z.string(),
  /** The order's number for the customer and the kitchen. */
  number: z.number().int().positive(),
  status: z.string(),
  payment: z.object({
    provider: PaymentProviderSchema,
    client_secret: z.string(),
    /** Stripe's publishable key, for the Payment Element (Stripe only). */
    publishable_key: z.string().optional(),
  }),
  totals: OrderTotalsSchema,
});
export type CreateOrderResponse = z.infer<typeof CreateOrderResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/finalize-order/{id}/

/** A paid (or later) order as finalize-order answers it: what the congratulations page shows. */
export const FinalizedOrderSchema = z.object({
  order_id: z.string(),
  number: z.number().int().positive(),
  status: z.string(),
  delivery_type: DeliveryTypeSchema,
  name: z.string(),
  delivery_address: z.object({ street: z.string(), city: z.string(), state: z.string(), zip: z.string() }).nullable(),
  /** The points the order holds now: 0 once they were taken back. */
  points_earned: z.number().int().nonnegative(),
  /** The points taken back when the order was cancelled and refunded (absent or 0 otherwise). */
  points_reversed: z.number().int().nonnegative().optional(),
  /** The points the order spent on the reward (0 when none); given back when it is refunded. */
  points_redeemed: z.number().int().nonnegative(),
  items: z.array(
    z.object({
      menu_item_id: z.string(),
      name: z.string(),
      quantity: z.number().int().positive(),
      /** Dollars. */
      unit_price: z.number(),
      modifiers: z.array(
        z.object({
          id: z.string(),
          name: z.string(),
          /** Dollars, as text. */
          price: z.string(),
        }),
      ),
    }),
  ),
  totals: OrderTotalsSchema,
});
export type FinalizedOrder = z.infer<typeof FinalizedOrderSchema>;

/** The finalized order, or `error` (true or a text) when the payment did not go through. */
export const FinalizeOrderResponseSchema = FinalizedOrderSchema.partial().extend({
  error: z.union([z.string(), z.boolean()]).optional(),
  message: z.string().optional(),
});
export type FinalizeOrderResponse = z.infer<typeof FinalizeOrderResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/orders/{id}/status/ (Server-Sent Events): the data of each `status` event

/** A refund as the customer's order page shows it: how much, for what, and why. */
export const CustomerRefundSchema = z.object({
  amount_cents: z.int().positive(),
  /** The items it gave back (empty: an amount, or everything left when the order was cancelled). */
  lines: z.array(z.object({ name: z.string(), quantity: z.int().positive() })),
  /** Whether it is the cancel's refund of everything left. */
  whole_order: z.boolean(),
  /** The reason's code (shared/api/staff.ts REFUND_REASONS) and its words in the order's language. */
  reason: z.string(),
  reason_text: z.string(),
  /** The restaurant's own words (plain text), or null. */
  note: z.string().nullable(),
  /** 'pending' while the payment provider is still giving it back. */
  status: z.enum(['pending', 'succeeded']),
  /** ISO 8601 timestamp. */
  created_at: z.string(),
});
export type CustomerRefund = z.infer<typeof CustomerRefundSchema>;

export const OrderStatusEventSchema = z.object({
  status: z.string(),
  /** ISO 8601 timestamp the kitchen promised, or null. */
  promised_at: z.string().nullable(),
  /** The delivery service's word on the driver, and its tracking page, once one is booked. */
  delivery: z.object({ text: z.string(), tracking_url: z.string().nullable() }).nullable(),
  /** Why the order was cancelled (code, words in the order's language, the restaurant's note); null unless it was. */
  cancel: z.object({ reason: z.string(), reason_text: z.string(), note: z.string().nullable() }).nullable().optional(),
  /** The money given back so far (refunds that failed are not listed), oldest first. */
  refunds: z.array(CustomerRefundSchema).optional(),
  /** The loyalty points the order holds now (refunds take back what their part earned). */
  points_earned: z.int().min(0).optional(),
});
export type OrderStatusEvent = z.infer<typeof OrderStatusEventSchema>;

// ---------------------------------------------------------------------------------------------
// Test-mode card steps: POST /api/demo-payments/confirm/ and /api/demo-payments/setup/

export const DemoPaymentResponseSchema = z.object({ status: z.literal('succeeded') });
export type DemoPaymentResponse = z.infer<typeof DemoPaymentResponseSchema>;

/** A payment in a state the card step cannot handle: the error carries the provider's code too. */
export const DemoPaymentErrorSchema = ApiErrorSchema.extend({ code: z.string() });
export type DemoPaymentError = z.infer<typeof DemoPaymentErrorSchema>;

export const DemoCardSetupResponseSchema = z.object({ payment_method_id: z.string() });
export type DemoCardSetupResponse = z.infer<typeof DemoCardSetupResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/cognito/refresh/ and /api/cognito/signout/

export const RefreshResponseSchema = z.object({ access_token: z.string() });
export type RefreshResponse = z.infer<typeof RefreshResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Saved carts: GET / POST /api/saved-carts/, DELETE /api/saved-carts/{id}/

/** A chosen modifier as saved carts, orders and reorders carry it: price as a string ('1.50'). */
export const LineModifierSchema = z.object({
  id: idSchema('Each option needs an id.'),
  name: z.string({ error: 'Each option needs a name.' }).trim().max(200, { error: 'An option name is too long.' }),
  /** Dollars, as text. */
  price: PriceTextSchema,
});
export type LineModifier = z.infer<typeof LineModifierSchema>;
export type LineModifierInput = z.input<typeof LineModifierSchema>;

export const SavedCartItemSchema = z.object({
  menu_item_id: idSchema('Each item in the cart needs a menu item id.'),
  quantity: QuantitySchema,
  modifiers: z
    .array(LineModifierSchema, { error: 'The options of an item must be a list.' })
    .max(50, { error: 'An item can have at most 50 options.' }),
});
export type SavedCartItem = z.infer<typeof SavedCartItemSchema>;
export type SavedCartItemInput = z.input<typeof SavedCartItemSchema>;

export const SavedCartRequestSchema = request({
  name: requiredText('Give this cart a name.', 80, 'A cart name can be at most 80 characters.', 'The cart name'),
  items: z
    .array(SavedCartItemSchema, { error: 'There is nothing in this cart to save.' })
    .min(1, { error: 'There is nothing in this cart to save.' })
    .max(100, { error: 'A saved cart can hold at most 100 different items.' }),
  cognito_sub: CognitoSubSchema,
});
export type SavedCartRequest = z.infer<typeof SavedCartRequestSchema>;
export type SavedCartRequestInput = z.input<typeof SavedCartRequestSchema>;

export const SavedCartSchema = z.object({
  id: IdSchema,
  name: z.string(),
  items: z.array(SavedCartItemSchema),
  cognito_sub: z.string(),
  /** ISO 8601 timestamp. */
  created_at: z.string().optional(),
});
export type SavedCart = z.infer<typeof SavedCartSchema>;

export const SavedCartListResponseSchema = z.array(SavedCartSchema);
export type SavedCartListResponse = z.infer<typeof SavedCartListResponseSchema>;

/** The `?cognito_sub=` query of the account lists and of DELETE /api/payment-methods/{id}/. */
export const CognitoSubQuerySchema = request({ cognito_sub: CognitoSubSchema });
export type CognitoSubQuery = z.infer<typeof CognitoSubQuerySchema>;

// ---------------------------------------------------------------------------------------------
// Orders: GET /api/orders/, POST /api/orders/{id}/reorder/

export const OrderSummaryItemSchema = z.object({
  menu_item_id: IdSchema,
  /** The item's name when ordered, so the history reads right after the menu changes. */
  name: z.string(),
  quantity: z.number().int().positive(),
  modifiers: z.array(LineModifierSchema),
});
export type OrderSummaryItem = z.infer<typeof OrderSummaryItemSchema>;

/** One order in the signed-in customer's list, newest first. */
export const OrderSummarySchema = z.object({
  id: IdSchema,
  /** The number the customer and the kitchen know it by. */
  number: z.number().int().positive().optional(),
  /** e.g. 'pending_payment', 'paid', 'cancelled' — the server owns the list. */
  status: z.string(),
  /** ISO 8601 timestamp. */
  created_at: z.string(),
  delivery_type: DeliveryTypeSchema,
  items: z.array(OrderSummaryItemSchema),
  totals: OrderTotalsSchema,
});
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderListResponseSchema = z.array(OrderSummarySchema);
export type OrderListResponse = z.infer<typeof OrderListResponseSchema>;

export const ReorderRequestSchema = request({ cognito_sub: CognitoSubSchema });
export type ReorderRequest = z.infer<typeof ReorderRequestSchema>;

export const ReorderItemSchema = z.object({
  menu_item_id: IdSchema,
  quantity: QuantitySchema,
  modifiers: z.array(LineModifierSchema),
});
export type ReorderItem = z.infer<typeof ReorderItemSchema>;

/** `message` says what was left out, e.g. an item no longer on the menu. */
export const ReorderResponseSchema = z.object({
  items: z.array(ReorderItemSchema),
  message: z.string().optional(),
});
export type ReorderResponse = z.infer<typeof ReorderResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Saved cards: GET /api/payment-methods/, DELETE /api/payment-methods/{id}/,
// POST /api/setup-intent/, POST /api/save-payment-method/

export const PaymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string().optional(),
  last4: z.string().optional(),
  exp_month: z.number().int().min(1).max(12).optional(),
  exp_year: z.number().int().optional(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;

export const PaymentMethodListResponseSchema = z.array(PaymentMethodSchema);
export type PaymentMethodListResponse = z.infer<typeof PaymentMethodListResponseSchema>;

export const SetupIntentRequestSchema = request({ cognito_sub: CognitoSubSchema });
export type SetupIntentRequest = z.infer<typeof SetupIntentRequestSchema>;

export const SetupIntentResponseSchema = z.object({
  client_secret: z.string(),
  provider: PaymentProviderSchema.optional(),
  /** Stripe's publishable key, for the Payment Element (Stripe only). */
  publishable_key: z.string().optional(),
});
export type SetupIntentResponse = z.infer<typeof SetupIntentResponseSchema>;

export const SavePaymentMethodRequestSchema = request({
  payment_method_id: requiredText(
    'Choose a card to save.',
    255,
    'That card reference is not valid.',
    'The card reference',
  ),
  cognito_sub: CognitoSubSchema,
});
export type SavePaymentMethodRequest = z.infer<typeof SavePaymentMethodRequestSchema>;

/** What saving a card answers: the saved card, with a sentence naming it. */
export const SavePaymentMethodResponseSchema = PaymentMethodSchema.extend({ message: z.string().optional() });
export type SavePaymentMethodResponse = z.infer<typeof SavePaymentMethodResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Built-in accounts (email and password kept by this server, instead of Cognito):
// POST /api/auth/register/, confirm/, login/, password-reset/, password-reset/confirm/;
// GET /api/auth/config/

const AuthEmailSchema = z
  .string({ error: EMAIL_REQUIRED })
  .trim()
  .min(1, { error: EMAIL_REQUIRED })
  .max(254, { error: 'Your email address can be at most 254 characters.' })
  .pipe(z.email({ error: EMAIL_INVALID }));
const NewPasswordSchema = z
  .string({ error: 'Choose a password.' })
  .min(1, { error: 'Choose a password.' })
  .max(200, { error: 'Use at most 72 characters for your password.' });
const LinkTokenSchema = z
  .string({ error: 'This link is not valid or has expired. Ask for a new one.' })
  .trim()
  .min(20, { error: 'This link is not valid or has expired. Ask for a new one.' })
  .max(200, { error: 'This link is not valid or has expired. Ask for a new one.' });

export const RegisterRequestSchema = request({
  email: AuthEmailSchema,
  password: NewPasswordSchema,
  name: requiredText(NAME_REQUIRED, 100, 'Your name can be at most 100 characters.', 'Your name'),
  phone: PhoneSchema,
});
export type RegisterRequest = z.infer<typeof RegisterRequestSchema>;
export type RegisterRequestInput = z.input<typeof RegisterRequestSchema>;

/** The password given to sign in or to confirm a sign-up: any text; the server says if it is wrong. */
const CurrentPasswordSchema = z
  .string({ error: 'Enter your password.' })
  .min(1, { error: 'Enter your password.' })
  .max(200, { error: 'The email or password is not right.' });

/** The mail's link and the password chosen at sign-up: the mailbox's owner made the account. */
export const ConfirmRequestSchema = request({ token: LinkTokenSchema, password: CurrentPasswordSchema });
export type ConfirmRequest = z.infer<typeof ConfirmRequestSchema>;

export const LoginRequestSchema = request({ email: AuthEmailSchema, password: CurrentPasswordSchema });
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const PasswordResetRequestSchema = request({ email: AuthEmailSchema });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequestSchema>;

export const PasswordResetConfirmSchema = request({ token: LinkTokenSchema, password: NewPasswordSchema });
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

/** What sign-in and POST /api/cognito/refresh/ answer; the refresh token travels in an httpOnly cookie. */
export const SessionResponseSchema = z.object({
  access_token: z.string(),
  expires_in: z.number().int().positive(),
  cognito_sub: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  name: z.string(),
});
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** A call that only tells the customer what happened (registered, confirmed, mail sent). */
export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** Which sign-in this server uses, and for Cognito where its hosted pages are. */
export const AuthConfigResponseSchema = z.object({
  provider: z.enum(['built-in', 'cognito']),
  hosted_ui: z
    .object({ login_url: z.string(), register_url: z.string(), reset_url: z.string(), logout_url: z.string() })
    .optional(),
});
export type AuthConfigResponse = z.infer<typeof AuthConfigResponseSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/store-hours/

export const SUBTOTAL_CENTS_INVALID = 'Give the subtotal in whole cents.';

/** `?catering=1`: the slots of a cart holding catering; `?subtotal_cents=`: those with room for that item subtotal. */
export const StoreHoursQuerySchema = request({
  catering: z.string().optional(),
  subtotal_cents: z
    .string()
    .regex(/^\d{1,9}$/, SUBTOTAL_CENTS_INVALID)
    .transform(Number)
    .optional(),
});
export type StoreHoursQuery = z.infer<typeof StoreHoursQuerySchema>;

const PerOrderType = <T extends z.ZodType>(value: T) => z.object({ pickup: value, delivery: value });
const TipPresetAnswer = z.object({
  floor_cents: z.int().min(0),
  per_mile_cents: z.int().min(0),
  cap_percent: z.number().min(0).max(100),
});

/** Whether ASAP orders are taken now, why not, when they next are, and the slots to order ahead. */
export const StoreHoursResponseSchema = z.object({
  open_now: PerOrderType(z.boolean()),
  paused: z.boolean(),
  next_opening: PerOrderType(z.string().nullable()),
  closed_message: PerOrderType(z.string().nullable()),
  slots: PerOrderType(z.array(z.string())),
  /** ASAP is open and not paused, but its slot is full (closed_message says so). */
  asap_full: PerOrderType(z.boolean()).optional(),
  /** About how many minutes an ASAP order takes now: the lead time plus the busy minutes. */
  asap_minutes: PerOrderType(z.int().min(0)).optional(),
  /** The earliest time an order can be placed for now (the first of `slots`), or null. */
  next_slot: PerOrderType(z.string().nullable()).optional(),
  /** The owner's live delivery radius and fees, tip presets and earn rate (shared/live-settings.ts). */
  pricing: z
    .object({
      delivery: z.object({
        radius_miles: z.number().positive(),
        fee_tiers: z.array(z.object({ up_to_miles: z.number().positive(), fee_cents: z.int().min(0) })).min(1),
        minimum_fee_cents: z.int().min(0),
      }),
      tips: z.object({
        basic: TipPresetAnswer,
        plus: TipPresetAnswer,
        super: TipPresetAnswer,
      }),
      loyalty: z.object({ cents_per_point: z.int().positive() }),
    })
    .optional(),
});
export type StoreHoursResponse = z.infer<typeof StoreHoursResponseSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/webhooks/stripe/ and /api/webhooks/doordash/

/** An event taken (or seen before: `duplicate`). */
export const WebhookReceivedSchema = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });
export type WebhookReceived = z.infer<typeof WebhookReceivedSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/dev/outbox/ (DEV_OUTBOX=1 only)

/** A mail the server sent, with the links in it, newest first. */
export const OutboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  links: z.array(z.string()),
  /** ISO 8601 timestamp. */
  created_at: z.string(),
});
export type OutboxMail = z.infer<typeof OutboxMailSchema>;

export const OutboxResponseSchema = z.array(OutboxMailSchema);
export type OutboxResponse = z.infer<typeof OutboxResponseSchema>;
