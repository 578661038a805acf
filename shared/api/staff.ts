/**
 * The staff side's calls under /api/staff/ (the board, sign-in, the menu's sold-out switches, the
 * pause switch): request schemas and answer types, for the server and the board's client alike.
 */
import { z } from 'zod';
import type { OrderTotals } from './schemas.ts';

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

export const StaffCancelSchema = body({
  reason: z
    .string({ error: 'Say why the order is cancelled.' })
    .trim()
    .min(1, { error: 'Say why the order is cancelled.' })
    .max(500, { error: 'Keep the reason under 500 characters.' }),
});

export const StaffStoreSchema = body({
  paused: z.boolean({ error: 'Say whether online ordering is paused: true or false.' }),
});

export const StaffSoldOutSchema = body({
  sold_out: z.boolean({ error: 'Say whether it is sold out: true or false.' }),
  until: z
    .enum(['end_of_day'], { error: 'Sold out until "end_of_day", or null for until further notice.' })
    .nullable()
    .default(null),
});

export interface StaffMemberAnswer {
  id: string;
  email: string;
  role: StaffRoleName;
}

/** A member as the Team view lists them (GET /api/staff/members/), and PATCH's answer. */
export interface StaffTeamMember extends StaffMemberAnswer {
  /** Whether they have chosen a password (false: their invite link is not used yet). */
  password_set: boolean;
  created_at: string;
}

export interface StaffTeamAnswer {
  members: StaffTeamMember[];
}

/** POST /api/staff/login/ and /api/staff/refresh/; the refresh token is in the comal_staff_refresh cookie. */
export interface StaffSessionAnswer {
  access_token: string;
  expires_in: number;
  staff: StaffMemberAnswer;
}

/** An order as the board shows it: GET /api/staff/orders/ lists them; each SSE `order` event carries one. */
export interface BoardOrder {
  order_id: string;
  number: number;
  status: 'paid' | 'accepted' | 'ready' | 'out_for_delivery' | 'completed' | 'cancelled' | 'pending_payment';
  name: string;
  phone: string;
  delivery_type: 'pickup' | 'delivery';
  delivery_address: { street: string; city: string; state: string; zip: string } | null;
  items: { name: string; quantity: number; modifiers: string[] }[];
  totals: OrderTotals;
  created_at: string;
  paid_at: string | null;
  promised_at: string | null;
  /** When the order is for (a scheduled order); null: as soon as possible. */
  scheduled_for: string | null;
  cancel_reason: string | null;
  /** Whether the payment was given back. */
  refunded: boolean;
}

/** GET /api/staff/orders/: the board, and the newest event id the list already includes (open the stream from there). */
export interface BoardAnswer {
  orders: BoardOrder[];
  last_event_id: string;
}

/** An item or a modifier as the sold-out switches show it (GET /api/staff/menu/). */
export interface SoldOutEntry {
  id: string;
  name: string;
  /** The item's category, or the modifier's group. */
  section: string;
  /** Whether a customer can order it now. */
  available: boolean;
  /** When it comes back by itself (the next day); null while available or sold out until turned back on. */
  sold_out_until: string | null;
}

export interface SoldOutAnswer {
  items: SoldOutEntry[];
  modifiers: SoldOutEntry[];
}

/** GET and POST /api/staff/menu/sync/: where the menu comes from and how its last sync went. */
export interface MenuSyncAnswer {
  /** 'clover' when a point-of-sale feeds the menu; 'demo' on the embedded defaults (nothing to sync). */
  source: 'clover' | 'demo';
  last_success_at: string | null;
  /** 'Failed to fetch Clover menu.' while the latest sync failed, else null. */
  last_error: string | null;
  last_error_at: string | null;
}
