/**
 * Text that came from a person (a name, a street), made safe to stand in a mail we send: one
 * plain line (shared/plain-text.ts), and nothing a mail program would turn into a link, since a
 * stranger can type a web address into the name of an order that mails someone else. An address
 * is shown defanged, as security teams write them: `evil[.]example/login`.
 */
import { plainLine } from '../../shared/plain-text.ts';

/**
 * What a mail program may turn into a link: anything after a scheme (http://203.0.113.5/login), a
 * name with dots ending in a top-level domain (evil.example, xn--p1ai), or a dotted IPv4 address.
 */
const LINK_LIKE =
  /\b[a-z][a-z\d+.-]*:\/\/\S+|(?<![\p{L}\p{N}-])(?:[\p{L}\p{N}-]+\.)+(?:\p{L}{2,}|xn--[a-z\d-]+)\S*|\b\d{1,3}(?:\.\d{1,3}){3}\b\S*/giu;

export function mailText(text: string): string {
  return plainLine(text).replace(LINK_LIKE, (link) =>
    link.replace(/^[a-z][a-z\d+.-]*:\/\//i, '').replace(/\./g, '[.]'),
  );
}
