/** Starts the product: database, migrations, demo data, then site, widget and API on one port. */
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { ensureDemoStaff } from './auth/staff-auth.ts';
import { createDependencies } from './compose.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { startMenuSyncSchedule } from './services/menu-sync.ts';
import { startPosRetries } from './services/order-handoff.ts';

const config = readConfig();
if (config.stripeSecretKey && !config.stripeWebhookSecret) {
  console.warn('STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: payments whose browser closed before finalize wait for the next finalize call.');
}
if (config.stripeSecretKey && !config.stripePublishableKey) {
  console.warn('STRIPE_SECRET_KEY is set without STRIPE_PUBLISHABLE_KEY: the card form cannot load.');
}
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const deps = await createDependencies(db, config);
// The embedded defaults only (DEV_OUTBOX=1, no DATABASE_URL): a demo admin, its password printed once.
await ensureDemoStaff(db, config);
const app = createApp(deps);
// With Clover: the menu syncs now and every 15 minutes, and paid orders that missed it are retried.
if (deps.pos) {
  startMenuSyncSchedule({ db, clover: deps.pos, clock: deps.clock, menu: deps.menu });
  startPosRetries(deps);
}

const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
  const where = db.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const menu = deps.pos ? 'Clover' : 'demo';
  console.log(`Comal is serving http://${config.host}:${info.port}/ (data: ${where}, payments: ${deps.payments.name}, menu: ${menu}, delivery: ${deps.delivery.name})`);
});

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  server.close();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
