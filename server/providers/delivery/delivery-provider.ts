/**
 * A delivery service that prices a drop-off: the in-house courier by default, DoorDash Drive with
 * the DOORDASH_* variables. A service that sends its own drivers also books the quoted delivery
 * once the order is paid (acceptQuote); the in-house courier has nothing to book.
 */
import type { EstimateDeliveryRequest } from '../../../shared/api/schemas.ts';

export type DeliveryQuoteResult =
  | {
      ok: true;
      provider: string;
      providerQuoteId: string | null;
      feeCents: number;
      lat: number;
      lng: number;
      distanceMiles: number;
      /** How long the price holds. */
      validForMs: number;
    }
  | { ok: false; message: string };

export type DeliveryQuote = Extract<DeliveryQuoteResult, { ok: true }>;

/** A booking's outcome: booked, the quote ran out (ask again), or refused with the service's reason. */
export type AcceptResult =
  | {
      accepted: true;
      externalDeliveryId: string;
      trackingUrl: string | null;
      feeCents: number;
      status: string;
      supportReference: string | null;
    }
  | { expired: true }
  | { accepted: false; message: string };

/** A fresh quote after the agreed one ran out, and whether its fee differs. */
export type RequoteResult =
  | { ok: true; feeCents: number; changed: boolean; providerQuoteId: string; quote: DeliveryQuote }
  | { ok: false; message: string };

/** The owner's live delivery area and fees (shared/live-settings.ts), which the in-house courier prices with. */
export interface DeliveryArea {
  radiusMiles: number;
  feeTiers: readonly { upToMiles: number; feeCents: number }[];
}

export interface QuoteOptions {
  /** The live radius and fee tiers: the courier prices with them (its own defaults when absent); DoorDash prices by itself. */
  area?: DeliveryArea;
}

export interface DeliveryProvider {
  readonly name: string;
  quote(address: EstimateDeliveryRequest, options?: QuoteOptions): Promise<DeliveryQuoteResult>;
  /** Books the quoted delivery after payment; `{ expired: true }` when the quote is gone. */
  acceptQuote?(providerQuoteId: string, options: { tipCents: number; phone?: string }): Promise<AcceptResult>;
  /** A fresh quote for the address, and whether its fee differs from the one agreed. */
  requote?(address: EstimateDeliveryRequest, previous: { feeCents: number }): Promise<RequoteResult>;
}
