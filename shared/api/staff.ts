/**
 * The staff side's calls under /api/staff/ (the board, sign-in, the menu's sold-out switches, the
 * pause switch): request and answer schemas, and the types inferred from them, for the server and
 * the board's client alike (browser code imports the types only).
 */
import { z } from 'zod';
import { DIET_TAGS, MAX_SPICE_LEVEL } from '../diet.ts';
import { OrderTotalsSchema } from './schemas.ts';

const BODY_UNREADABLE = 'Some details are missing or not valid. Check the form and try again.';
const body = <T extends z.core.$ZodLooseShape>(shape: T) => z.object(shape, { error: BODY_UNREADABLE });

export const STAFF_ROLES = ['staff', 'admin'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];

const email = z
  .string({ error: 'Enter your email address.' })
  .trim()
  .min(1, { error: 'Enter your email address.' })
  .max(254, { error: 'The email address can be at most 254 characters.' })
  .pipe(z.email({ error: 'Enter a valid email address.' }));

export const StaffLoginSchema = body({
  email,
  password: z
    .string({ error: 'Enter your password.' })
    .min(1, { error: 'Enter your password.' })
    .max(200, { error: 'The email or password is not right.' }),
});

export const StaffSetPasswordSchema = body({
  token: z
    .string({ error: 'This link is not valid or has expired. Ask an admin for a new one.' })
    .trim()
    .min(20, { error: 'This link is not valid or has expired. Ask an admin for a new one.' })
    .max(200, { error: 'This link is not valid or has expired. Ask an admin for a new one.' }),
  password: z
    .string({ error: 'Choose a password.' })
    .min(1, { error: 'Choose a password.' })
    .max(200, { error: 'Use at most 72 characters for your password.' }),
});

export const StaffInviteSchema = body({
  email,
  role: z.enum(STAFF_ROLES, { error: 'The role must be "staff" or "admin".' }).default('staff'),
});

/** PATCH /api/staff/members/:id/: a member's new role. */
export const StaffRoleChangeSchema = body({
  role: z.enum(STAFF_ROLES, { error: 'The role must be "staff" or "admin".' }),
});

/** An ISO 8601 time with its offset ("2026-11-20T19:30:00Z"). */
const instant = z.iso.datetime({
  offset: true,
  error: 'Give the time as an ISO 8601 date and time, like 2026-11-20T19:30:00Z.',
});

export const BOARD_STATUSES = ['accepted', 'ready', 'out_for_delivery', 'completed'] as const;

export const StaffMoveSchema = body({
  to: z.enum(BOARD_STATUSES, { error: 'Move the order to accepted, ready, out_for_delivery or completed.' }),
  promised_at: instant.optional(),
});

export const StaffPromiseSchema = body({ promised_at: instant });

/**
 * POST /api/staff/orders/:id/undo/: the move to take back, by its order event (BoardOrder.undo's
 * event_id), refused (409) once someone moved the order again. No body: the order's latest move,
 * whoever made it.
 */
export const StaffUndoSchema = body({
  event_id: z
    .string({ error: 'Name the move to undo by its event_id, as the board shows it.' })
    .regex(/^\d{1,18}$/, { error: 'Name the move to undo by its event_id, as the board shows it.' })
    .optional(),
});
export type StaffUndoInput = z.input<typeof StaffUndoSchema>;

/**
 * Why an order is cancelled or money given back: the board offers these, the customer reads each
 * in their language (`common.refundReason.<code>` in the message catalogues), with the staff's own words
 * beside it when they add some.
 */
export const REFUND_REASONS = [
  'customer_request',
  'out_of_stock',
  'kitchen_delay',
  'quality_issue',
  'duplicate_order',
  'delivery_problem',
  'other',
] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

