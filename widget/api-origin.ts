/**
 * Where the API is: the origin the widget's own script was loaded from, since a partner pastes
 * `<script src="https://RESTAURANT/widget/comal.js">` on a page of another origin.
 */
export function apiOriginOf(scriptSrc: string | null | undefined, pageOrigin: string): string {
  if (!scriptSrc) return pageOrigin;
  try {
    return new URL(scriptSrc, pageOrigin).origin;
  } catch {
    return pageOrigin;
  }
}
