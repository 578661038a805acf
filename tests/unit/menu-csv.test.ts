// The menu CSV (server/services/menu-file.ts): RFC 4180 read back as written, the formula guard
// undone on import, windows written and read the same way.
import { describe, expect, it } from 'vitest';
import { csvFile } from '../../server/http/csv.ts';
import { parseCsv, windowsCell } from '../../server/services/menu-file.ts';

describe('the menu CSV', () => {
  it('reads quotes, commas, line breaks and the byte order mark as the export writes them', () => {
    const rows = [
      ['id', 'name', 'description'],
      ['a', 'Chips, Salsa & Guac', 'Says "hola"\r\nand more'],
      ['b', '', ''],
    ];
    expect(parseCsv(csvFile(rows))).toEqual(rows);
  });
  it('writes windows the way a person types them', () => {
    expect(
      windowsCell([
        { days: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], from: '11:00', to: '15:00' },
        { days: ['saturday', 'sunday'], from: '10:00', to: '14:00' },
      ]),
    ).toBe('mon-fri 11:00-15:00; sat sun 10:00-14:00');
  });
});
