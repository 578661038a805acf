/**
 * Text that came from a person (a name, a street), made safe to stand in a mail we send: one
 * plain line (shared/plain-text.ts), and nothing a mail program would turn into a link, since a
 * stranger can type a web address into the name of an order that mails someone else. An address
 * is shown defanged, as security teams write them: `evil[.]example/login`.
 */
import { plainLine } from '../../shared/plain-text.ts';

const LINK_LIKE = /\b(?:[a-z][a-z\d+.-]*:\/\/)?(?:[\p{L}\d-]+\.)+\p{L}{2,}\b\S*/giu;

export function mailText(text: string): string {
  return plainLine(text).replace(LINK_LIKE, (link) =>
    link.replace(/^[a-z][a-z\d+.-]*:\/\//i, '').replace(/\./g, '[.]'),
  );
}
