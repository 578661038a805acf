// `npm start`: builds what is missing or stale, then serves site, widget and API from one Node
// process on HOST:PORT (127.0.0.1:3000) with data under DATA_DIR (./data).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { build } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
try {
  build();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// On the embedded defaults, the partner demo page (`npm run demo`) may call the API, and the
// mails the server sends are listed at /api/dev/outbox/ (no mail server here). Production, with
// its own database or mail server, gets neither unless asked.
const demoPort = process.env.DEMO_PORT || '4000';
const embedded = !process.env.DATABASE_URL && !process.env.SMTP_URL;
const env = {
  ...process.env,
  EMBED_ORIGINS: process.env.EMBED_ORIGINS ?? `http://127.0.0.1:${demoPort},http://localhost:${demoPort}`,
  DEV_OUTBOX: process.env.DEV_OUTBOX ?? (embedded ? '1' : '0'),
};
if (env.DEV_OUTBOX === '1') console.log('Mail stays on this machine: read it at /api/dev/outbox/ (DEV_OUTBOX=1).');
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
