/**
 * DoorDash Drive as the delivery provider (DOORDASH_* variables), beside the in-house courier.
 * A quote is DoorDash's price for a drop-off from the restaurant, held five minutes under an
 * external_delivery_id we make up; after payment the caller accepts it with the customer's tip
 * and phone, and when the five minutes have passed it asks again and lets the customer agree to
 * a changed fee (https://developer.doordash.com/en-US/docs/drive/how_to/quote_deliveries/).
 * A refusal of the accept means no courier is booked; an accept DoorDash did not answer may have
 * booked one, so findDelivery asks DoorDash (GET /drive/v2/deliveries/{id}) before anyone books again.
 * Where the address is on the map comes from DoorDash's answer or the ZIP centroid, as the
 * courier does, so estimate-delivery answers the same fields whichever provider priced it.
 */
import type { EstimateDeliveryRequest } from '../../../shared/api/schemas.ts';
import { distanceMiles, type Point } from '../../../shared/distance.ts';
import { normalizePhone } from '../../../shared/phone.ts';
import { restaurant } from '../../../shared/restaurant.ts';
import { newId } from '../../ids.ts';
import { OUTSIDE_US, roundMiles, unknownZip, wrongState } from './courier.ts';
import type {
  AcceptResult,
  CancelDeliveryResult,
  BookedDelivery,
  DeliveryProvider,
  DeliveryQuoteResult,
  LookupResult,
  QuoteOptions,
  RequoteResult,
} from './delivery-provider.ts';
import { trackingLink } from './doordash-tracking.ts';
import {
  createDoorDashClient,
  DoorDashError,
  refusalMessage,
  type DoorDashClient,
  type DoorDashCredentials,
} from './doordash-client.ts';
import { zip5, zipCentroid, type ZipCentroid } from './zip-centroids.ts';
import { log } from '../../logger.ts';

/** DoorDash holds a quote for five minutes from its answer. */
export const DOORDASH_QUOTE_VALID_MS = 5 * 60_000;

export interface DoorDashConfig extends DoorDashCredentials {
  origin?: Point;
  locate?: (zip: string) => ZipCentroid | null;
  /** A new external_delivery_id (DoorDash allows [a-zA-Z0-9-._~]). */
  newDeliveryId?: () => string;
}

/** What the quote may also say about the order, when the caller knows it (a live `area` is not DoorDash's business). */
export interface QuoteDetails extends QuoteOptions {
  orderValueCents?: number;
  phone?: string;
  givenName?: string;
}

export interface DoorDashProvider extends DeliveryProvider {
  quote(address: EstimateDeliveryRequest, details?: QuoteDetails): Promise<DeliveryQuoteResult>;
  /** Books the quoted delivery: booked, refused (an expired quote among the refusals), or unknown. */
  acceptQuote(externalDeliveryId: string, options: { tipCents: number; phone?: string }): Promise<AcceptResult>;
  /** Whether a delivery exists under the id, after an accept whose answer was lost. */
  findDelivery(externalDeliveryId: string): Promise<LookupResult>;
  /** A fresh quote for the address, and whether its fee differs from the one the customer agreed to. */
  requote(
    address: EstimateDeliveryRequest,
    previous: { feeCents: number },
    details?: QuoteDetails,
  ): Promise<RequoteResult>;
}

/** DoorDash's delivery object, the part read here. */
interface DoorDashDelivery {
  external_delivery_id: string;
  fee: number;
  currency?: string;
  delivery_status?: string;
  tracking_url?: unknown;
  support_reference?: string;
  dropoff_location?: { lat?: number; lng?: number };
}

export const DOORDASH_ANSWER_UNREADABLE =
  'DoorDash gave an answer we could not read. Please try again, or choose pickup.';

/** '500 S Spring St, Los Angeles, CA 90013' */
export function oneLineAddress(a: { street: string; city: string; state: string; zip: string }): string {
  return `${a.street.trim()}, ${a.city.trim()}, ${a.state.trim().toUpperCase()} ${a.zip.trim()}`;
}

