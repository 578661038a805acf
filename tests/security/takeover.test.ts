// Account takeover, tried as an attacker would, each row an attack and the refusal it meets:
// links built from a forged Host, a CSRF origin check fooled by one, a stranger's sign-up
// waiting for the owner to confirm it (a password of the stranger's choosing), and text that
// would become a line or a link in a mail.
import { beforeEach, afterEach, describe, expect, it } from 'vitest';
import {
  CONFIRM_PASSWORD_WRONG,
  LINK_INVALID,
  NOT_CONFIRMED,
  REGISTERED,
  RESET_SENT,
  SIGN_IN_FAILED,
} from '../../server/auth/built-in-auth.ts';
import { FREE_FAILURES_PER_ADDRESS_AND_ACCOUNT, tooManySignIns } from '../../server/auth/sign-in-throttle.ts';
import { inviteStaff } from '../../server/auth/staff-auth.ts';
import { ORIGIN_REFUSED } from '../../server/http/csrf.ts';
import { hiddenCharactersMessage } from '../../shared/plain-text.ts';
import { mailsTo, TEST_PASSWORD } from '../support/accounts.ts';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';

const pglite = databaseTargets.find((target) => target.name === 'pglite')!;
const NOW = new Date('2026-11-20T19:00:00Z');
const EVIL = 'http://evil.example';
const ATTACKER_PASSWORD = 'attacker waits for the confirm';
const OWNER_PASSWORD = 'owner of the mailbox chose this';
const NEW_PASSWORD = 'chosen through the mailed link';

let api: TestApi;
let caller = 0;
/** Each call from its own address, so no rate limit has a say in what these tests show. */
const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  api.call(method, path, body, { 'X-Forwarded-For': `203.0.113.${(caller++ % 250) + 1}`, ...headers });
const signIn = (email: string, password: string) => call('POST', '/api/auth/login/', { email, password });
const register = (email: string, password: string, name = 'Ana Ruiz') =>
  call('POST', '/api/auth/register/', { email, password, name, phone: '213-555-0101' });

beforeEach(async () => {
  api = await createTestApi(pglite, { clock: () => NOW });
});
afterEach(() => api.close());

describe('links in mail come from the configured origin, never the request', () => {
  const forged: [string, Record<string, string>][] = [
    ['a forged Host', { Host: 'evil.example' }],
    ['a forged X-Forwarded-Host', { 'X-Forwarded-Host': 'evil.example' }],
    ['a forged Forwarded header', { Forwarded: 'host=evil.example;proto=https' }],
  ];

  it.each(forged)('a password reset asked with %s mails a link to the site itself', async (_label, headers) => {
    await register('owner@example.com', OWNER_PASSWORD);
    const asked = await api.app.request(`${EVIL}/api/auth/password-reset/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRFToken': api.csrfToken, ...headers },
      body: JSON.stringify({ email: 'owner@example.com' }),
    });
    expect([asked.status, await asked.json()]).toEqual([200, { message: RESET_SENT }]);
    const reset = (await mailsTo(api, 'owner@example.com')).at(-1)!;
    expect(reset.body).toContain(`${TEST_ORIGIN}/reset-password/?token=${reset.token}`);
    expect(reset.body).not.toContain('evil.example');
  });

  it.each(forged)('a sign-up with %s mails a confirmation link to the site itself', async (_label, headers) => {
    const asked = await api.app.request(`${EVIL}/api/auth/register/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRFToken': api.csrfToken, ...headers },
      body: JSON.stringify({ email: 'new@example.com', password: OWNER_PASSWORD, name: 'Ana', phone: '2135550101' }),
    });
    expect(asked.status).toBe(201);
    const [confirm] = await mailsTo(api, 'new@example.com');
    expect(confirm!.body).toContain(`${TEST_ORIGIN}/confirmation-instruction/?token=`);
    expect(confirm!.body).not.toContain('evil.example');
  });

  it.each(forged)('a staff invite asked with %s links to the site itself', async (_label, headers) => {
    const admin = await inviteStaff(api.deps.db, {
      email: 'owner@comal.example',
      role: 'admin',
      origin: api.deps.settings.publicOrigin,
      now: NOW,
    });
    const token = new URL(admin.url).searchParams.get('set-password')!;
    await call('POST', '/api/staff/password/', { token, password: OWNER_PASSWORD });
    const login = await call('POST', '/api/staff/login/', { email: 'owner@comal.example', password: OWNER_PASSWORD });
    const { access_token } = (await login.json()) as { access_token: string };
    const invited = await api.app.request(`${EVIL}/api/staff/members/`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-CSRFToken': api.csrfToken,
        Authorization: `Bearer ${access_token}`,
        ...headers,
      },
      body: JSON.stringify({ email: 'cook@comal.example', role: 'staff' }),
    });
    expect(invited.status).toBe(201);
    expect(((await invited.json()) as { set_password_url: string }).set_password_url).toMatch(
      new RegExp(`^${TEST_ORIGIN}/staff/\\?set-password=`),
    );
  });

  it.each([
    ['the forged host itself', EVIL, EVIL],
    ['another port of localhost', 'http://localhost:8080', 'http://localhost:8080'],
  ])('a state-changing call from %s is refused, whatever Host the request names', async (_label, url, origin) => {
    const answer = await api.app.request(`${url}/api/auth/password-reset/`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-CSRFToken': api.csrfToken,
        Origin: origin,
        Host: new URL(url).host,
      },
      body: JSON.stringify({ email: 'owner@example.com' }),
    });
    expect([answer.status, await answer.json()]).toEqual([403, { error: true, message: ORIGIN_REFUSED }]);
  });
});

