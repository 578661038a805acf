// Ending a session ends its access tokens at once, not when they expire: a customer's after
// sign-out, a password reset or a leaked refresh token; a staff member's after sign-out, a new
// password, removal (401) or demotion (403 on admin calls) on the very next call, and their open
// event stream within seconds; a Cognito customer's after our sign-out. Staff invite links work
// once, for 48 hours, and a newer link voids the older; only admins manage the team, and the
// last admin cannot be demoted or removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffTeamAnswer } from '../../shared/api/staff.ts';
import { inviteStaff, STAFF_LINK_INVALID, STAFF_PASSWORD_SET } from '../../server/auth/staff-auth.ts';
import { COGNITO_RENEWALS_PER_ADDRESS } from '../../server/auth/cognito-auth.ts';
import { SESSION_ENDED } from '../../server/http/customer.ts';
import { REFRESH_REUSE_GRACE_MS, RENEWALS_PER_SESSION, TOO_MANY_RENEWALS } from '../../server/auth/refresh-rotation.ts';
import { REFRESH_COOKIE } from '../../server/http/refresh-cookie.ts';
import { ADMINS_ONLY, STAFF_ONLY, STAFF_SESSION_ENDED, STAFF_SIGN_IN_REQUIRED } from '../../server/http/staff.ts';
import { LAST_ADMIN, STAFF_MEMBER_NOT_FOUND } from '../../server/services/staff-team.ts';
import { createTestApi, TEST_ORIGIN, type TestApi } from '../support/api.ts';
import { mailsTo, refreshCookie, signUpAndIn } from '../support/accounts.ts';
import { cognitoEnv, startCognitoStandIn, type CognitoStandIn } from '../support/cognito-stand-in.ts';
import { databaseTargets } from '../support/databases.ts';

const STAFF_PASSWORD = 'comal kitchen board 2026';
const NEW_PASSWORD = 'tamarind water under a copper sky';

const message = async (response: Response) => ((await response.json()) as { message: string }).message;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** Whether the stream ends (the server closes it) within `ms`. */
async function endsWithin(response: Response, ms: number): Promise<boolean> {
  const reader = response.body!.getReader();
  const deadline = Date.now() + ms;
  try {
    for (;;) {
      const left = deadline - Date.now();
      if (left <= 0) return false;
      const read = await Promise.race([
        reader.read(),
        new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), left)),
      ]);
      if (read === 'open') return false;
      if (read.done) return true;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}