const reason = z.enum(REFUND_REASONS, {
  error: `Choose a reason: ${REFUND_REASONS.join(', ').replaceAll('_', ' ')}.`,
});
const reasonNote = z
  .string({ error: 'Write the note as text.' })
  .trim()
  .max(500, { error: 'Keep the note under 500 characters.' })
  .optional()
  .transform((note) => (note ? note : null));

/** POST /api/staff/orders/:id/cancel/: the whole order, its money back; "other" needs a note. */
export const StaffCancelSchema = body({ reason, note: reasonNote }).refine(
  (cancel) => cancel.reason !== 'other' || cancel.note !== null,
  { error: 'Say why the order is cancelled.', path: ['note'] },
);

/**
 * POST /api/staff/orders/:id/refunds/: money back while the order stands. Either `lines` (each
 * line's position on the order and how many of it; the server prices them, with their share of
 * discounts and their tax) or `amount_cents` (a sum of the staff's choosing), never both.
 */
export const StaffRefundSchema = body({
  reason,
  note: reasonNote,
  lines: z
    .array(
      z.object(
        {
          position: z.int({ error: 'Name each line by its position on the order.' }).min(0, {
            error: 'Name each line by its position on the order.',
          }),
          quantity: z.int({ error: 'Refund a whole number of each item.' }).min(1, {
            error: 'Refund a whole number of each item.',
          }),
        },
        { error: 'Name each line by its position on the order.' },
      ),
      { error: 'List the lines to refund.' },
    )
    .min(1, { error: 'Choose at least one item to refund.' })
    .max(100, { error: 'Choose at most 100 lines.' })
    .optional(),
  amount_cents: z
    .int({ error: 'Give the amount in whole cents.' })
    .min(1, { error: 'Refund at least 1 cent.' })
    .optional(),
}).refine((refund) => (refund.lines === undefined) !== (refund.amount_cents === undefined), {
  error: 'Refund either some items or an amount, not both.',
});
export type StaffRefund = z.infer<typeof StaffRefundSchema>;
/** What the board sends (before the schema trims and defaults). */
export type StaffRefundInput = z.input<typeof StaffRefundSchema>;
export type StaffCancelInput = z.input<typeof StaffCancelSchema>;

/**
 * POST /api/staff/store/: the pause and busy switches and auto-accept. Each field is optional;
 * the ones sent change. `pause_minutes` with `paused: true` pauses for that long, null or absent
 * until turned back on.
 */
export const StaffStoreSchema = body({
  paused: z.boolean({ error: 'Say whether online ordering is paused: true or false.' }).optional(),
  pause_minutes: z
    .int({ error: 'Pause for a whole number of minutes.' })
    .positive({ error: 'Pause for a whole number of minutes.' })
    .max(24 * 60, { error: 'Pause for at most 24 hours.' })
    .nullable()
    .optional(),
  busy_minutes: z
    .int({ error: 'Add a whole number of minutes, or 0 when not busy.' })
    .min(0, { error: 'Add a whole number of minutes, or 0 when not busy.' })
    .max(120, { error: 'Add at most 120 minutes.' })
    .optional(),
  auto_accept: z.boolean({ error: 'Say whether new orders are accepted by themselves: true or false.' }).optional(),
}).refine((change) => Object.values(change).some((value) => value !== undefined), {
  error: 'Say what to change: paused, busy_minutes or auto_accept.',
});
/** What the board sends to flip the switches. */
export type StaffStoreInput = z.input<typeof StaffStoreSchema>;

export const StaffSoldOutSchema = body({
  sold_out: z.boolean({ error: 'Say whether it is sold out: true or false.' }),
  until: z
    .enum(['end_of_day'], { error: 'Sold out until "end_of_day", or null for until further notice.' })
    .nullable()
    .default(null),
});

