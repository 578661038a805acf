/** Great-circle distance in miles, on an Earth of radius 3958.8 miles. */
export const EARTH_RADIUS_MILES = 3958.8;

export interface Point {
  lat: number;
  lng: number;
}

/** Haversine miles from a to b; 0 when b's latitude or longitude is missing or zero. */
export function distanceMiles(a: Point, b: Partial<Point> | null | undefined): number {
  if (!b || !b.lat || !b.lng) return 0;
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}
