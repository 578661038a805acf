/**
 * The mailbox an email address delivers to, as the mail limits count it: `Ana+1@Example.com`
 * and `ana+2@example.com` both reach ana@example.com, and Gmail ignores dots in its local parts,
 * so a limit per email counted on the address as typed could be stretched without end, each
 * spelling a new count for one inbox. The address is stored and mailed as typed.
 */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function mailboxKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const tag = local.indexOf('+');
  if (tag > 0) local = local.slice(0, tag);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '');
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
