import { describe, expect, it } from 'vitest';
import { accountEntryOf } from '../../shared/account-entry.ts';

const details = (name: unknown) => JSON.stringify({ cognitoSub: 'sub-1', email: 'ana@example.com', phone: '', name });

describe("the header's account entry", () => {
  it('says "Sign in" without the signed-in cookie, whatever is stored', () => {
    expect(accountEntryOf('', null)).toEqual({ signedIn: false });
    expect(accountEntryOf('csrftoken=abc', details('Ana Reyes'))).toEqual({ signedIn: false });
    expect(accountEntryOf('comal_signed_in=0', details('Ana Reyes'))).toEqual({ signedIn: false });
    expect(accountEntryOf('not_comal_signed_in=1', details('Ana Reyes'))).toEqual({ signedIn: false });
  });

  it('shows the first name once signed in', () => {
    expect(accountEntryOf('csrftoken=abc; comal_signed_in=1', details('  Ana   María Reyes '))).toEqual({
      signedIn: true,
      firstName: 'Ana',
    });
    expect(accountEntryOf('comal_signed_in=1; theme=dark', details('Luis'))).toEqual({
      signedIn: true,
      firstName: 'Luis',
    });
  });

  it('says "Account" when the session has no stored name, and shortens a very long one', () => {
    for (const stored of [null, '', 'not json', details(''), details(42), 'null'])
      expect(accountEntryOf('comal_signed_in=1', stored)).toEqual({ signedIn: true, firstName: null });
    expect(accountEntryOf('comal_signed_in=1', details('Maximilianoalejandroestebanjosé Ruiz'))).toEqual({
      signedIn: true,
      firstName: 'Maximilianoalejandroest…', // 24 characters with the ellipsis,
    });
  });
});