/** PUT /api/staff/menu/items/{id}/diet/ (admins, no point-of-sale): the item's diet tags and spice level. */
export const StaffItemDietSchema = body({
  diet: z
    .array(z.enum(DIET_TAGS, { error: `A diet tag is one of ${DIET_TAGS.join(', ')}.` }), {
      error: 'List the diet tags, or none.',
    })
    .max(DIET_TAGS.length, { error: 'Name each diet tag once.' })
    .refine((tags) => new Set(tags).size === tags.length, { error: 'Name each diet tag once.' }),
  spice_level: z
    .number({ error: `The spice level is a whole number from 0 to ${MAX_SPICE_LEVEL}.` })
    .int({ error: `The spice level is a whole number from 0 to ${MAX_SPICE_LEVEL}.` })
    .min(0, { error: `The spice level is a whole number from 0 to ${MAX_SPICE_LEVEL}.` })
    .max(MAX_SPICE_LEVEL, { error: `The spice level is a whole number from 0 to ${MAX_SPICE_LEVEL}.` }),
});
export type StaffItemDiet = z.infer<typeof StaffItemDietSchema>;

export const ItemDietAnswerSchema = z.object({
  id: z.string(),
  diet: z.array(z.enum(DIET_TAGS)),
  spice_level: z.number().int().min(0).max(MAX_SPICE_LEVEL),
});
export type ItemDietAnswer = z.infer<typeof ItemDietAnswerSchema>;

/** A staff member as sign-in and GET /api/staff/me/ show them. */
export const StaffMemberAnswerSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
});
export type StaffMemberAnswer = z.infer<typeof StaffMemberAnswerSchema>;

/** A member as the Team view lists them (GET /api/staff/members/), and PATCH's answer. */
export const StaffTeamMemberSchema = StaffMemberAnswerSchema.extend({
  /** Whether they have chosen a password (false: their invite link is not used yet). */
  password_set: z.boolean(),
  /** ISO 8601 timestamp. */
  created_at: z.string(),
});
export type StaffTeamMember = z.infer<typeof StaffTeamMemberSchema>;

export const StaffTeamAnswerSchema = z.object({ members: z.array(StaffTeamMemberSchema) });
export type StaffTeamAnswer = z.infer<typeof StaffTeamAnswerSchema>;

/** POST /api/staff/members/: the member, whether they are new, and their one-time password link. */
export const InviteAnswerSchema = z.object({
  staff: StaffMemberAnswerSchema,
  created: z.boolean(),
  set_password_url: z.string(),
  /** ISO 8601 timestamp: when the link stops working. */
  expires_at: z.string(),
});
export type InviteAnswer = z.infer<typeof InviteAnswerSchema>;

/** POST /api/staff/login/ and /api/staff/refresh/; the refresh token is in the comal_staff_refresh cookie. */
export const StaffSessionAnswerSchema = z.object({
  access_token: z.string(),
  expires_in: z.number().int().positive(),
  staff: StaffMemberAnswerSchema,
});
export type StaffSessionAnswer = z.infer<typeof StaffSessionAnswerSchema>;

export const ORDER_STATUSES = [
  'paid',
  'accepted',
  'ready',
  'out_for_delivery',
  'completed',
  'cancelled',
  'pending_payment',
] as const;

/** A refund as the board and the customer's order page list it. */
export const RefundAnswerSchema = z.object({
  id: z.string(),
  amount_cents: z.int().positive(),
  reason: z.enum(REFUND_REASONS),
  note: z.string().nullable(),
  /** The lines it gave back (empty: an amount, or the whole order on a cancel). */
  lines: z.array(z.object({ position: z.int().min(0), name: z.string(), quantity: z.int().positive() })),
  /** Whether it is a cancel's refund of everything left. */
  whole_order: z.boolean(),
  /** 'succeeded' once the provider gave it back; 'failed' when it refused (staff may retry a cancel's). */
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** The staff member's email; the payment provider's name for one made in its dashboard. */
  by: z.string(),
  /** The points it took back. */
  points_reversed: z.int().min(0),
  /** ISO 8601 timestamp. */
  created_at: z.string(),
});
export type RefundAnswer = z.infer<typeof RefundAnswerSchema>;