/** Where a delivery is, by DoorDash's `delivery_status` (the SDK's DeliveryStatus values): booked, or not. */
const BOOKED_STATUSES = new Set([
  'created',
  'confirmed',
  'enroute_to_pickup',
  'arrived_at_pickup',
  'picked_up',
  'enroute_to_dropoff',
  'arrived_at_dropoff',
  'delivered',
  'enroute_to_return',
  'arrived_at_return',
  'returned',
]);
const NOT_BOOKED_STATUSES = new Set(['quote', 'cancelled']);

export function createDoorDash(
  config: DoorDashConfig,
  client: DoorDashClient = createDoorDashClient(config),
): DoorDashProvider {
  const origin = config.origin ?? restaurant.location;
  const locate = config.locate ?? zipCentroid;
  const newDeliveryId = config.newDeliveryId ?? (() => newId('comal', 12));
  const pickup = {
    pickup_address: oneLineAddress(restaurant.address),
    pickup_business_name: restaurant.name,
    pickup_phone_number: restaurant.phone,
  };

  async function quote(address: EstimateDeliveryRequest, details: QuoteDetails = {}): Promise<DeliveryQuoteResult> {
    if (address.delivery_country.toUpperCase() !== 'US') return { ok: false, message: OUTSIDE_US };
    const zip = address.delivery_zip.trim();
    if (!zip5(zip)) return { ok: false, message: unknownZip(zip) };
    const place = locate(zip);
    const state = address.delivery_state.trim().toUpperCase();
    if (place?.state && state && place.state !== state)
      return { ok: false, message: wrongState(zip5(zip) ?? zip, place.state, state) };
    const sentAt = Date.now();
    let answer: DoorDashDelivery;
    try {
      answer = await client.post<DoorDashDelivery>('/drive/v2/quotes', {
        external_delivery_id: newDeliveryId(),
        ...pickup,
        dropoff_address: oneLineAddress({ street: address.delivery_street, city: address.delivery_city, state, zip }),
        // The customer's number is not known yet at the estimate; accept sends it.
        dropoff_phone_number: details.phone ? normalizePhone(details.phone) : restaurant.phone,
        ...(details.givenName ? { dropoff_contact_given_name: details.givenName } : {}),
        ...(details.orderValueCents !== undefined ? { order_value: details.orderValueCents } : {}),
        currency: 'USD',
      });
    } catch (error) {
      if (!(error instanceof DoorDashError)) throw error;
      logRefusal('quote', error);
      // "More than N miles": DoorDash's own limit when it names one, else our measure to the ZIP's centre.
      const miles = place ? distanceMiles(origin, place) : undefined;
      return { ok: false, message: refusalMessage(error.refusal, miles), detail: error.staffDetail };
    }
    if (typeof answer?.external_delivery_id !== 'string' || !Number.isInteger(answer.fee) || answer.fee < 0) {
      return { ok: false, message: DOORDASH_ANSWER_UNREADABLE, detail: 'DoorDash gave a quote we could not read.' };
    }
    const at = readPoint(answer.dropoff_location) ?? (place ? { lat: place.lat, lng: place.lng } : null);
    if (!at) return { ok: false, message: unknownZip(zip) };
    return {
      ok: true,
      provider: 'doordash',
      providerQuoteId: answer.external_delivery_id,
      feeCents: answer.fee,
      lat: at.lat,
      lng: at.lng,
      distanceMiles: roundMiles(distanceMiles(origin, at)),
      validForMs: Math.max(0, DOORDASH_QUOTE_VALID_MS - (Date.now() - sentAt)),
    };
  }

  return {
    name: 'doordash',
    quote,
    async acceptQuote(externalDeliveryId, { tipCents, phone }): Promise<AcceptResult> {
      let answer: DoorDashDelivery;
      try {
        answer = await client.post<DoorDashDelivery>(
          `/drive/v2/quotes/${encodeURIComponent(externalDeliveryId)}/accept`,
          {
            tip: tipCents,
            ...(phone ? { dropoff_phone_number: normalizePhone(phone) } : {}),
          },
        );
      } catch (error) {
        if (!(error instanceof DoorDashError)) throw error;
        logRefusal('accept', error);
        // A 429 is DoorDash's rate limit: the accept was not carried out, and the quote may still be good.
        if (error.refusal.kind === 'busy')
          return { outcome: 'busy', detail: `${error.staffDetail.replace(/\.$/, '')} when booking.` };
        // Any other 4xx is DoorDash saying no (an expired quote answers in some 4xx, undocumented): nothing booked.
        if (error.refused) return { outcome: 'refused', status: error.status, detail: error.staffDetail };
        return { outcome: 'unknown', detail: `${error.staffDetail.replace(/\.$/, '')} when booking.` };
      }
      return { outcome: 'booked', ...booked(answer, externalDeliveryId) };
    },
    async findDelivery(externalDeliveryId): Promise<LookupResult> {
      let answer: DoorDashDelivery;
      try {
        answer = await client.get<DoorDashDelivery>(`/drive/v2/deliveries/${encodeURIComponent(externalDeliveryId)}`);
      } catch (error) {
        if (!(error instanceof DoorDashError)) throw error;
        logRefusal('delivery lookup', error);
        if (error.status === 404)
          return { outcome: 'not_booked', detail: `DoorDash has no such delivery (${error.word}).` };
        return {
          outcome: 'unknown',
          detail: `${error.staffDetail.replace(/\.$/, '')} when asked whether the courier is booked.`,
        };
      }
      const status = typeof answer?.delivery_status === 'string' ? answer.delivery_status : '';
      if (BOOKED_STATUSES.has(status)) return { outcome: 'booked', ...booked(answer, externalDeliveryId) };
      if (NOT_BOOKED_STATUSES.has(status)) {
        return {
          outcome: 'not_booked',
          detail: `DoorDash's delivery is ${status === 'quote' ? 'only a quote' : 'cancelled'}.`,
        };
      }
      return { outcome: 'unknown', detail: 'DoorDash answered with a delivery status we could not read.' };
    },
    async cancelDelivery(externalDeliveryId): Promise<CancelDeliveryResult> {
      try {
        await client.put<DoorDashDelivery>(`/drive/v2/deliveries/${encodeURIComponent(externalDeliveryId)}/cancel`);
      } catch (error) {
        if (!(error instanceof DoorDashError)) throw error;
        logRefusal('cancel', error);
        // No such delivery: no courier is coming.
        if (error.status === 404) return { outcome: 'cancelled' };
        // 409 (and any other 4xx but our keys, or too many calls): DoorDash will not call it off
        // (picked up, delivered, or its cancellation window closed: delivery_picked_up, ...).
        if (error.refused && error.refusal.kind !== 'busy' && error.status !== 401 && error.status !== 403)
          return { outcome: 'refused', detail: `DoorDash would not cancel the courier (${error.word}).` };
        return {
          outcome: 'unknown',
          detail: `${error.staffDetail.replace(/\.$/, '')} when asked to cancel the courier.`,
        };
      }
      return { outcome: 'cancelled' };
    },
    async requote(address, previous, details) {
      const fresh = await quote(address, details);
      if (!fresh.ok) return fresh;
      return {
        ok: true,
        feeCents: fresh.feeCents,
        changed: fresh.feeCents !== previous.feeCents,
        providerQuoteId: fresh.providerQuoteId!,
        quote: fresh,
      };
    },
  };
}

function readPoint(location: DoorDashDelivery['dropoff_location']): Point | null {
  const { lat, lng } = location ?? {};
  return typeof lat === 'number' && typeof lng === 'number' && Number.isFinite(lat) && Number.isFinite(lng)
    ? { lat, lng }
    : null;
}

/** The booked delivery in DoorDash's answer, under the id we asked for. */
function booked(answer: DoorDashDelivery, externalDeliveryId: string): BookedDelivery {
  return {
    externalDeliveryId,
    trackingUrl: trackingLink(answer?.tracking_url, externalDeliveryId),
    feeCents: Number.isInteger(answer?.fee) && answer.fee >= 0 ? answer.fee : null,
    status: typeof answer?.delivery_status === 'string' ? answer.delivery_status : 'created',
    supportReference: typeof answer?.support_reference === 'string' ? answer.support_reference : null,
  };
}

function logRefusal(call: string, error: DoorDashError): void {
  const level =
    error.status === 0 || error.status >= 500 || error.status === 401 || error.status === 403 ? 'error' : 'info';
  log[level]({ status: error.status, word: error.word, kind: error.refusal.kind }, `DoorDash ${call} refused`);
}
