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
  /** `message` for the customer; `detail`, in English, for the staff (what the service said). */
  | { ok: false; message: string; detail?: string };

export type DeliveryQuote = Extract<DeliveryQuoteResult, { ok: true }>;

/** A delivery the service has booked: a courier will come. */
export interface BookedDelivery {
  externalDeliveryId: string;
  trackingUrl: string | null;
  /** The service's fee, when its answer said it. */
  feeCents: number | null;
  status: string;
  supportReference: string | null;
}

/**
 * A booking's outcome. `refused`: the service answered no, so no courier is booked (an expired
 * quote is one such answer: the service documents no single shape for it). `busy`: its rate limit
 * turned the call away, so nothing is booked and the quote may still be good: try again later.
 * `unknown`: it did not answer (a timeout, a 5xx), so the delivery may exist: ask `findDelivery`
 * before booking again.
 */
export type AcceptResult =
  | ({ outcome: 'booked' } & BookedDelivery)
  | { outcome: 'refused'; status: number; detail: string }
  /** The service asked us to slow down (HTTP 429): nothing booked, ask again later. */
  | { outcome: 'busy'; detail: string }
  | { outcome: 'unknown'; detail: string };

/** Whether a delivery the service was asked to book exists. */
export type LookupResult =
  | ({ outcome: 'booked' } & BookedDelivery)
  | { outcome: 'not_booked'; detail: string }
  | { outcome: 'unknown'; detail: string };

/**
 * Calling off a booked courier when the order is cancelled. `refused`: the service answered that
 * the delivery can no longer be cancelled (picked up, delivered, its window closed); `unknown`: it
 * did not answer, or refused our keys. Either way a person must check with the service.
 */
export type CancelDeliveryResult =
  { outcome: 'cancelled' } | { outcome: 'refused'; detail: string } | { outcome: 'unknown'; detail: string };

/** A fresh quote after the agreed one ran out, and whether its fee differs. */
export type RequoteResult =
  | { ok: true; feeCents: number; changed: boolean; providerQuoteId: string; quote: DeliveryQuote }
  | { ok: false; message: string; detail?: string };

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
  /** Books the quoted delivery after payment. */
  acceptQuote?(providerQuoteId: string, options: { tipCents: number; phone?: string }): Promise<AcceptResult>;
  /** Whether the delivery booked (or asked for) under this id exists, after an answer was lost. */
  findDelivery?(providerQuoteId: string): Promise<LookupResult>;
  /** Calls off the courier booked under this id (the order was cancelled); nothing booked there counts as cancelled. */
  cancelDelivery?(externalDeliveryId: string): Promise<CancelDeliveryResult>;
  /** A fresh quote for the address, and whether its fee differs from the one agreed. */
  requote?(address: EstimateDeliveryRequest, previous: { feeCents: number }): Promise<RequoteResult>;
}
