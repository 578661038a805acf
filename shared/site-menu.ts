/**
 * The menu the marketing pages print: a snapshot of GET /api/menus/ written before the site is
 * built (scripts/site-menu.ts), read here, and checked against the API's own menu schema so a
 * broken snapshot stops the build with a sentence rather than printing wrong prices.
 */
import type { MenuAnswer } from './api/menu-answer.ts';
import { firstIssueMessage, MenuSchema } from './api/schemas.ts';

/** Where the snapshot lives, from the repository's root. */
export const SITE_MENU_FILE = 'site/generated/menu.json';

export function parseSiteMenu(text: string): MenuAnswer {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${SITE_MENU_FILE} is not JSON: build the site with npm run build, which writes it.`);
  }
  const parsed = MenuSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${SITE_MENU_FILE} is not a menu: ${firstIssueMessage(parsed.error)}`);
  return json as MenuAnswer;
}
