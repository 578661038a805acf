/**
 * DoorDash's tracking_url, which the customer's order page links to. It comes from DoorDash's
 * answers and webhooks, so it is kept only when it is a plain https link (shared/https-link.ts);
 * anything else is dropped (stored as no link) and logged, never shown.
 */
import { httpsLink } from '../../../shared/https-link.ts';
import { log } from '../../logger.ts';

export function trackingLink(raw: unknown, externalDeliveryId: string): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  const link = httpsLink(raw);
  if (!link) {
    log.warn(
      { external_delivery_id: externalDeliveryId },
      'DoorDash sent a tracking link that is not an https URL; it is not shown to the customer',
    );
  }
  return link;
}
