// Attacks on passwords, through the real API on a fresh database (PGlite, and PostgreSQL when
// DATABASE_URL is set): a weak password chosen at sign-up, at a password reset or by a staff
// member; a stranger who fails to sign in over and over to lock the owner out; and a password
// stored as a bcrypt hash from before, or a scrypt hash of a lower cost, which must move to today's
// scrypt hash at the next sign-in without ending the sessions the owner already has. The server
// here hashes at the cost production does (PASSWORD_SCRYPT_N unset), not the suites' lower one.
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILED } from '../../server/auth/built-in-auth.ts';
import {
  passwordHasher,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SHORT,
  PASSWORD_TOO_WEAK,
} from '../../server/auth/passwords.ts';
import { tooManySignIns } from '../../server/auth/sign-in-throttle.ts';
import { inviteStaff, STAFF_SIGN_IN_FAILED } from '../../server/auth/staff-auth.ts';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
import { mailsTo, refreshCookie, signUpAndIn, TEST_PASSWORD } from '../support/accounts.ts';
import { databaseTargets } from '../support/databases.ts';

const STAFF_PASSWORD = 'comal kitchen board 2026';
/** What a new hash looks like: scrypt, its settings, salt and key in base64. */
const SCRYPT_HASH = /^scrypt\$16384\$8\$5\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/;

