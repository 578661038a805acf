// The pages that print the menu are rendered by the server with the live menu (server/site-pages.ts):
// the names, prices and sold-out marks GET /api/menus/ gives the widget, at the request after a
// change by the staff or a Clover sync, served like a file (ETag, 304, brotli) with their own CSP.
// Needs the built site (npm test builds it first).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MenusResponseSchema } from '../../shared/api/schemas.ts';
import { LIVE_PAGES } from '../../shared/live-pages.ts';
import { flattenMenu, type MenuItem } from '../../shared/menu.ts';
import { formatUSD, toCents } from '../../shared/money.ts';
import { createCloverClient } from '../../server/providers/menu/clover-client.ts';
import { syncCloverMenu } from '../../server/services/menu-sync.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { generateCatalogue, generatedItemId, generatedPrice } from '../support/clover-catalogue.ts';
import { startCloverStandIn, type CloverStandIn } from '../support/clover-stand-in.ts';
import { databaseTargets } from '../support/databases.ts';
import { staffMember } from '../support/staff-members.ts';

const now = new Date('2026-11-20T18:00:00.000Z');

/** A page's text as a reader sees it: tags out, entities in. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
}

/** The line of /menu/ that names an item: its name, marks and price, up to its description. */
function menuLine(text: string, item: MenuItem): string {
  const at = text.indexOf(`${item.name} `);
  expect(at, item.name).toBeGreaterThanOrEqual(0);
  return text.slice(at, at + item.name.length + 40);
}

describe('the pages that print the menu', () => {
  it('are the pages whose source says they are rendered by the server, and no others', () => {
    const rendered: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith('.astro') && readFileSync(file, 'utf8').includes('export const prerender = false;'))
          rendered.push(file);
      }
    };
    walk('site/pages');
    const expected = LIVE_PAGES.filter((page) => !page.startsWith('/es/')).map((page) =>
      page === '/embed/'
        ? 'site/pages/embed.astro'
        : `site/pages/[...lang]/${page === '/' ? 'index' : page.slice(1, -1)}.astro`,
    );
    expect(rendered.sort()).toEqual(expected.sort());
  });
});

