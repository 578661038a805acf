/**
 * CSV files the admin downloads (the sales orders, the opted-in customers): RFC 4180 (commas, CRLF
 * after every row, a cell quoted with its quotes doubled when it holds a comma, a quote or a line
 * break), a UTF-8 byte order mark first so spreadsheets read accented names right, and any cell a
 * spreadsheet would run as a formula (= + - @, a tab or a return first: '=HYPERLINK(…)' in a
 * customer's name) made text with a leading '.
 */

/** A spreadsheet would run a cell starting with one of these as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: a would-be formula made text with a leading ', then quoted as RFC 4180 wants. */
export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A whole file: the byte order mark, then each row as RFC 4180 CSV. */
export function csvFile(rows: readonly (readonly (string | number)[])[]): string {
  return `\uFEFF${rows.map((row) => `${row.map(csvCell).join(',')}\r\n`).join('')}`;
}
