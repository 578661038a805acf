/**
 * The owner's admin area, under /api/staff/admin/ (admins only: 401 to strangers, 403 to staff):
 * promo codes and the audit log of every change an admin makes. Request and answer schemas for
 * the server and the admin page alike (browser code imports the types only).
 */
import { z } from 'zod';

const BODY_UNREADABLE = 'Some details are missing or not valid. Check the form and try again.';
const body = <T extends z.core.$ZodLooseShape>(shape: T) => z.object(shape, { error: BODY_UNREADABLE });

const instant = z.iso.datetime({
  offset: true,
  error: 'Give the time as an ISO 8601 date and time, like 2026-11-20T19:30:00Z.',
});

// ---------------------------------------------------------------------------------------------
// Promo codes: GET/POST /api/staff/admin/promo-codes/, PATCH /api/staff/admin/promo-codes/:code/

export const PROMO_CODE_SHAPE =
  'A code is 3 to 30 letters, digits, dashes or underscores, starting with a letter or digit.';
export const PERCENT_OFF_RANGE = 'A percent off is a whole number from 1 to 100.';
export const AMOUNT_OFF_RANGE = 'An amount off is from $0.01 to $1,000.00, in whole cents.';
export const MIN_SUBTOTAL_RANGE = 'The minimum subtotal is from $0.00 to $10,000.00, in whole cents.';
export const LIMIT_RANGE = 'A limit is a whole number from 1 to 1,000,000, or none.';
export const DESCRIPTION_TOO_LONG = 'Describe the code in at most 200 characters.';
export const ENDS_BEFORE_START = 'The end must come after the start.';

const promoCodeText = z
  .string({ error: PROMO_CODE_SHAPE })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{2,29}$/, { error: PROMO_CODE_SHAPE });

/** Percent off the item subtotal, or an amount off it. */
export const PromoDiscountSchema = z.discriminatedUnion(
  'type',
  [
    z.object({
      type: z.literal('percent'),
      percent: z
        .int({ error: PERCENT_OFF_RANGE })
        .min(1, { error: PERCENT_OFF_RANGE })
        .max(100, { error: PERCENT_OFF_RANGE }),
    }),
    z.object({
      type: z.literal('fixed'),
      amount_cents: z
        .int({ error: AMOUNT_OFF_RANGE })
        .min(1, { error: AMOUNT_OFF_RANGE })
        .max(100_000, { error: AMOUNT_OFF_RANGE }),
    }),
  ],
  { error: 'Choose a percent off or an amount off.' },
);
export type PromoDiscount = z.infer<typeof PromoDiscountSchema>;

const limit = z
  .int({ error: LIMIT_RANGE })
  .min(1, { error: LIMIT_RANGE })
  .max(1_000_000, { error: LIMIT_RANGE })
  .nullable();

/** Everything about a code an admin sets (the code itself is fixed once made). */
const promoFields = {
  description: z.string({ error: DESCRIPTION_TOO_LONG }).trim().max(200, { error: DESCRIPTION_TOO_LONG }),
  discount: PromoDiscountSchema,
  min_subtotal_cents: z
    .int({ error: MIN_SUBTOTAL_RANGE })
    .min(0, { error: MIN_SUBTOTAL_RANGE })
    .max(1_000_000, { error: MIN_SUBTOTAL_RANGE }),
  starts_at: instant.nullable(),
  expires_at: instant.nullable(),
  per_customer_limit: limit,
  total_limit: limit,
  first_order_only: z.boolean({ error: 'First order only is true or false.' }),
  active: z.boolean({ error: 'Active is true or false.' }),
};

const startsBeforeEnd = (promo: { starts_at?: string | null; expires_at?: string | null }) =>
  !promo.starts_at || !promo.expires_at || Date.parse(promo.expires_at) > Date.parse(promo.starts_at);

export const PromoCodeCreateSchema = body({
  code: promoCodeText,
  description: promoFields.description.default(''),
  discount: promoFields.discount,
  min_subtotal_cents: promoFields.min_subtotal_cents.default(0),
  starts_at: promoFields.starts_at.default(null),
  expires_at: promoFields.expires_at.default(null),
  per_customer_limit: promoFields.per_customer_limit.default(null),
  total_limit: promoFields.total_limit.default(null),
  first_order_only: promoFields.first_order_only.default(false),
  active: promoFields.active.default(true),
}).refine(startsBeforeEnd, { error: ENDS_BEFORE_START, path: ['expires_at'] });
export type PromoCodeCreate = z.infer<typeof PromoCodeCreateSchema>;
export type PromoCodeCreateInput = z.input<typeof PromoCodeCreateSchema>;

/** A change: the fields sent change (active: false deactivates). The dates are checked with the stored ones. */
export const PromoCodeChangeSchema = body({
  description: promoFields.description.optional(),
  discount: promoFields.discount.optional(),
  min_subtotal_cents: promoFields.min_subtotal_cents.optional(),
  starts_at: promoFields.starts_at.optional(),
  expires_at: promoFields.expires_at.optional(),
  per_customer_limit: promoFields.per_customer_limit.optional(),
  total_limit: promoFields.total_limit.optional(),
  first_order_only: promoFields.first_order_only.optional(),
  active: promoFields.active.optional(),
});
export type PromoCodeChange = z.infer<typeof PromoCodeChangeSchema>;
export type PromoCodeChangeInput = z.input<typeof PromoCodeChangeSchema>;

/** Where a code stands now, in the order a customer would meet the reasons. */
export const PROMO_STATES = ['active', 'inactive', 'scheduled', 'expired', 'used_up'] as const;

export const PromoCodeAdminSchema = z.object({
  code: z.string(),
  description: z.string(),
  discount: PromoDiscountSchema,
  min_subtotal_cents: z.int(),
  starts_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  per_customer_limit: z.int().nullable(),
  total_limit: z.int().nullable(),
  first_order_only: z.boolean(),
  active: z.boolean(),
  state: z.enum(PROMO_STATES),
  created_at: z.string(),
  updated_at: z.string(),
  /** Paid orders holding the code, less cancelled ones. */
  uses: z.int().min(0),
  /** What those orders came to (their totals, after the discount, less what was refunded). */
  revenue_cents: z.int(),
  /** What the code took off those orders. */
  discount_given_cents: z.int().min(0),
});
export type PromoCodeAdmin = z.infer<typeof PromoCodeAdminSchema>;

export const PromoCodeListSchema = z.object({ promo_codes: z.array(PromoCodeAdminSchema) });
export type PromoCodeList = z.infer<typeof PromoCodeListSchema>;

// ---------------------------------------------------------------------------------------------
// The audit log: GET /api/staff/admin/audit/?area=&before=

export const AUDIT_AREAS = ['promo_codes', 'settings', 'menu', 'customers'] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

export const AuditQuerySchema = z.object({
  area: z.enum(AUDIT_AREAS, { error: `The area is one of ${AUDIT_AREAS.join(', ')}.` }).optional(),
  /** The next page: entries older than this id. */
  before: z
    .string()
    .regex(/^\d{1,18}$/, { error: 'Give "before" as the id of an audit entry.' })
    .optional(),
});

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** The admin's email address. */
  actor: z.string(),
  area: z.enum(AUDIT_AREAS),
  /** What was changed: a code, a setting's name, an item's id. */
  subject: z.string(),
  /** The thing before the change (null: it was made) and after (null: it was removed). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = z.object({
  entries: z.array(AuditEntrySchema),
  /** Pass as `before` for older entries; null at the first change ever. */
  next_before: z.string().nullable(),
});
export type AuditPage = z.infer<typeof AuditPageSchema>;
