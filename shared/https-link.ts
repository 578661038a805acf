/**
 * A link from another company that we show customers (a delivery's tracking page) is only ever
 * an https URL: parsed as a browser would, scheme https, no user name or password in it, not
 * absurdly long. Anything else (`javascript:`, `data:`, plain `http:`, text that is no URL) is
 * no link at all.
 */

export const MAX_LINK_LENGTH = 2048;

/** The URL as a browser reads it, when it is a plain https link; else null. */
export function httpsLink(text: unknown): string | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_LINK_LENGTH) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || !url.hostname) return null;
  return url.href;
}
