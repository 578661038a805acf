/**
 * Whether a place a visitor names (`?next=`, a request's own path) is a page on this site, judged
 * the way a browser reads it, so nothing we redirect or navigate to can leave the site.
 *
 * The rule: the text has no control characters (browsers drop tabs and line breaks anywhere in
 * a URL, so `/\t/host` would read as `//host`); it starts with exactly one `/`, not followed by
 * `/` or `\` (`//host` and `/\host` name another host); resolved against a base, it keeps the
 * base's origin; and its resolved path, decoded as often as something downstream might decode
 * it, still starts with one `/` and no second slash (`/.//host`, `/..//host`, `/%2F%2Fhost`).
 * The answer is the resolved path, query and fragment (`/a/../b/?x=1` gives `/b/?x=1`), or null.
 */

/** Longer than any page's path and query here; a longer `next` is refused whole. */
export const MAX_LOCAL_PATH_LENGTH = 2000;

const BASE = 'https://x.invalid';
// eslint-disable-next-line no-control-regex -- refusing control characters is this pattern's whole job
const CONTROL = /[\u0000-\u001f\u007f]/;
/** What browsers remove anywhere in a URL before reading it. */
const STRIPPED = /[\t\n\r]/g;

export function safeLocalPath(text: string | null | undefined): string | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > MAX_LOCAL_PATH_LENGTH) return null;
  if (CONTROL.test(text) || !text.startsWith('/') || text[1] === '/' || text[1] === '\\') return null;
  let url: URL;
  try {
    url = new URL(text, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (!startsWithOneSlash(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/menu/`, never `//host`, `/\host` or `/%2F%2Fhost`, even after being decoded a few times. */
function startsWithOneSlash(pathname: string): boolean {
  let path = pathname;
  for (let round = 0; round < 4; round++) {
    if (/^\/[/\\]/.test(path.replace(STRIPPED, ''))) return false;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return false;
    }
    if (decoded === path) return true;
    path = decoded;
  }
  return false;
}
