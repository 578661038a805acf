/** Starts the product: database, migrations, demo data, then site, widget and API on one port. */
// First, before any module reads them: bad restaurant settings stop the start here.
import './restaurant-settings.ts';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { ensureDemoStaff } from './auth/staff-auth.ts';
import { DataDirInUse, openControlSocket, type ControlSocket } from './backup/control-socket.ts';
import { createDependencies } from './compose.ts';
import { readConfig, type ServerConfig } from './config.ts';
import { openSnapshotDatabase } from './db/backup.ts';
import { loopbackOrigins } from './http/origins.ts';
import { log } from './logger.ts';
import { startHousekeeping } from './services/housekeeping.ts';
import { startKitchenAlerts } from './services/order-alerts.ts';
import { startMenuSyncSchedule } from './services/menu-sync.ts';
import { startPosRetries } from './services/order-handoff.ts';

// The start-up messages a person reads in the terminal (the refusal of a setting, the dev outbox
// warning, the demo admin's password, the address served) are plain lines, whatever LOG_LEVEL
// says; everything after is an event in the log.
const print = (line: string) => void process.stdout.write(`${line}\n`);
const printWarning = (line: string) => void process.stderr.write(`${line}\n`);

let config: ServerConfig;
try {
  config = readConfig();
} catch (error) {
  // A setting that is wrong or missing stops the start with one line that says which and why.
  printWarning((error as Error).message);
  process.exit(1);
}
if (config.devOutbox) {
  printWarning(
    'Warning: DEV_OUTBOX is on: every mail this server sends, password-reset links included, is listed at /api/dev/outbox/. Never turn it on where others can reach the server.',
  );
}
if (config.stripeSecretKey && !config.stripeWebhookSecret) {
  log.warn(
    'STRIPE_SECRET_KEY is set without STRIPE_WEBHOOK_SECRET: payments whose browser closed before finalize wait for the next finalize call.',
  );
}
if (config.stripeSecretKey && !config.stripePublishableKey) {
  log.warn('STRIPE_SECRET_KEY is set without STRIPE_PUBLISHABLE_KEY: the card form cannot load.');
}
// PGlite lives in this process: its control socket beside DATA_DIR is claimed before the files are
// opened, so a second server on the same DATA_DIR stops here, and `npm run backup` asks this
// process for its snapshot instead of opening the files itself.
let controlSocket: ControlSocket | undefined;
try {
  controlSocket = config.databaseUrl ? undefined : await openControlSocket(config.dataDir);
} catch (error) {
  if (!(error instanceof DataDirInUse)) throw error;
  printWarning(error.message);
  process.exit(1);
}
const { db, snapshot } = await openSnapshotDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  poolSize: config.databasePoolSize,
});
if (snapshot) controlSocket?.serve(snapshot);
const deps = await createDependencies(db, config);
// The embedded defaults only (DEV_OUTBOX=1, no DATABASE_URL): a demo admin, its password printed once.
await ensureDemoStaff(db, config, { log: print, passwords: deps.passwords });
const app = createApp(deps);
// Mail a crash or another replica left waiting, and tables that would only grow.
const stopMailSweep = deps.mailer.startSweep();
const stopHousekeeping = startHousekeeping(deps);
// Every 15 s: orders nobody accepted in time text the restaurant's phone; scheduled orders are
// accepted at their fire time when auto-accept is on.
const stopKitchenAlerts = startKitchenAlerts(deps);
// With Clover: the menu syncs now and every 15 minutes, and paid orders that missed it are retried.
const stopTimers = [stopMailSweep, stopHousekeeping, stopKitchenAlerts];
if (deps.pos) {
  const track = <T>(work: Promise<T>) => deps.inFlight.track(work);
  stopTimers.push(startMenuSyncSchedule({ db, clover: deps.pos, clock: deps.clock, menu: deps.menu }, { track }));
  stopTimers.push(startPosRetries(deps));
}

// An HTTP/1.1 server (serve's default), whose connections can be closed at shutdown.
const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
  // PORT=0 on a local start: the site's own origin is known only now, before the first request.
  if (!config.publicOriginConfigured && config.port === 0) {
    const [own, ...others] = loopbackOrigins(config.host, info.port);
    deps.settings.publicOrigin = own!;
    deps.settings.localOrigins = others;
  }
  const where = db.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  const menu = deps.pos ? 'Clover' : 'demo';
  print(
    `Comal is serving http://${config.host}:${info.port}/ (data: ${where}, payments: ${deps.payments.name}, menu: ${menu}, delivery: ${deps.delivery.name})`,
  );
}) as Server;

let stopping = false;
/** How long answers already made may take to reach their clients before the last connections are cut. */
const FLUSH_MS = 2000;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'closing');
  // No timer starts new work (a mail sweep, a menu sync, a retry); what one started is waited for below.
  for (const stopTimer of stopTimers) stopTimer();
  // Take no new connections and end the event streams. Every request already here is answered,
  // however long it takes (a paid order's answer cut after its commit would look like a failure to
  // the customer), each answer closing its connection; the database closes only once no handler,
  // stream or mail sender is running, so none meets a closed pool. Work that hangs is named in the log.
  let connectionsClosed = false;
  server.close(() => (connectionsClosed = true));
  deps.inFlight.beginShutdown();
  while (deps.inFlight.count > 0) {
    const done = await Promise.race([deps.inFlight.idle().then(() => true), delay(5000).then(() => false)]);
    if (!done)
      log.info({ signal, in_flight: deps.inFlight.count }, 'waiting for work to finish before closing the database');
  }
  // The last answers reach their clients before the process ends: a connection is closed once its
  // answer is written (an event stream's ends just after its work does).
  for (const by = Date.now() + FLUSH_MS; !connectionsClosed && Date.now() < by; await delay(20))
    server.closeIdleConnections();
  server.closeAllConnections();
  await deps.inFlight.idle();
  await controlSocket?.close();
  await db.close();
  process.exit(0);
}
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