/** A chosen modifier group of a line as the kitchen reads it: 'Salsa: Verde, Roja'. */
export const BoardModifierGroupSchema = z.object({ name: z.string(), choices: z.array(z.string()) });

/** An order as the board shows it: GET /api/staff/orders/ lists them; each SSE `order` event carries one. */
/**
 * What needs a person on a paid order beyond its status: the courier could not be booked for a
 * delivery (after one re-quote and re-book), the customer disputed the payment with their bank, a
 * cancelled delivery's courier could not be called off, the courier is bringing the order back, or
 * the point of sale (Clover) did not take the paid order.
 */
export const ORDER_PROBLEMS = [
  'delivery_not_booked',
  'payment_disputed',
  'courier_not_cancelled',
  'delivery_returned',
  'not_sent_to_pos',
  'refund_failed',
] as const;
export type OrderProblemKind = (typeof ORDER_PROBLEMS)[number];

export const OrderProblemSchema = z.object({
  kind: z.enum(ORDER_PROBLEMS),
  /** What happened, in the staff's words (English), e.g. the courier's refusal or the dispute's reason. */
  detail: z.string(),
  opened_at: z.string(),
});
export type OrderProblem = z.infer<typeof OrderProblemSchema>;

export const BoardOrderSchema = z.object({
  order_id: z.string(),
  number: z.number().int().positive(),
  status: z.enum(ORDER_STATUSES),
  name: z.string(),
  phone: z.string(),
  delivery_type: z.enum(['pickup', 'delivery']),
  delivery_address: z.object({ street: z.string(), city: z.string(), state: z.string(), zip: z.string() }).nullable(),
  items: z.array(
    z.object({
      /** The line's position on the order (refunds name lines by it). */
      position: z.int().min(0),
      name: z.string(),
      quantity: z.number().int().positive(),
      /** Every chosen modifier's name, in order. */
      modifiers: z.array(z.string()),
      /** The same choices under their group's name ('Choices' for one whose group is gone from the menu). */
      groups: z.array(BoardModifierGroupSchema),
      /** How many of this line were refunded. */
      refunded_quantity: z.int().min(0),
      /** One unit's price with its modifiers, in cents (order_lines.unit_price_cents): the refund dialog prices lines with it. */
      unit_price_cents: z.int().min(0).optional(),
    }),
  ),
  /** The customer's note to the kitchen (plain text), or null. */
  note: z.string().nullable(),
  /** Dollars. */
  totals: OrderTotalsSchema,
  /** ISO 8601 timestamp, like the other times here. */
  created_at: z.string(),
  paid_at: z.string().nullable(),
  promised_at: z.string().nullable(),
  /** When the order is for (a scheduled order); null: as soon as possible. */
  scheduled_for: z.string().nullable(),
  /** When the kitchen must have it ready: the promise, else the scheduled time, else paid + the lead time. */
  due_at: z.string().nullable(),
  /** When it reaches New: a scheduled order's due time minus the kitchen's prep time; paid_at for ASAP. Before it, the order waits in Upcoming. */
  fire_at: z.string().nullable(),
  /** When the restaurant's phone was texted because nobody accepted it, or null. */
  alerted_at: z.string().nullable(),
  /** A pickup nobody came for (completed as a no-show). */
  no_show: z.boolean(),
  /** The cancel's reason code and the staff's words; null unless cancelled. */
  cancel_reason: z.enum(REFUND_REASONS).nullable(),
  cancel_note: z.string().nullable(),
  /** Whether the whole payment was given back. */
  refunded: z.boolean(),
  /** Cents given back so far: refunds that did not fail (succeeded, or still on their way), as shared/refunds.ts counts them. */
  refunded_cents: z.int().min(0),
  refunds: z.array(RefundAnswerSchema),
  /**
   * The last move the board may still undo (within 30 s of it), or null: where it came from, until
   * when, and its order event's id (the undo names it, so it never takes back someone else's later move).
   */
  undo: z.object({ from: z.enum(ORDER_STATUSES), until: z.string(), event_id: z.string() }).nullable(),
  /** Open problems, oldest first: the ticket shows each and the board sounds for a new one. */
  problems: z.array(OrderProblemSchema),
});
export type BoardOrder = z.infer<typeof BoardOrderSchema>;

