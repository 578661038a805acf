/**
 * Checks the restaurant's settings (settings/restaurant.json) before any other module reads them:
 * server/main.ts imports this first (both builds run the same check), so a
 * bad value stops the start with one line that names the field and what is wrong, and exit code 1,
 * instead of a server that prices with it.
 */
import rawSettings from '../settings/restaurant.json';
import { parseRestaurantSettings } from '../shared/settings/schema.ts';

try {
  parseRestaurantSettings(rawSettings);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
