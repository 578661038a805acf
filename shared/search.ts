/**
 * Matching what a customer types against menu names: case- and accent-insensitive, so 'jalapeno'
 * finds 'Jalapeño' and 'TAQUERIA' finds 'Taquería'.
 */

/** Text folded for comparison: accents removed, lower case, spaces collapsed and trimmed. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether `name` contains `query` once both are folded; an empty query matches everything. */
export function matchesSearch(name: string, query: string): boolean {
  const folded = foldForSearch(query);
  return folded === '' || foldForSearch(name).includes(folded);
}
