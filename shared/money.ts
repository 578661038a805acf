/**
 * Money inside the code is integer cents (as Stripe counts it). Dollars appear only on the wire,
 * where the API's shapes fix them, and on screen through `formatUSD`.
 */
export type Cents = number;

/**
 * Rounds half up (away from zero for negatives) to a whole number. Binary floating point turns
 * 1.005 * 100 into 100.49999999999999; trimming to 15 significant digits first gives back the
 * decimal value a person wrote, so it rounds the way they expect.
 */
export function roundHalfUp(value: number): number {
  if (!Number.isFinite(value)) return value;
  const decimal = Number(Math.abs(value).toPrecision(15));
  const rounded = Math.floor(decimal + 0.5);
  return value < 0 ? -rounded : rounded;
}

/** Dollars as a number or as a POS string ('12.50', '$1,299.00') to cents; NaN when unreadable. */
export function toCents(dollars: number | string): Cents {
  const value = typeof dollars === 'string' ? parseDollars(dollars) : dollars;
  return roundHalfUp(value * 100);
}

/** Cents to the dollars the wire format uses (2 decimals at most). */
export function toDollars(cents: Cents): number {
  return roundHalfUp(cents) / 100;
}

/** A percentage of an amount, rounded half up to the cent: percentOf(1999, 9.75) = 195. */
export function percentOf(cents: Cents, percent: number): Cents {
  return roundHalfUp((cents * percent) / 100);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The one way money is shown: formatUSD(123456) = '$1,234.56', formatUSD(-500) = '-$5.00'. */
export function formatUSD(cents: Cents): string {
  return usd.format(roundHalfUp(cents) / 100);
}

function parseDollars(text: string): number {
  const cleaned = text.trim().replace(/[$,\s]/g, '');
  if (cleaned === '' || !/^[-+]?(\d+\.?\d*|\.\d+)$/.test(cleaned)) return Number.NaN;
  return Number(cleaned);
}

/** Cents as the dollars text a POS sends: 425 -> '4.25', 1500 -> '15.00'. */
export function dollarsText(cents: Cents): string {
  const whole = Math.trunc(cents / 100);
  const rest = Math.abs(cents % 100);
  return `${cents < 0 && whole === 0 ? '-' : ''}${whole}.${String(rest).padStart(2, '0')}`;
}