describe('a stranger who signs up first with the owner’s email never gets in', () => {
  /** Follows the newest link mailed to `email` as the mailbox's owner would, choosing `password` where asked. */
  async function followNewestLink(email: string, password: string) {
    const newest = (await mailsTo(api, email)).at(-1)!;
    if (newest.body.includes('/confirmation-instruction/'))
      return call('POST', '/api/auth/confirm/', { token: newest.token, password });
    return call('POST', '/api/auth/password-reset/confirm/', { token: newest.token, password });
  }

  const orders: [string, () => Promise<void>][] = [
    [
      'the stranger signs up, then the owner',
      async () => {
        await register('victim@example.com', ATTACKER_PASSWORD, 'Stranger');
        await register('victim@example.com', OWNER_PASSWORD, 'Owner');
      },
    ],
    [
      'the owner signs up, then the stranger',
      async () => {
        await register('victim@example.com', OWNER_PASSWORD, 'Owner');
        await register('victim@example.com', ATTACKER_PASSWORD, 'Stranger');
      },
    ],
  ];

  it.each(orders)(
    '%s: every earlier link is void, the owner chooses the password, the stranger’s fails',
    async (_label, signUps) => {
      await signUps();
      const [first, second] = await mailsTo(api, 'victim@example.com');
      // Both sign-ups were answered alike, and the first mail's link no longer works.
      for (const password of [ATTACKER_PASSWORD, OWNER_PASSWORD]) {
        const confirmed = await call('POST', '/api/auth/confirm/', { token: first!.token, password });
        expect([confirmed.status, await confirmed.json()]).toEqual([400, { error: true, message: LINK_INVALID }]);
      }
      expect(second!.subject).toBe('Choose your password for Taquería El Comal');
      // Neither password works before the mailbox's owner acts.
      for (const password of [ATTACKER_PASSWORD, OWNER_PASSWORD]) {
        expect([(await signIn('victim@example.com', password)).status]).toEqual([401]);
      }
      expect((await followNewestLink('victim@example.com', NEW_PASSWORD)).status).toBe(200);
      const stranger = await signIn('victim@example.com', ATTACKER_PASSWORD);
      expect([stranger.status, await stranger.json()]).toEqual([401, { error: true, message: SIGN_IN_FAILED }]);
      expect((await signIn('victim@example.com', NEW_PASSWORD)).status).toBe(200);
    },
  );

  it('the stranger signs up alone and waits for the owner to follow the link: without the stranger’s password it confirms nothing', async () => {
    await register('victim@example.com', ATTACKER_PASSWORD, 'Stranger');
    const [mail] = await mailsTo(api, 'victim@example.com');
    // The owner opens the link and, not knowing the stranger's password, gives their own.
    const owner = await call('POST', '/api/auth/confirm/', { token: mail!.token, password: OWNER_PASSWORD });
    expect([owner.status, await owner.json()]).toEqual([401, { error: true, message: CONFIRM_PASSWORD_WRONG }]);
    expect(owner.headers.get('set-cookie') ?? '').not.toMatch(/comal_refresh=[^;]/);
    // The account stays unconfirmed, so the stranger's password opens nothing.
    const stranger = await signIn('victim@example.com', ATTACKER_PASSWORD);
    expect([stranger.status, await stranger.json()]).toEqual([403, { error: true, message: NOT_CONFIRMED }]);
    // The owner chooses a password through "Forgot your password?"; the stranger's then fails.
    await call('POST', '/api/auth/password-reset/', { email: 'victim@example.com' });
    expect((await followNewestLink('victim@example.com', NEW_PASSWORD)).status).toBe(200);
    const after = await signIn('victim@example.com', ATTACKER_PASSWORD);
    expect([after.status, await after.json()]).toEqual([401, { error: true, message: SIGN_IN_FAILED }]);
    expect((await signIn('victim@example.com', NEW_PASSWORD)).status).toBe(200);
  });

  it('guesses at the password behind a leaked confirmation link meet the sign-in back-off', async () => {
    await register('guessed@example.com', OWNER_PASSWORD);
    const [mail] = await mailsTo(api, 'guessed@example.com');
    const guess = (password: string) =>
      api.call('POST', '/api/auth/confirm/', { token: mail!.token, password }, { 'X-Forwarded-For': '198.51.100.200' });
    for (let i = 0; i <= FREE_FAILURES_PER_ADDRESS_AND_ACCOUNT; i++) {
      const wrong = await guess(`guess number ${i} of many`);
      expect([wrong.status, await wrong.json()]).toEqual([401, { error: true, message: CONFIRM_PASSWORD_WRONG }]);
    }
    // Past the free failures the guesser waits, even with the right password.
    const held = await guess(OWNER_PASSWORD);
    expect([held.status, await held.json()]).toEqual([429, { error: true, message: tooManySignIns(1) }]);
    expect(held.headers.get('Retry-After')).toBe('1');
  });

  it('a sign-up for an email nobody confirmed answers exactly as a first sign-up does', async () => {
    const first = await register('twice@example.com', ATTACKER_PASSWORD);
    const again = await register('twice@example.com', OWNER_PASSWORD);
    expect([again.status, await again.json()]).toEqual([first.status, await first.json()]);
    expect(again.status).toBe(201);
  });
});

