// What the bench needs to make an API instance in its own process (scripts/bench-live-events.mjs),
// loaded as one module graph so every part shares one logger and one database module.
export { createApp } from '../server/app.ts';
export { inviteStaff } from '../server/auth/staff-auth.ts';
export { createDependencies } from '../server/compose.ts';
export { readConfig } from '../server/config.ts';
export { openDatabase } from '../server/db/database.ts';
export { migrate } from '../server/db/migrate.ts';
