/**
 * Phone numbers as loyalty and orders key them: strip non-digits; 10 digits
 * gives +1 and the digits; 11 digits starting with 1 gives + and the digits; input starting
 * with + and at least 10 digits gives + and the digits; anything else comes back unchanged.
 */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  if (input.trim().startsWith('+') && digits.length >= 10) return `+${digits}`;
  return input;
}

/** Whether a normalised number is a callable US number (+1 and ten digits). */
export function isUsPhone(normalized: string): boolean {
  return /^\+1[2-9]\d{9}$/.test(normalized);
}

/** '+12135550142' as people write it: '(213) 555-0142'; anything else as it is. */
export function formatUsPhone(normalized: string): string {
  const digits = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(normalized);
  return digits ? `(${digits[1]}) ${digits[2]}-${digits[3]}` : normalized;
}
