/** Starts the product: database, migrations, demo data, then site, widget and API on one port. */
import type { Server } from 'node:http';
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

// An HTTP/1.1 server (serve's default), whose connections can be closed at shutdown.
const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
  const where = db.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const menu = deps.pos ? 'Clover' : 'demo';
  console.log(`Comal is serving http://${config.host}:${info.port}/ (data: ${where}, payments: ${deps.payments.name}, menu: ${menu}, delivery: ${deps.delivery.name})`);
}) as Server;

let stopping = false;
/** How long requests in flight may take to finish at shutdown; event streams are cut after it. */
const DRAIN_MS = 3000;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  // Take no new requests, let those in flight finish (a finalize must not meet a closed
  // database), then close the database. Event streams never finish by themselves: cut at DRAIN_MS.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve();
    }, DRAIN_MS);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve();
    });
    server.closeIdleConnections();
  });
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
