/** A delivery service that prices a drop-off: the in-house courier by default, DoorDash Drive later. */
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

export interface DeliveryProvider {
  readonly name: string;
  quote(address: EstimateDeliveryRequest): Promise<DeliveryQuoteResult>;
}
