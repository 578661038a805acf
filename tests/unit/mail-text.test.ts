// Text a person typed, as it stands in a mail we send: one plain line, and nothing a mail program
// would turn into a link.
import { describe, expect, it } from 'vitest';
import { mailText } from '../../server/mail/mail-text.ts';

describe('mailText', () => {
  it.each([
    ['Ana https://evil.example/login', 'Ana evil[.]example/login'],
    ['Ana evil.example/login', 'Ana evil[.]example/login'],
    ['see www.evil.example', 'see www[.]evil[.]example'],
    ['Account locked, see http://203.0.113.5/login', 'Account locked, see 203[.]0[.]113[.]5/login'],
    ['Account locked, see 203.0.113.5/login', 'Account locked, see 203[.]0[.]113[.]5/login'],
    ['go to http://[2001:db8::1]/x', 'go to [2001:db8::1]/x'],
    ['go to http://localhost:8080/x', 'go to localhost:8080/x'],
    ['pay at пример.рф/оплата', 'pay at пример[.]рф/оплата'],
    ['pay at xn--e1afmkfd.xn--p1ai/pay', 'pay at xn--e1afmkfd[.]xn--p1ai/pay'],
    ['mail me at ana@evil.example', 'mail me at ana@evil[.]example'],
  ])('%j reads %j', (typed, shown) => {
    expect(mailText(typed)).toBe(shown);
  });

  it.each([
    'Ana Ruiz',
    'Apt. 4B, 727 N. Broadway',
    'Extra salsa, $2.50 each',
    'Call 213.555.0101 at the gate',
    'Dr. J. R. Smith Jr.',
  ])('%j is left as typed', (typed) => {
    expect(mailText(typed)).toBe(typed);
  });
});