describe('a password reset ends every other link', () => {
  it('a reset link mailed earlier no longer sets the password once the owner has reset it', async () => {
    await register('owner@example.com', OWNER_PASSWORD);
    await call('POST', '/api/auth/confirm/', {
      token: (await mailsTo(api, 'owner@example.com')).at(-1)!.token,
      password: OWNER_PASSWORD,
    });
    // Two resets asked: the first link lies in a mailbox someone else can read.
    await call('POST', '/api/auth/password-reset/', { email: 'owner@example.com' });
    await call('POST', '/api/auth/password-reset/', { email: 'owner@example.com' });
    const [leaked, used] = (await mailsTo(api, 'owner@example.com')).slice(-2);
    expect(leaked!.token).not.toBe(used!.token);
    const reset = await call('POST', '/api/auth/password-reset/confirm/', {
      token: used!.token,
      password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    const replay = await call('POST', '/api/auth/password-reset/confirm/', {
      token: leaked!.token,
      password: ATTACKER_PASSWORD,
    });
    expect([replay.status, await replay.json()]).toEqual([400, { error: true, message: LINK_INVALID }]);
    expect((await signIn('owner@example.com', ATTACKER_PASSWORD)).status).toBe(401);
    expect((await signIn('owner@example.com', NEW_PASSWORD)).status).toBe(200);
  });
});

describe('account enumeration: known and unknown emails get the same answer', () => {
  const sameAnswer = async (known: Response, unknown: Response) => {
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    const headersOf = (r: Response) => [...r.headers.keys()].filter((h) => h !== 'x-request-id').sort();
    expect(headersOf(unknown)).toEqual(headersOf(known));
  };

  it.each([
    ['register', (email: string) => register(email, TEST_PASSWORD)],
    ['sign in with a wrong password', (email: string) => signIn(email, 'not the right password at all')],
    ['password reset', (email: string) => call('POST', '/api/auth/password-reset/', { email })],
  ])('%s', async (_label, attempt) => {
    await register('known@example.com', OWNER_PASSWORD);
    const [confirm] = await mailsTo(api, 'known@example.com');
    await call('POST', '/api/auth/confirm/', { token: confirm!.token, password: OWNER_PASSWORD });
    await sameAnswer(await attempt('known@example.com'), await attempt('unknown@example.com'));
  });

  it('register answers what it always answers, for a known email too', async () => {
    await register('known@example.com', OWNER_PASSWORD);
    const again = await register('known@example.com', TEST_PASSWORD);
    expect([again.status, await again.json()]).toEqual([201, { message: REGISTERED }]);
  });
});

describe('typed text never becomes a mail line, a link or reversed text', () => {
  it.each([
    ['a line break', 'Ana\r\nBcc: everyone@example.com'],
    ['a line feed', 'Ana\nClick https://evil.example/reset'],
    ['a right-to-left override', 'Ana \u202Egnp.exe'],
    ['a left-to-right isolate', 'Ana \u2066evil\u2069'],
    ['a zero-width space', 'An\u200Ba'],
    ['a NUL', 'Ana\u0000'],
  ])('a name with %s is refused at sign-up and at checkout, with the field named', async (_label, name) => {
    const signUp = await register('text@example.com', TEST_PASSWORD, name);
    expect([signUp.status, await signUp.json()]).toEqual([
      422,
      { error: true, message: hiddenCharactersMessage('Your name') },
    ]);
    const order = await call('POST', '/api/create-order/', {
      cart_items: [{ menu_item_id: 'drink-mexican-coke', quantity: 1, modifiers: [] }],
      name,
      email: 'text@example.com',
      phone: '2135550101',
      delivery_type: 'pickup',
    });
    expect([order.status, await order.json()]).toEqual([
      422,
      { error: true, message: hiddenCharactersMessage('Your name') },
    ]);
  });

  it('a link mail carries no text the person signing up typed', async () => {
    await register('named@example.com', TEST_PASSWORD, 'Visit evil.example now');
    const [confirm] = await mailsTo(api, 'named@example.com');
    expect(confirm!.body.startsWith('Hi,\n\n')).toBe(true);
    expect(confirm!.body).not.toContain('evil');
  });

  it('the paid mail shows a web address typed as a name as text, not as a link', async () => {
    const placed = await call('POST', '/api/create-order/', {
      cart_items: [{ menu_item_id: 'drink-mexican-coke', quantity: 1, modifiers: [] }],
      name: 'Ana https://evil.example/login',
      email: 'paid@example.com',
      phone: '2135550101',
      delivery_type: 'pickup',
    });
    expect(placed.status).toBe(201);
    const { order_id, payment } = (await placed.json()) as { order_id: string; payment: { client_secret: string } };
    await call('POST', '/api/demo-payments/confirm/', {
      client_secret: payment.client_secret,
      card_number: '4242 4242 4242 4242',
      exp: '12/30',
      cvc: '123',
    });
    expect((await call('POST', `/api/finalize-order/${order_id}/`)).status).toBe(200);
    const [paid] = await mailsTo(api, 'paid@example.com');
    expect(paid!.body).toContain('Hi Ana evil[.]example/login,');
    expect(paid!.body).not.toMatch(/https?:\/\/evil|evil\.example/);
  });
});