/** GET /api/staff/orders/: the board, and the newest event id the list already includes (open the stream from there). */
export const BoardAnswerSchema = z.object({
  orders: z.array(BoardOrderSchema),
  last_event_id: z.string(),
});
export type BoardAnswer = z.infer<typeof BoardAnswerSchema>;

/** An item or a modifier as the sold-out switches show it (GET /api/staff/menu/). */
export const SoldOutEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The item's category, or the modifier's group. */
  section: z.string(),
  /** Whether a customer can order it now. */
  available: z.boolean(),
  /** When it comes back by itself (the next day); null while available or sold out until turned back on. */
  sold_out_until: z.string().nullable(),
});
export type SoldOutEntry = z.infer<typeof SoldOutEntrySchema>;

export const SoldOutAnswerSchema = z.object({
  items: z.array(SoldOutEntrySchema),
  modifiers: z.array(SoldOutEntrySchema),
});
export type SoldOutAnswer = z.infer<typeof SoldOutAnswerSchema>;

/** POST /api/staff/menu/items/:id/sold-out/ and …/modifiers/:id/sold-out/: the switch as it is now. */
export const SoldOutSwitchAnswerSchema = SoldOutEntrySchema.pick({ id: true, available: true, sold_out_until: true });
export type SoldOutSwitchAnswer = z.infer<typeof SoldOutSwitchAnswerSchema>;

/**
 * One line of a menu sync's report about a POS item: kept off the online menu ('kept_out', e.g. a
 * price typed in at the register), or on it but changed so it is never sold wrong ('changed', e.g.
 * a choice made required); `reason` is a sentence for staff.
 */
export const MenuSyncNoteSchema = z.object({
  item_id: z.string(),
  item_name: z.string(),
  action: z.enum(['kept_out', 'changed']),
  reason: z.string(),
});
export type MenuSyncNote = z.infer<typeof MenuSyncNoteSchema>;

/** GET and POST /api/staff/menu/sync/: where the menu comes from and how its last sync went. */
export const MenuSyncAnswerSchema = z.object({
  /** 'clover' when a point-of-sale feeds the menu; 'demo' on the embedded defaults (nothing to sync). */
  source: z.enum(['clover', 'demo']),
  last_success_at: z.string().nullable(),
  /** 'Failed to fetch Clover menu.' while the latest sync failed, else null. */
  last_error: z.string().nullable(),
  last_error_at: z.string().nullable(),
  /** The last good sync's report: about the menu customers are served now; [] on the demo data. */
  notes: z.array(MenuSyncNoteSchema),
  /**
   * The same sync's sentences about the whole menu (Clover refusing the items' online settings);
   * [] on the demo data.
   */
  warnings: z.array(z.string()),
});
export type MenuSyncAnswer = z.infer<typeof MenuSyncAnswerSchema>;

/** GET and POST /api/staff/store/: the pause, busy and auto-accept switches as they are now. */
export const StoreStatusAnswerSchema = z.object({
  paused: z.boolean(),
  paused_at: z.string().nullable(),
  /** When a timed pause ends by itself; null while not paused or paused until turned back on. */
  paused_until: z.string().nullable(),
  /** Minutes added to lead times and delivery estimates (0: not busy). */
  busy_minutes: z.int().min(0),
  auto_accept: z.boolean(),
});
export type StoreStatusAnswer = z.infer<typeof StoreStatusAnswerSchema>;
