/**
 * The category the widget opens at: `?category=Name` in the page's address, else the host
 * element's `category="Name"` attribute; null when neither names one.
 */
export function initialCategoryOf(pageUrl: string, host: Pick<Element, 'getAttribute'>): string | null {
  let fromUrl: string | null = null;
  try {
    fromUrl = new URL(pageUrl).searchParams.get('category');
  } catch {
    // an address that does not parse names no category
  }
  const name = fromUrl?.trim() || host.getAttribute('category')?.trim();
  return name || null;
}

/** The item a link opens (`/order/?item=ID`, as search engines' "Order online" and shared links use); null for none. */
export function initialItemOf(pageUrl: string): string | null {
  try {
    return new URL(pageUrl).searchParams.get('item')?.trim() || null;
  } catch {
    return null;
  }
}
