// Signing in with Cognito's hosted pages in real Chromium (AUTH_PROVIDER=cognito), against a local
// stand-in of Cognito: /login/?next=/account/ goes through the server's sign-in start to the hosted
// page, the hosted page hands a code back to the callback (as Cognito redirects), and the visitor
// lands on /account/ signed in, which the widget learns by a silent refresh.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, DESKTOP, watchErrors } from '../support/browser.ts';
import { startCognitoStandIn, type CognitoStandIn, type StandInUser } from '../support/cognito-stand-in.ts';
import { startServer, type RunningServer } from '../support/server.ts';

const POOL_ID = 'us-east-1_Browser1';
const CLIENT_ID = 'browser-client';

/** A port nobody listens on now, so PUBLIC_ORIGIN can name it before the server starts. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

let cognito: CognitoStandIn;
let server: RunningServer;
let browser: Browser;
let ana: StandInUser;
beforeAll(async () => {
  cognito = await startCognitoStandIn({ userPoolId: POOL_ID, clientId: CLIENT_ID });
  ana = cognito.addUser({
    username: 'ana',
    email: 'ana.hosted@example.com',
    phone_number: '+12135550166',
    name: 'Ana Hosted',
  });
  const port = await freePort();
  server = await startServer({
    PORT: String(port),
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    AUTH_PROVIDER: 'cognito',
    COGNITO_REGION: 'us-east-1',
    COGNITO_USER_POOL_ID: POOL_ID,
    COGNITO_CLIENT_ID: CLIENT_ID,
    COGNITO_DOMAIN: cognito.url,
    COGNITO_IDP_ENDPOINT: cognito.url,
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await cognito?.close();
});

describe('signing in with Cognito', () => {
  it('goes from /login/ to the hosted page and back to /account/, signed in', async () => {
    const page = await browser.newPage({ viewport: DESKTOP });
    const errors = watchErrors(page);
    const redirectUri = `${server.url}/api/cognito/callback/`;
    const hostedVisits: URL[] = [];
    // The server's sign-in start answers with the hosted page's address; the hosted page (Ana
    // signs in there) sends her back to the callback with a code and the state. Playwright routes
    // only the first request of a redirect chain, so the hosted page's answer is given here.
    await page.route(/\/api\/cognito\/sign-in\//, async (route) => {
      const start = await route.fetch({ maxRedirects: 0 });
      const url = new URL(start.headers()['location']!);
      hostedVisits.push(url);
      const back = new URL(url.searchParams.get('redirect_uri')!);
      back.searchParams.set('code', cognito.signIn(ana.sub, redirectUri));
      back.searchParams.set('state', url.searchParams.get('state')!);
      await route.fulfill({ response: start, status: 302, headers: { ...start.headers(), location: back.href } });
    });

    await page.goto(`${server.url}/login/?next=/account/`);
    await page.waitForURL(`${server.url}/account/`);
    const [hosted] = hostedVisits;
    expect(`${hosted!.origin}${hosted!.pathname}`).toBe(`${cognito.url}/oauth2/authorize`);
    expect(hosted!.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(hosted!.searchParams.get('redirect_uri')).toBe(redirectUri);
    expect(hosted!.searchParams.get('state')).toMatch(/^[\w-]{24}~\/account\/$/);

    const widget = page.locator('comal-order');
    await widget.getByRole('button', { name: 'Sign out' }).waitFor();
    const authInfo = await page.evaluate(() => JSON.parse(localStorage.getItem('authInfo') ?? 'null') as unknown);
    expect(authInfo).toMatchObject({ cognitoSub: ana.sub, email: 'ana.hosted@example.com', phone: '+12135550166' });
    expect(errors).toEqual([]);
    await page.close();
  });
});
