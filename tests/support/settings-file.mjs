// Loaded before the server (`node --import ./tests/support/settings-file.mjs dist/server/main.mjs`): the process
// reads the restaurant's settings from the file SETTINGS_FILE names instead of
// settings/restaurant.json, so a test can start the server on bad settings and leave the shipped
// file alone.
import { register } from 'node:module';

if (process.env.SETTINGS_FILE) {
  register('./settings-file-hooks.mjs', import.meta.url, { data: { file: process.env.SETTINGS_FILE } });
}