describe.each(databaseTargets)('sessions and the staff team on $name', (target) => {
  let api: TestApi;
  // A Friday, 11:00 in Los Angeles.
  let now = new Date('2026-11-20T19:00:00Z');
  let address = 0;
  const from = () => ({ 'X-Forwarded-For': `198.51.100.${++address}` });
  let admin: { Authorization: string };

  /** An admin's invite through the API: the member's id and the token of their set-password link. */
  async function invite(email: string, role: 'staff' | 'admin' = 'staff') {
    const answer = await api.call('POST', '/api/staff/members/', { email, role }, admin);
    expect(answer.status, await answer.clone().text()).toBeLessThan(300);
    const body = (await answer.json()) as { staff: { id: string }; set_password_url: string };
    return { id: body.staff.id, token: new URL(body.set_password_url).searchParams.get('set-password')! };
  }

  async function staffLogin(email: string, password = STAFF_PASSWORD) {
    const login = await api.call('POST', '/api/staff/login/', { email, password }, from());
    expect(login.status).toBe(200);
    const body = (await login.json()) as { access_token: string };
    return {
      token: body.access_token,
      cookie: /comal_staff_refresh=([^;]*)/.exec(login.headers.get('set-cookie') ?? '')![1]!,
    };
  }

  /** A member made by the admin, with a password, signed in. */
  async function newMember(email: string, role: 'staff' | 'admin' = 'staff') {
    const { id, token } = await invite(email, role);
    expect((await api.call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD })).status).toBe(200);
    return { id, ...(await staffLogin(email)) };
  }

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    // The first admin comes from the command line's path (inviteStaff), the rest through the API.
    const first = await inviteStaff(api.deps.db, {
      email: 'owner@comal.example',
      role: 'admin',
      origin: TEST_ORIGIN,
      now,
    });
    await api.call('POST', '/api/staff/password/', {
      token: new URL(first.url).searchParams.get('set-password')!,
      password: STAFF_PASSWORD,
    });
    admin = bearer((await staffLogin('owner@comal.example')).token);
  });
  afterAll(() => api?.close());

  describe('a customer’s access token stops working when its session ends', () => {
    let n = 0;
    it.each([
      [
        'they sign out',
        async (who: { cookie: string }) => {
          const out = await api.call('POST', '/api/cognito/signout/', undefined, {
            Cookie: `${REFRESH_COOKIE}=${who.cookie}`,
          });
          expect(out.status).toBe(204);
        },
      ],
      [
        'they sign out where the browser sends no cookie (a partner page), with the token alone',
        async (who: { bearer: Record<string, string> }) => {
          const out = await api.call('POST', '/api/cognito/signout/', undefined, who.bearer);
          expect(out.status).toBe(204);
        },
      ],
      [
        'they reset their password',
        async (_who: { cookie: string }, email: string) => {
          await api.call('POST', '/api/auth/password-reset/', { email });
          const link = (await mailsTo(api, email)).at(-1)!;
          const changed = await api.call('POST', '/api/auth/password-reset/confirm/', {
            token: link.token,
            password: NEW_PASSWORD,
          });
          expect(changed.status).toBe(200);
        },
      ],
      [
        'a spent refresh token is used again (it leaked)',
        async (who: { cookie: string }) => {
          const rotated = await api.call('POST', '/api/cognito/refresh/', undefined, {
            Cookie: `${REFRESH_COOKIE}=${who.cookie}`,
          });
          expect(rotated.status).toBe(200);
          const newer = (await rotated.json()) as { access_token: string };
          expect(refreshCookie(rotated)).not.toBe(who.cookie);
          // Past the grace for a page left mid-refresh (refresh-rotation.ts): a replay.
          now = new Date(now.getTime() + REFRESH_REUSE_GRACE_MS + 1_000);
          const replayed = await api.call('POST', '/api/cognito/refresh/', undefined, {
            Cookie: `${REFRESH_COOKIE}=${who.cookie}`,
          });
          expect(replayed.status).toBe(401);
          // The token the rotation handed out ends with its family too.
          expect((await api.call('GET', '/api/saved-carts/', undefined, bearer(newer.access_token))).status).toBe(401);
        },
      ],
    ])('after %s, the old access token gets 401 on an account call', async (_what, end) => {
      const email = `ended-${++n}@example.com`;
      const who = await signUpAndIn(api, email, from());
      const other = await signUpAndIn(api, `bystander-${n}@example.com`, from());
      expect((await api.call('GET', '/api/saved-carts/', undefined, who.bearer)).status).toBe(200);

      await end(who, email);

      const refused = await api.call('GET', '/api/saved-carts/', undefined, who.bearer);
      expect(refused.status).toBe(401);
      expect(await message(refused)).toBe(SESSION_ENDED);
      // Another customer's session goes on.
      expect((await api.call('GET', '/api/saved-carts/', undefined, other.bearer)).status).toBe(200);
    });
  });

  describe('a staff member’s token counts for who they are now, from the very next call', () => {
    let n = 0;
    it.each([
      {
        what: 'they sign out',
        role: 'staff' as const,
        call: ['GET', '/api/staff/me/'] as const,
        end: async (m: { id: string; cookie: string }) => {
          expect(
            (await api.call('POST', '/api/staff/signout/', undefined, { Cookie: `comal_staff_refresh=${m.cookie}` }))
              .status,
          ).toBe(204);
        },
        status: 401,
        message: STAFF_SESSION_ENDED,
      },
      {
        what: 'they sign out with the token alone (no refresh cookie)',
        role: 'staff' as const,
        call: ['GET', '/api/staff/me/'] as const,
        end: async (m: { token: string }) => {
          expect((await api.call('POST', '/api/staff/signout/', undefined, bearer(m.token))).status).toBe(204);
        },
        status: 401,
        message: STAFF_SESSION_ENDED,
      },
      {
        what: 'an admin removes them',
        role: 'staff' as const,
        call: ['GET', '/api/staff/orders/'] as const,
        end: async (m: { id: string }) => {
          expect((await api.call('DELETE', `/api/staff/members/${m.id}/`, undefined, admin)).status).toBe(204);
        },
        status: 401,
        message: STAFF_SESSION_ENDED,
      },
      {
        what: 'an admin demotes them to staff',
        role: 'admin' as const,
        call: ['GET', '/api/staff/members/'] as const,
        end: async (m: { id: string }) => {
          const demoted = await api.call('PATCH', `/api/staff/members/${m.id}/`, { role: 'staff' }, admin);
          expect(demoted.status).toBe(200);
          expect(await demoted.json()).toMatchObject({ id: m.id, role: 'staff' });
        },
        status: 403,
        message: ADMINS_ONLY,
      },
      {
        what: 'they set a new password through a new link',
        role: 'staff' as const,
        call: ['GET', '/api/staff/store/'] as const,
        end: async (_m: { id: string }, email: string) => {
          const { token } = await invite(email);
          expect((await api.call('POST', '/api/staff/password/', { token, password: NEW_PASSWORD })).status).toBe(200);
        },
        status: 401,
        message: STAFF_SESSION_ENDED,
      },
    ])('after $what: $status on $call.1', async ({ role, call, end, status, message: expected }) => {
      const email = `member-${++n}@comal.example`;
      const member = await newMember(email, role);
      const colleague = await newMember(`colleague-${n}@comal.example`, role);
      expect((await api.call(call[0], call[1], undefined, bearer(member.token))).status).toBe(200);

      await end(member, email);

      const refused = await api.call(call[0], call[1], undefined, bearer(member.token));
      expect(refused.status).toBe(status);
      expect(await message(refused)).toBe(expected);
      expect((await api.call(call[0], call[1], undefined, bearer(colleague.token))).status).toBe(200);
    });
  });

  describe('one session’s renewals have a limit, which spends nothing and counts no other session', () => {
    let n = 0;
    /** Moves the clock on; the admin signs in again, their access token lasting 15 minutes. */
    async function clockTo(time: number) {
      now = new Date(time);
      admin = bearer((await staffLogin('owner@comal.example')).token);
    }
    it.each([
      {
        who: 'a customer',
        path: '/api/cognito/refresh/',
        cookie: REFRESH_COOKIE,
        signIn: async () => (await signUpAndIn(api, `renewer-${++n}@example.com`, from())).cookie,
      },
      {
        who: 'a staff member',
        path: '/api/staff/refresh/',
        cookie: 'comal_staff_refresh',
        signIn: async () => (await newMember(`renewer-${++n}@comal.example`)).cookie,
      },
    ])('$who: $path answers 429 past 60 in 10 minutes', async ({ path, cookie, signIn }) => {
      const renew = (value: string) => api.call('POST', path, undefined, { Cookie: `${cookie}=${value}` });
      const handedOut = (answer: Response) =>
        new RegExp(`${cookie}=([^;]*)`).exec(answer.headers.get('set-cookie') ?? '')?.[1];
      // At the start of a 10-minute window.
      await clockTo(Math.ceil(now.getTime() / 600_000) * 600_000 + 1_000);
      let token = await signIn();
      const other = await signIn();
      for (let i = 1; i <= RENEWALS_PER_SESSION.limit; i++) {
        const renewed = await renew(token);
        expect(renewed.status, `renewal ${i}`).toBe(200);
        token = handedOut(renewed)!;
      }

      const refused = await renew(token);
      expect(refused.status).toBe(429);
      expect(await message(refused)).toBe(TOO_MANY_RENEWALS);
      // 60 renewals 1 s into the window (the refused one is not kept): its 599 s, then
      // 60 x (1 - t / 600 s) <= 59 10 s into the next (the window slides).
      expect(refused.headers.get('retry-after')).toBe('609');
      // The session goes on: its cookie is kept.
      expect(refused.headers.get('set-cookie')).toBeNull();
      // Another session (the same address) renews meanwhile.
      expect((await renew(other)).status).toBe(200);

      // Once Retry-After has passed, the refused token renews: it was not spent, so not replayed.
      await clockTo(now.getTime() + 609_000);
      const later = await renew(token);
      expect(later.status).toBe(200);
      expect(handedOut(later)).toBeTruthy();
    });
  });

  describe('an open staff event stream ends within seconds', () => {
    let n = 0;
    it.each([
      {
        what: 'its session is signed out',
        end: async (m: { id: string; cookie: string }) => {
          await api.call('POST', '/api/staff/signout/', undefined, { Cookie: `comal_staff_refresh=${m.cookie}` });
        },
      },
      {
        what: 'its member is removed',
        end: async (m: { id: string }) => {
          await api.call('DELETE', `/api/staff/members/${m.id}/`, undefined, admin);
        },
      },
    ])('when $what, and reopening it is 401', async ({ end }) => {
      const member = await newMember(`streamer-${++n}@comal.example`);
      const colleague = await newMember(`watcher-${n}@comal.example`);
      const stream = await api.app.request(`/api/staff/events/?access_token=${member.token}`);
      const otherStream = await api.app.request(`/api/staff/events/?access_token=${colleague.token}`);
      expect(stream.status).toBe(200);

      await end(member);

      expect(await endsWithin(stream, 5_000)).toBe(true);
      expect(await endsWithin(otherStream, 500)).toBe(false);
      const reopened = await api.app.request(`/api/staff/events/?access_token=${member.token}`);
      expect(reopened.status).toBe(401);
      expect(await message(reopened)).toBe(STAFF_SESSION_ENDED);
    });
  });

  describe('a staff invite link works once, for 48 hours, and only the newest one', () => {
    let n = 0;
    it.each([
      {
        what: 'used a second time',
        attack: async (email: string) => {
          const { token } = await invite(email);
          expect(
            await (await api.call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD })).json(),
          ).toEqual({ message: STAFF_PASSWORD_SET });
          return token;
        },
      },
      {
        what: 'used a second time, after a refused weak password',
        attack: async (email: string) => {
          const { token } = await invite(email);
          expect((await api.call('POST', '/api/staff/password/', { token, password: 'short' })).status).toBe(422);
          expect((await api.call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD })).status).toBe(
            200,
          );
          return token;
        },
      },
      {
        what: 'used after 48 hours',
        attack: async (email: string) => {
          const { token } = await invite(email);
          now = new Date(now.getTime() + 48 * 3_600_000 + 1000);
          return token;
        },
      },
      {
        what: 'used after a newer invite',
        attack: async (email: string) => {
          const { token: older } = await invite(email);
          const { token: newer } = await invite(email);
          expect(
            (await api.call('POST', '/api/staff/password/', { token: newer, password: STAFF_PASSWORD })).status,
          ).toBe(200);
          return older;
        },
      },
      {
        what: 'used after a newer invite, before the newer is used',
        attack: async (email: string) => {
          const { token: older } = await invite(email);
          await invite(email);
          return older;
        },
      },
    ])('is refused when $what', async ({ attack }) => {
      const saved = now;
      const email = `invited-${++n}@comal.example`;
      try {
        const token = await attack(email);
        const refused = await api.call('POST', '/api/staff/password/', {
          token,
          password: 'someone else chose this one',
        });
        expect(refused.status).toBe(400);
        expect(await message(refused)).toBe(STAFF_LINK_INVALID);
      } finally {
        now = saved;
      }
      // Whatever password the member has is not the attacker's.
      expect(
        (await api.call('POST', '/api/staff/login/', { email, password: 'someone else chose this one' }, from()))
          .status,
      ).toBe(401);
    });

    it('works just before 48 hours', async () => {
      const { token } = await invite('on-time@comal.example');
      const saved = now;
      now = new Date(now.getTime() + 48 * 3_600_000 - 1000);
      try {
        expect((await api.call('POST', '/api/staff/password/', { token, password: STAFF_PASSWORD })).status).toBe(200);
      } finally {
        now = saved;
      }
    });
  });

  describe('only an admin manages the team', () => {
    let staffMember: { id: string; token: string };
    let customer: { Authorization: string };
    beforeAll(async () => {
      staffMember = await newMember('line-cook@comal.example');
      customer = (await signUpAndIn(api, 'team-diner@example.com', from())).bearer;
    });

    const calls = [
      ['GET', '/api/staff/members/', undefined],
      ['PATCH', '/api/staff/members/{id}/', { role: 'admin' }],
      ['DELETE', '/api/staff/members/{id}/', undefined],
    ] as const;
    const callers = [
      { who: 'a stranger', headers: () => ({}), status: 401, message: STAFF_SIGN_IN_REQUIRED },
      { who: 'a customer', headers: () => customer, status: 403, message: STAFF_ONLY },
      {
        who: 'a staff member (even on themselves)',
        headers: () => bearer(staffMember.token),
        status: 403,
        message: ADMINS_ONLY,
      },
    ];

    it.each(calls.flatMap(([method, path, body]) => callers.map((caller) => ({ method, path, body, ...caller }))))(
      '$method $path by $who: $status',
      async ({ method, path, body, headers, status, message: expected }) => {
        const refused = await api.call(method, path.replace('{id}', staffMember.id), body, headers());
        expect(refused.status).toBe(status);
        expect(await message(refused)).toBe(expected);
        // Nothing changed: still a member, still staff.
        const team = (await (await api.call('GET', '/api/staff/members/', undefined, admin)).json()) as StaffTeamAnswer;
        expect(team.members.find((m) => m.id === staffMember.id)).toMatchObject({
          email: 'line-cook@comal.example',
          role: 'staff',
          password_set: true,
        });
      },
    );

    it('an admin lists the team: id, email, role, whether a password is set, and when added', async () => {
      await invite('no-password-yet@comal.example');
      const team = (await (await api.call('GET', '/api/staff/members/', undefined, admin)).json()) as StaffTeamAnswer;
      expect(team.members.find((m) => m.email === 'owner@comal.example')).toEqual({
        id: expect.stringMatching(/^stf_/) as unknown,
        email: 'owner@comal.example',
        role: 'admin',
        password_set: true,
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
      });
      expect(team.members.find((m) => m.email === 'no-password-yet@comal.example')).toMatchObject({
        role: 'staff',
        password_set: false,
      });
      expect(JSON.stringify(team)).not.toMatch(/password_hash|\$argon|scrypt/);
    });

    it.each([
      ['PATCH', { role: 'staff' }],
      ['PATCH', { role: 'owner' }],
      ['DELETE', undefined],
    ] as const)('%s on an unknown member or with a bad role is refused', async (method, body) => {
      const refused = await api.call(method, '/api/staff/members/stf_nobody/', body, admin);
      if (body?.role === 'owner') {
        expect(refused.status).toBe(422);
        expect(await message(refused)).toBe('The role must be "staff" or "admin".');
      } else {
        expect(refused.status).toBe(404);
        expect(await message(refused)).toBe(STAFF_MEMBER_NOT_FOUND);
      }
    });
  });

  describe('the team keeps an admin', () => {
    it.each([
      ['demote', 'PATCH', { role: 'staff' }],
      ['remove', 'DELETE', undefined],
    ] as const)(
      'the only admin cannot %s themselves (409); with a second admin they can',
      async (_what, method, body) => {
        const solo = await createTestApi(target, { clock: () => now });
        try {
          const login = async (email: string) => {
            const made = await inviteStaff(solo.deps.db, { email, role: 'admin', origin: TEST_ORIGIN, now });
            await solo.call('POST', '/api/staff/password/', {
              token: new URL(made.url).searchParams.get('set-password')!,
              password: STAFF_PASSWORD,
            });
            const answer = (await (
              await solo.call('POST', '/api/staff/login/', { email, password: STAFF_PASSWORD }, from())
            ).json()) as { access_token: string; staff: { id: string } };
            return { id: answer.staff.id, headers: bearer(answer.access_token) };
          };
          const only = await login('only@comal.example');
          const refused = await solo.call(method, `/api/staff/members/${only.id}/`, body, only.headers);
          expect(refused.status).toBe(409);
          expect(await message(refused)).toBe(LAST_ADMIN);
          expect((await solo.call('GET', '/api/staff/members/', undefined, only.headers)).status).toBe(200);

          await login('second@comal.example');
          const allowed = await solo.call(method, `/api/staff/members/${only.id}/`, body, only.headers);
          expect(allowed.status).toBe(method === 'DELETE' ? 204 : 200);
          const after = await solo.call('GET', '/api/staff/members/', undefined, only.headers);
          expect(after.status).toBe(method === 'DELETE' ? 401 : 403);
        } finally {
          await solo.close();
        }
      },
    );
  });
});

