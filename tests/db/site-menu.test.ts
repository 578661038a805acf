// The marketing pages print the menu the restaurant serves: with SITE_MENU_URL the build takes
// GET /api/menus/ of the running restaurant (a price changed there shows on the site), otherwise
// the demo menu exactly as the API serves it on the embedded defaults; a broken snapshot stops
// the build with a sentence.
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteMenu } from '../../scripts/site-menu.ts';
import { bumpMenuVersion } from '../../server/db/menu-store.ts';
import type { MenuAnswer } from '../../shared/api/menu-answer.ts';
import { parseSiteMenu, SITE_MENU_FILE } from '../../shared/site-menu.ts';
import { createTestApi, type TestApi } from '../support/api.ts';
import { databaseTargets } from '../support/databases.ts';

describe('the site’s menu', () => {
  let api: TestApi;
  let server: ServerType;
  let url = '';
  beforeAll(async () => {
    api = await createTestApi(databaseTargets[0]!);
    server = serve({ fetch: api.app.fetch, hostname: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await api?.close();
  });

  it('without SITE_MENU_URL is the demo menu exactly as GET /api/menus/ answers it', async () => {
    const [served] = (await (await api.app.request('/api/menus/')).json()) as unknown[];
    expect(await siteMenu()).toEqual(served);
  });

  it('with SITE_MENU_URL is what that restaurant serves now, a price changed there included', async () => {
    await api.deps.db.query(`update menu_items set price_cents = 1234 where id = 'drink-mexican-coke'`);
    await bumpMenuVersion(api.deps.db);
    const menu = (await siteMenu(url)) as MenuAnswer;
    const coke = menu.categories
      .flatMap((c) => [...c.menu_items, ...c.subcategories.flatMap((s) => s.menu_items)])
      .find((i) => i.id === 'drink-mexican-coke');
    expect(coke?.base_price).toBe('12.34');
    expect(await siteMenu()).not.toEqual(menu);
  });

  it.each([
    ['not JSON', '{', `${SITE_MENU_FILE} is not JSON: build the site with npm run build, which writes it.`],
    ['not a menu', '{"categories": 3}', `${SITE_MENU_FILE} is not a menu:`],
  ])('a snapshot that is %s stops the build with a sentence', (_label, text, message) => {
    expect(() => parseSiteMenu(text)).toThrow(message);
  });
});
