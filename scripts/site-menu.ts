/**
 * Writes the menu the marketing pages print (`site/generated/menu.json`) before the site is
 * built, so the site itself never reads the server's code or database:
 * - with SITE_MENU_URL (a running restaurant, `https://order.example.com`), the menu its
 *   GET /api/menus/ answers: the live one, from Clover or whatever the restaurant serves;
 * - otherwise the demo menu, converted exactly as GET /api/menus/ converts it on the embedded
 *   defaults (fixture -> menu rows -> menu answer).
 * Run by scripts/build.mjs; `node --import tsx scripts/site-menu.ts` writes it by hand.
 * It runs before the pages are built, so bad restaurant settings stop the site's build here with
 * the sentence the server would refuse to start with.
 */
import '../server/restaurant-settings.ts';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { menuAnswerOf } from '../server/menu/menu-catalog.ts';
import { demoMenu, demoModifierGroups } from '../server/providers/menu/demo-menu.ts';
import { menuRowsFromPos } from '../server/providers/menu/seed.ts';
import { parseSiteMenu, SITE_MENU_FILE } from '../shared/site-menu.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The menu for the site: GET /api/menus/ of `base` when given, else the demo menu as the API serves it. */
export async function siteMenu(base?: string): Promise<unknown> {
  if (!base) return menuAnswerOf({ ...menuRowsFromPos(demoMenu, demoModifierGroups), version: '0' });
  const url = new URL('/api/menus/', base);
  const answer = await fetch(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(30_000) });
  if (!answer.ok) throw new Error(`SITE_MENU_URL: ${url} answered ${answer.status}.`);
  const menus = (await answer.json()) as unknown[];
  return menus[0];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const base = process.env.SITE_MENU_URL?.trim() || undefined;
  const menu = await siteMenu(base);
  // Checked as the site will read it, so a bad answer stops here with a sentence.
  parseSiteMenu(JSON.stringify(menu));
  const file = path.join(root, SITE_MENU_FILE);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(menu, null, 2)}\n`);
  console.log(`The site's menu comes from ${base ? `${base}/api/menus/` : 'the demo menu'} (${SITE_MENU_FILE}).`);
}
