/**
 * Driving the widget's sign-in screens in Chromium: registering on /register/, confirming from
 * the link GET /api/dev/outbox/ shows (the server runs with DEV_OUTBOX=1), and signing in.
 */
import type { Page } from 'playwright-core';
import { settled } from './browser.ts';
import { waitFor } from './wait-for.ts';

interface Mail {
  to: string;
  subject: string;
  links: string[];
}

/** The newest link to `path` mailed to `to`, read from GET /api/dev/outbox/. */
export async function mailedLink(serverUrl: string, to: string, path: string): Promise<string> {
  return waitFor(
    async () => {
      const response = await fetch(`${serverUrl}/api/dev/outbox/`);
      if (response.status !== 200) throw new Error(`GET /api/dev/outbox/ answered ${response.status}`);
      const mails = (await response.json()) as Mail[];
      return mails
        .filter((mail) => mail.to === to)
        .flatMap((mail) => mail.links)
        .find((url) => url.includes(path));
    },
    { intervalMs: 100, what: `a mail to ${to} with a link to ${path}` },
  );
}

export async function register(
  page: Page,
  serverUrl: string,
  account: { name: string; email: string; phone: string; password: string },
): Promise<void> {
  const widget = page.locator('comal-order');
  await settled(page, () => page.goto(`${serverUrl}/register/`));
  await widget.getByLabel('Name', { exact: true }).fill(account.name);
  await widget.getByLabel('Email', { exact: true }).fill(account.email);
  await widget.getByLabel('Mobile phone').fill(account.phone);
  await widget.getByLabel('Password').fill(account.password);
  await widget.getByRole('button', { name: 'Create account' }).click();
  await widget.getByRole('heading', { name: 'Check your email' }).waitFor();
}

/** Follows the confirmation link mailed to `email`, gives the password chosen at sign-up, and lands signed in on /account/. */
export async function confirmFromMail(page: Page, serverUrl: string, email: string, password: string): Promise<void> {
  const link = await mailedLink(serverUrl, email, '/confirmation-instruction/?token=');
  await settled(page, () => page.goto(link));
  const widget = page.locator('comal-order');
  await widget.getByLabel('Password').fill(password);
  await widget.getByRole('button', { name: 'Confirm and sign in' }).click();
  await page.waitForURL(`${serverUrl}/account/`);
}

/** Signs in on /login/ (with ?next= when given) and waits for the page it goes to. */
export async function signIn(
  page: Page,
  serverUrl: string,
  email: string,
  password: string,
  next = '/account/',
): Promise<void> {
  const widget = page.locator('comal-order');
  await settled(page, () =>
    page.goto(`${serverUrl}/login/${next === '/account/' ? '' : `?next=${encodeURIComponent(next)}`}`),
  );
  await widget.getByLabel('Email', { exact: true }).fill(email);
  await widget.getByLabel('Password').fill(password);
  await widget.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${serverUrl}${next}`);
}