describe.each(databaseTargets)('passwords on $name', (target) => {
  let api: TestApi;
  const now = new Date('2026-11-20T19:00:00Z');
  let caller = 0;
  /** A caller of its own. */
  const from = () => ({ 'X-Forwarded-For': `203.0.113.${++caller}` });
  const message = async (response: Response) => ((await response.json()) as { message: string }).message;

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now }, { PASSWORD_SCRYPT_N: '' });
    // The owners the attacks aim at: a customer, Ana Ruiz, and a staff member.
    await signUpAndIn(api, 'ana.ruiz@example.com', from());
    await setStaffPassword('ana.ruiz@comal.example', STAFF_PASSWORD);
  });
  afterAll(() => api?.close());

  async function setStaffPassword(email: string, password: string) {
    const invite = await inviteStaff(api.deps.db, { email, role: 'staff', origin: TEST_ORIGIN, now });
    return api.call(
      'POST',
      '/api/staff/password/',
      { token: new URL(invite.url).searchParams.get('set-password'), password },
      from(),
    );
  }

  /** The reset link in hand: a weak password leaves it usable, so one mail serves until a reset succeeds (mails per email are limited). */
  let resetToken: string | undefined;
  async function resetPassword(email: string, password: string) {
    if (!resetToken) {
      expect((await api.call('POST', '/api/auth/password-reset/', { email }, from())).status).toBe(200);
      resetToken = (await mailsTo(api, email)).at(-1)!.token;
    }
    const answer = await api.call('POST', '/api/auth/password-reset/confirm/', { token: resetToken, password }, from());
    if (answer.status === 200) resetToken = undefined;
    return answer;
  }

  // Every place a password is chosen, for the same person: Ana Ruiz (ana.ruiz@...).
  const places = {
    registering: (password: string) =>
      api.call(
        'POST',
        '/api/auth/register/',
        { email: 'ana.ruiz@example.com', password, name: 'Ana Ruiz', phone: '213-555-0101' },
        from(),
      ),
    'a password reset': (password: string) => resetPassword('ana.ruiz@example.com', password),
    'a staff member setting a password': (password: string) => setStaffPassword('ana.ruiz@comal.example', password),
  };
  const weak: [string, string, string][] = [
    ['twelve of one letter', 'aaaaaaaaaaaa', PASSWORD_TOO_WEAK],
    ['the alphabet in order', 'abcdefghijkl', PASSWORD_TOO_WEAK],
    ['a row of the keyboard', 'asdfghjkl;', PASSWORD_TOO_WEAK],
    ['a common word, a year and a sign', 'Password2024!', PASSWORD_TOO_WEAK],
    ['the person’s own name and a year', 'AnaRuiz2024!', PASSWORD_TOO_WEAK],
    ['one of the most common passwords', 'qwertyuiop', PASSWORD_TOO_COMMON],
    ['fewer than 10 characters', 'short', PASSWORD_TOO_SHORT],
  ];

  it.each(
    Object.keys(places).flatMap((place) =>
      weak.map(([what, password, refusal]) => ({ place: place as keyof typeof places, what, password, refusal })),
    ),
  )('refuses $what ($password) at $place, saying what to do', async ({ place, password, refusal }) => {
    const refused = await places[place](password);
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ error: true, message: refusal });
  });

  it.each([
    { place: 'registering', email: 'new.person@example.com', answer: 201 },
    { place: 'a password reset', email: 'ana.ruiz@example.com', answer: 200 },
    { place: 'a staff member setting a password', email: 'ana.ruiz@comal.example', answer: 200 },
  ] as const)('takes a strong passphrase at $place, stored as a scrypt hash', async ({ place, email, answer }) => {
    const password = 'tortillas under a violet moon';
    const accepted =
      place === 'registering'
        ? await api.call(
            'POST',
            '/api/auth/register/',
            { email, password, name: 'New Person', phone: '213-555-0102' },
            from(),
          )
        : await places[place](password);
    expect(accepted.status).toBe(answer);
    const table = place === 'a staff member setting a password' ? 'staff_members' : 'accounts';
    const [row] = await api.deps.db.query<{ password_hash: string }>(
      `select password_hash from ${table} where email = $1`,
      [email],
    );
    expect(row!.password_hash).toMatch(SCRYPT_HASH);
    if (place === 'a password reset')
      expect((await api.call('POST', '/api/auth/login/', { email, password }, from())).status).toBe(200);
    if (place === 'a staff member setting a password')
      expect((await api.call('POST', '/api/staff/login/', { email, password }, from())).status).toBe(200);
  });

  // A stranger fails on purpose to lock the owner out; the owner is elsewhere.
  const customer = {
    login: '/api/auth/login/',
    failed: SIGN_IN_FAILED,
    password: TEST_PASSWORD,
    make: (email: string) => signUpAndIn(api, email, from()),
  };
  const staff = {
    login: '/api/staff/login/',
    failed: STAFF_SIGN_IN_FAILED,
    password: STAFF_PASSWORD,
    make: (email: string) => setStaffPassword(email, STAFF_PASSWORD),
  };
  const lockOuts = [
    {
      attack: 'six wrong passwords for a customer’s account from one address',
      side: customer,
      owner: 'owner.one@example.com',
      guesses: (owner: string) => Array<string>(6).fill(owner),
    },
    {
      attack: 'six wrong passwords for a staff member’s account from one address',
      side: staff,
      owner: 'owner.two@comal.example',
      guesses: (owner: string) => Array<string>(6).fill(owner),
    },
    {
      attack: 'one wrong password for each of 21 accounts from one address',
      side: customer,
      owner: 'owner.three@example.com',
      guesses: (owner: string) => [owner, ...Array.from({ length: 20 }, (_, i) => `someone${i}@example.com`)],
    },
  ];

  it.each(lockOuts)(
    '$attack: the stranger waits (429, Retry-After), the owner signs in from elsewhere',
    async ({ side, owner, guesses }) => {
      await side.make(owner);
      const stranger = from();
      const ownersPlace = from();
      for (const email of guesses(owner)) {
        const wrong = await api.call('POST', side.login, { email, password: 'guessing again 2026' }, stranger);
        expect(wrong.status).toBe(401);
        expect(await message(wrong)).toBe(side.failed);
      }
      // Even the right password waits its turn from the stranger's address.
      for (const password of ['guessing again 2026', side.password]) {
        const refused = await api.call('POST', side.login, { email: owner, password }, stranger);
        expect(refused.status).toBe(429);
        expect(refused.headers.get('Retry-After')).toBe('1');
        expect(await refused.json()).toEqual({ error: true, message: tooManySignIns(1) });
      }
      const signedIn = await api.call('POST', side.login, { email: owner, password: side.password }, ownersPlace);
      expect(signedIn.status).toBe(200);
    },
  );

  // A password kept as a bcrypt hash from before, or as a scrypt hash made when PASSWORD_SCRYPT_N
  // was lower, moves to today's scrypt hash when its owner next signs in.
  const legacy = [
    {
      who: 'a customer',
      table: 'accounts',
      email: 'old.customer@example.com',
      password: TEST_PASSWORD,
      login: '/api/auth/login/',
      refresh: '/api/cognito/refresh/',
      cookie: 'comal_refresh',
      failed: SIGN_IN_FAILED,
      make: async () => (await signUpAndIn(api, 'old.customer@example.com', from())).cookie,
    },
    {
      who: 'a staff member',
      table: 'staff_members',
      email: 'old.cook@comal.example',
      password: STAFF_PASSWORD,
      login: '/api/staff/login/',
      refresh: '/api/staff/refresh/',
      cookie: 'comal_staff_refresh',
      failed: STAFF_SIGN_IN_FAILED,
      make: async () => {
        expect((await setStaffPassword('old.cook@comal.example', STAFF_PASSWORD)).status).toBe(200);
        const login = await api.call(
          'POST',
          '/api/staff/login/',
          { email: 'old.cook@comal.example', password: STAFF_PASSWORD },
          from(),
        );
        return /comal_staff_refresh=([^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]!;
      },
    },
  ];

  it.each(legacy)(
    "$who with a bcrypt hash, then a scrypt hash of a lower cost, signs in, gets a scrypt hash at today's cost, and keeps their sessions",
    async ({ table, email, password, login, refresh, cookie, failed, make }) => {
      const session = await make();
      const stored = async () =>
        (
          await api.deps.db.query<{ password_hash: string; password_changed_at: Date }>(
            `select password_hash, password_changed_at from ${table} where email = $1`,
            [email],
          )
        )[0]!;
      expect((await stored()).password_hash).toMatch(SCRYPT_HASH);
      const oldHash = bcrypt.hashSync(password, 10);
      await api.deps.db.query(`update ${table} set password_hash = $2 where email = $1`, [email, oldHash]);
      const changedAt = (await stored()).password_changed_at;

      const wrong = await api.call('POST', login, { email, password: 'not the password at all' }, from());
      expect(wrong.status).toBe(401);
      expect(await message(wrong)).toBe(failed);
      expect((await stored()).password_hash).toBe(oldHash);

      expect((await api.call('POST', login, { email, password }, from())).status).toBe(200);
      const after = await stored();
      expect(after.password_hash).toMatch(SCRYPT_HASH);
      expect(after.password_changed_at).toEqual(changedAt);
      // The new hash holds the same password, and the session from before still refreshes.
      expect((await api.call('POST', login, { email, password }, from())).status).toBe(200);
      const refreshed = await api.call('POST', refresh, undefined, { Cookie: `${cookie}=${session}` });
      expect(refreshed.status).toBe(200);
      if (cookie === 'comal_refresh') expect(refreshCookie(refreshed)).not.toBe(session);

      const cheaper = await passwordHasher(1024).hash(password);
      expect(cheaper).toMatch(/^scrypt\$1024\$8\$5\$/);
      await api.deps.db.query(`update ${table} set password_hash = $2 where email = $1`, [email, cheaper]);
      expect((await api.call('POST', login, { email, password: 'not the password at all' }, from())).status).toBe(401);
      expect((await stored()).password_hash).toBe(cheaper);
      expect((await api.call('POST', login, { email, password }, from())).status).toBe(200);
      expect((await stored()).password_hash).toMatch(SCRYPT_HASH);
      expect((await stored()).password_changed_at).toEqual(changedAt);
    },
  );
});