describe('a Cognito customer’s session: it ends when they sign out here, and renewals are limited', () => {
  const POOL_ID = 'us-east-1_TestPool1';
  const CLIENT_ID = '5abcdefghij0123456789klmno';
  const REDIRECT_URI = `${TEST_ORIGIN}/api/cognito/callback/`;
  let standIn: CognitoStandIn;
  let api: TestApi;

  beforeAll(async () => {
    standIn = await startCognitoStandIn({ userPoolId: POOL_ID, clientId: CLIENT_ID });
    // The server's clock runs a little ahead, so the tests start a second into a 10-minute limit window.
    const ahead = Math.ceil(Date.now() / 600_000) * 600_000 + 1_000 - Date.now();
    api = await createTestApi(
      databaseTargets[0]!,
      { clock: () => new Date(Date.now() + ahead) },
      cognitoEnv(standIn, { userPoolId: POOL_ID, clientId: CLIENT_ID }),
    );
  });
  afterAll(async () => {
    await api?.close();
    await standIn?.close();
  });

  /** Signs in through the hosted UI's callback: the access token and the refresh cookie. */
  async function signIn(username: string) {
    const user = standIn.addUser({ username, email: `${username}@example.com`, name: username });
    const start = await api.app.request('/api/cognito/sign-in/?page=login');
    const state = new URL(start.headers.get('Location')!).searchParams.get('state')!;
    const cookie = /comal_sign_in=([^;]*)/.exec(start.headers.get('set-cookie') ?? '')![1]!;
    const code = standIn.signIn(user.sub, REDIRECT_URI);
    const back = await api.app.request(`/api/cognito/callback/?code=${code}&state=${encodeURIComponent(state)}`, {
      headers: { Cookie: `comal_sign_in=${cookie}` },
    });
    const refreshToken = decodeURIComponent(/comal_refresh=([^;]*)/.exec(back.headers.getSetCookie().join('\n'))![1]!);
    const refreshed = await api.call('POST', '/api/cognito/refresh/', undefined, {
      Cookie: `${REFRESH_COOKIE}=${encodeURIComponent(refreshToken)}`,
    });
    expect(refreshed.status).toBe(200);
    return { refreshToken, accessToken: ((await refreshed.json()) as { access_token: string }).access_token };
  }

  it.each([
    ['the access token of a first refresh', (tokens: { first: string; later: string }) => tokens.first],
    [
      'the access token of a later refresh (same origin_jti)',
      (tokens: { first: string; later: string }) => tokens.later,
    ],
  ])('%s gets 401 after sign-out', async (_what, pick) => {
    const ana = await signIn(`ana${Math.random().toString(36).slice(2, 8)}`);
    const bo = await signIn(`bo${Math.random().toString(36).slice(2, 8)}`);
    const again = await api.call('POST', '/api/cognito/refresh/', undefined, {
      Cookie: `${REFRESH_COOKIE}=${encodeURIComponent(ana.refreshToken)}`,
    });
    const tokens = { first: ana.accessToken, later: ((await again.json()) as { access_token: string }).access_token };
    const token = pick(tokens);
    expect((await api.call('GET', '/api/saved-carts/', undefined, bearer(token))).status).toBe(200);

    const out = await api.call('POST', '/api/cognito/signout/', undefined, {
      Cookie: `${REFRESH_COOKIE}=${encodeURIComponent(ana.refreshToken)}`,
    });
    expect(out.status).toBe(204);

    const refused = await api.call('GET', '/api/saved-carts/', undefined, bearer(token));
    expect(refused.status).toBe(401);
    expect(await message(refused)).toBe(SESSION_ENDED);
    expect((await api.call('GET', '/api/saved-carts/', undefined, bearer(bo.accessToken))).status).toBe(200);
  });

  it('a sign-out that brings the access token alone (no refresh cookie) ends its session too', async () => {
    const ana = await signIn(`ana${Math.random().toString(36).slice(2, 8)}`);
    const bo = await signIn(`bo${Math.random().toString(36).slice(2, 8)}`);
    expect((await api.call('POST', '/api/cognito/signout/', undefined, bearer(ana.accessToken))).status).toBe(204);
    const refused = await api.call('GET', '/api/saved-carts/', undefined, bearer(ana.accessToken));
    expect([refused.status, await message(refused)]).toEqual([401, SESSION_ENDED]);
    expect((await api.call('GET', '/api/saved-carts/', undefined, bearer(bo.accessToken))).status).toBe(200);
  });

  it('renewals asked from one address stop at 120 in 10 minutes, before Cognito is asked', async () => {
    const ask = (token: string, address: string) =>
      api.call('POST', '/api/cognito/refresh/', undefined, {
        Cookie: `${REFRESH_COOKIE}=${token}`,
        'X-Forwarded-For': address,
      });
    const tokenCalls = () => standIn.requests.filter((request) => request.path === '/oauth2/token').length;
    const before = tokenCalls();
    // Made-up tokens: Cognito refuses each, and the server answers 401.
    for (let i = 0; i < COGNITO_RENEWALS_PER_ADDRESS.limit; i++) {
      expect((await ask(`made-up-${i}`, '203.0.113.9')).status, `renewal ${i + 1}`).toBe(401);
    }
    expect(tokenCalls()).toBe(before + COGNITO_RENEWALS_PER_ADDRESS.limit);

    const refused = await ask('made-up-once-more', '203.0.113.9');
    expect(refused.status).toBe(429);
    expect(await message(refused)).toBe(TOO_MANY_RENEWALS);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(tokenCalls()).toBe(before + COGNITO_RENEWALS_PER_ADDRESS.limit);
    // Another address is answered as before.
    expect((await ask('made-up-elsewhere', '203.0.113.10')).status).toBe(401);
    expect(tokenCalls()).toBe(before + COGNITO_RENEWALS_PER_ADDRESS.limit + 1);
  });
});
