import { describe, expect, it } from 'vitest';
import { mailboxKey } from '../../server/auth/mailbox.ts';

describe('the mailbox an email reaches, as the mail limits count it', () => {
  it.each([
    ['ana@example.com', 'ana@example.com'],
    [' Ana@Example.COM ', 'ana@example.com'],
    ['ana+orders@example.com', 'ana@example.com'],
    ['ana+a+b@example.com', 'ana@example.com'],
    ['a.na@example.com', 'a.na@example.com'],
    ['a.n.a+x@gmail.com', 'ana@gmail.com'],
    ['A.na@GoogleMail.com', 'ana@gmail.com'],
    ['+ana@example.com', '+ana@example.com'],
    ['"odd@local"@example.com', '"odd@local"@example.com'],
    ['no-at-sign', 'no-at-sign'],
  ])('%s counts as %s', (email, mailbox) => {
    expect(mailboxKey(email)).toBe(mailbox);
  });
});