describe.each(databaseTargets)('the live pages on $name', (target) => {
  let api: TestApi;
  let clover: CloverStandIn;
  let staff: Record<string, string>;

  beforeAll(async () => {
    api = await createTestApi(target, { clock: () => now });
    clover = await startCloverStandIn();
    staff = await staffMember(api, 'cook@comal.example', 'staff', now);
  });
  afterAll(async () => {
    await api?.close();
    await clover?.close();
  });

  async function widgetItems(): Promise<MenuItem[]> {
    const menus = MenusResponseSchema.parse(await (await api.call('GET', '/api/menus/')).json());
    return flattenMenu(menus[0]!);
  }
  async function page(pathname: string, headers: Record<string, string> = {}) {
    const response = await api.app.request(pathname, { headers });
    return { response, html: response.status === 200 ? await response.text() : '' };
  }

  it('/menu/ prints every item the widget offers, with the widget’s price, in menu order', async () => {
    const items = await widgetItems();
    const { response, html } = await page('/menu/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const text = textOf(html);
    let from = 0;
    for (const item of items) {
      const at = text.indexOf(`${item.name} `, from);
      expect(at, `${item.name} after the one before it`).toBeGreaterThan(from - 1);
      expect(text.slice(at, at + item.name.length + 40)).toContain(formatUSD(toCents(item.base_price)));
      from = at;
    }
  });

  it('every live page answers in both languages, and a Spanish reader of /menu/ is sent to /es/menu/', async () => {
    for (const pathname of LIVE_PAGES) {
      const { response, html } = await page(pathname);
      expect(response.status, pathname).toBe(200);
      expect(html, pathname).toContain(`<html lang="${pathname.startsWith('/es/') ? 'es' : 'en'}"`);
    }
    const spanish = await page('/menu/', { 'Accept-Language': 'es-MX,es;q=0.9' });
    expect(spanish.response.status).toBe(302);
    expect(spanish.response.headers.get('location')).toBe('/es/menu/');
  });

  it('is served like a file: a strong ETag, a 304 for a repeat visit, brotli, and HEAD without a body', async () => {
    const first = await api.app.request('/menu/', { headers: { 'Accept-Encoding': 'br' } });
    expect(first.headers.get('content-encoding')).toBe('br');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{16}"$/);
    const plain = await page('/menu/');
    expect(brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString('utf8')).toBe(plain.html);
    const again = await api.app.request('/menu/', { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await api.app.request('/menu/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');
  });

  it('shows an item the kitchen runs out of as sold out at the next request, and a new ETag', async () => {
    const elote = (await widgetItems()).find((item) => item.id === 'side-elote')!;
    const before = await page('/menu/');
    expect(menuLine(textOf(before.html), elote)).not.toContain('Sold out');

    const marked = await api.call(
      'POST',
      '/api/staff/menu/items/side-elote/sold-out/',
      { sold_out: true, until: null },
      staff,
    );
    expect(marked.status).toBe(200);
    const after = await page('/menu/', { 'If-None-Match': before.response.headers.get('etag')! });
    expect(after.response.status).toBe(200);
    expect(after.response.headers.get('etag')).not.toBe(before.response.headers.get('etag'));
    expect(menuLine(textOf(after.html), elote)).toContain(`${elote.name} Sold out`);

    expect(
      (await api.call('POST', '/api/staff/menu/items/side-elote/sold-out/', { sold_out: false, until: null }, staff))
        .status,
    ).toBe(200);
    expect(menuLine(textOf((await page('/menu/')).html), elote)).not.toContain('Sold out');
  });

  it('states the delivery fee the owner sets in the admin area, at the next request, in both languages', async () => {
    const admin = await staffMember(api, 'owner@comal.example', 'admin', now);
    const before = await page('/menu/');
    expect(textOf(before.html)).toContain('Delivery fee: $10.00, or the courier');
    const saved = await api.call(
      'PUT',
      '/api/staff/admin/settings/delivery/',
      {
        value: {
          radius_miles: 8,
          fee_tiers: [
            { up_to_miles: 3, fee_cents: 600 },
            { up_to_miles: 8, fee_cents: 900 },
          ],
          minimum_fee_cents: 600,
        },
      },
      admin,
    );
    expect(saved.status, await saved.clone().text()).toBe(200);
    const after = await page('/menu/', { 'If-None-Match': before.response.headers.get('etag')! });
    expect(after.response.status).toBe(200);
    expect(textOf(after.html)).toContain('Delivery fee: $6.00, or the courier');
    expect(textOf((await page('/es/menu/')).html)).toContain('$6.00');
    expect((await api.call('DELETE', '/api/staff/admin/settings/delivery/', undefined, admin)).status).toBe(200);
    expect(textOf((await page('/menu/')).html)).toContain('Delivery fee: $10.00, or the courier');
  });

  it('prints Clover’s menu after a sync, a price changed in Clover at the next request, and pages naming a dish Clover lacks leave it out', async () => {
    const sync = () =>
      syncCloverMenu({
        db: api.deps.db,
        clover: createCloverClient({ apiBase: clover.url, merchantId: clover.merchantId, token: clover.token }),
        clock: () => now,
        menu: api.deps.menu,
      });
    clover.catalogue = generateCatalogue(20);
    expect((await sync()).ok).toBe(true);
    const dish = (await widgetItems()).find((item) => item.id === generatedItemId(7))!;
    expect(menuLine(textOf((await page('/menu/')).html), dish)).toContain(formatUSD(generatedPrice(7)));

    clover.catalogue = generateCatalogue(20, { priceBump: 100 });
    expect((await sync()).ok).toBe(true);
    const text = textOf((await page('/menu/')).html);
    expect(menuLine(text, dish)).toContain(formatUSD(generatedPrice(7) + 100));
    expect(text).not.toContain('Taco al Pastor');

    // The home page names the demo menu's dishes; with Clover's menu it prints what it can.
    for (const pathname of ['/', '/es/', '/catering/', '/about-us/', '/tacoboxes/', '/family-meals/', '/embed/']) {
      expect((await page(pathname)).response.status, pathname).toBe(200);
    }
  });
});
