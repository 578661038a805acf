/**
 * The admin's Customers screen, under /api/staff/admin/customers/ (admins only). A customer is a
 * phone number with at least one paid order (checkouts never paid are left out): the loyalty key,
 * normalised as orders keep it (shared/phone.ts). Their name and email are those of their latest
 * order; their points are the phone's loyalty balance (the ledger's sum, as GET
 * /api/loyalty/points/ answers it).
 *
 * Opted in: the only consent to marketing the product records is the checkout's box "Text and
 * email me offers from the restaurant" (orders.marketing_opt_in; the order texts' own consent,
 * sms_opt_in, is for that order's texts only and never counts). A customer is opted in when their
 * latest order ticked it and no checkout of theirs since (paid or not) left it unticked: a later
 * "no" is honoured at once. The export holds opted-in customers only.
 *
 * Request and answer schemas for the server and the admin page alike (browser code imports the
 * types only).
 */
import { z } from 'zod';
import { hasHiddenCharacters, hiddenCharactersMessage } from '../plain-text.ts';

const BODY_UNREADABLE = 'Some details are missing or not valid. Check the form and try again.';

/** The most customers one search answers, newest order first. */
export const CUSTOMER_SEARCH_LIMIT = 50;
/** The most orders, and ledger entries, one customer's page lists, newest first. */
export const CUSTOMER_LIST_LIMIT = 100;

// ---------------------------------------------------------------------------------------------
// Search: GET /api/staff/admin/customers/?q=
// Finds the customers any of whose paid orders has a name or email address holding `q` (any case),
// or, when `q` reads as part of a phone number ('(213) 555', '555-01'), a phone number holding its
// digits; at most CUSTOMER_SEARCH_LIMIT, newest latest order first.

export const SEARCH_TOO_SHORT = 'Type at least 2 characters of a name, phone number or email address to search.';
export const SEARCH_TOO_LONG = 'Search with at most 100 characters.';

export const CustomerSearchQuerySchema = z.object({
  q: z
    .string({ error: SEARCH_TOO_SHORT })
    .trim()
    .min(2, { error: SEARCH_TOO_SHORT })
    .max(100, { error: SEARCH_TOO_LONG })
    .refine((value) => !hasHiddenCharacters(value), { error: hiddenCharactersMessage('The search') }),
});
export type CustomerSearchQuery = z.infer<typeof CustomerSearchQuerySchema>;

export const CustomerSummarySchema = z.object({
  /** The loyalty key, as orders keep it: '+12135550142'. */
  phone: z.string(),
  /** As the latest order gave them. */
  name: z.string(),
  email: z.string(),
  /** An account has this phone number or placed one of the orders. */
  account: z.boolean(),
  /** Paid orders (cancelled ones included). */
  order_count: z.int().min(1),
  /** When the latest one was placed (paid). */
  last_order_at: z.string(),
  /** The loyalty balance, as the customer sees it. */
  points: z.int().min(0),
  /** Consent to offers by text and email, as defined above. */
  opted_in: z.boolean(),
});
export type CustomerSummary = z.infer<typeof CustomerSummarySchema>;

export const CustomerSearchAnswerSchema = z.object({
  customers: z.array(CustomerSummarySchema),
  /** More customers matched than the CUSTOMER_SEARCH_LIMIT shown: search with more of the name. */
  more: z.boolean(),
});
export type CustomerSearchAnswer = z.infer<typeof CustomerSearchAnswerSchema>;

// ---------------------------------------------------------------------------------------------
// One customer: GET /api/staff/admin/customers/:phone/

export const NO_SUCH_CUSTOMER = 'There is no customer with that phone number.';

export const CUSTOMER_ORDER_STATUSES = [
  'paid',
  'accepted',
  'ready',
  'out_for_delivery',
  'completed',
  'cancelled',
] as const;

export const CustomerOrderSchema = z.object({
  number: z.int(),
  placed_at: z.string(),
  status: z.enum(CUSTOMER_ORDER_STATUSES),
  total_cents: z.int(),
  /** '2 × Taco al Pastor, 1 × Horchata'. */
  items: z.string(),
});
export type CustomerOrder = z.infer<typeof CustomerOrderSchema>;

export const LEDGER_KINDS = ['earned', 'reversed', 'redeemed', 'restored', 'adjusted'] as const;

export const LedgerEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** earned by an order, reversed by its refund or cancel, redeemed on a reward, restored on a cancel, adjusted by an admin. */
  kind: z.enum(LEDGER_KINDS),
  /** Added (positive) or taken away (negative). */
  points: z.int(),
  /** The order it belongs to; null for an admin's adjustment. */
  order_number: z.int().nullable(),
  /** An adjustment's reason and the admin who made it (their email); null otherwise. */
  reason: z.string().nullable(),
  by: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof LedgerEntrySchema>;

export const CustomerDetailSchema = CustomerSummarySchema.extend({
  /** The newest CUSTOMER_LIST_LIMIT paid orders, newest first. */
  orders: z.array(CustomerOrderSchema),
  /** The newest CUSTOMER_LIST_LIMIT ledger entries, newest first. */
  ledger: z.array(LedgerEntrySchema),
});
export type CustomerDetail = z.infer<typeof CustomerDetailSchema>;

// ---------------------------------------------------------------------------------------------
// Adjusting points: POST /api/staff/admin/customers/:phone/points/

export const POINTS_CHANGE_RANGE = 'The change is a whole number of points from -100,000 to 100,000, and not 0.';
export const POINTS_REASON_LENGTH = 'Give a reason of 3 to 200 characters.';
export const POINTS_REASON_HIDDEN = hiddenCharactersMessage('The reason');

export const PointsAdjustmentSchema = z.object(
  {
    change: z
      .int({ error: POINTS_CHANGE_RANGE })
      .min(-100_000, { error: POINTS_CHANGE_RANGE })
      .max(100_000, { error: POINTS_CHANGE_RANGE })
      .refine((change) => change !== 0, { error: POINTS_CHANGE_RANGE }),
    reason: z
      .string({ error: POINTS_REASON_LENGTH })
      .trim()
      .min(3, { error: POINTS_REASON_LENGTH })
      .max(200, { error: POINTS_REASON_LENGTH })
      .refine((reason) => !hasHiddenCharacters(reason), { error: POINTS_REASON_HIDDEN }),
  },
  { error: BODY_UNREADABLE },
);
export type PointsAdjustment = z.infer<typeof PointsAdjustmentSchema>;

/** 409: taking away more than the customer has. */
export const pointsBelowZero = (balance: number) =>
  `The balance cannot go below 0: this customer has ${balance} ${balance === 1 ? 'point' : 'points'}, so take away at most ${balance}.`;

// ---------------------------------------------------------------------------------------------
// Export: GET /api/staff/admin/customers/export.csv (text/csv, opted-in customers only)

export const EXPORT_COLUMNS = ['Name', 'Email', 'Phone', 'Orders', 'Last order date'] as const;
