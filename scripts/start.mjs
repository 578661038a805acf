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
// A local start (bound to this machine, no database server, no mail server, not production):
// the partner demo page (`npm run demo`) may call the API, and the mails the server sends are
// listed at /api/dev/outbox/ (there is no mail server to read them from). Anything else gets
// neither unless asked, and the server refuses DEV_OUTBOX in production.
const demoPort = process.env.DEMO_PORT || '4000';
const host = process.env.HOST || '127.0.0.1';
const local =
  ['127.0.0.1', 'localhost', '::1'].includes(host) &&
  !process.env.DATABASE_URL &&
  !process.env.SMTP_URL &&
  process.env.NODE_ENV !== 'production';
const env = { ...process.env };
if (local) {
  env.EMBED_ORIGINS ??= `http://127.0.0.1:${demoPort},http://localhost:${demoPort}`;
  env.DEV_OUTBOX ??= '1';
}
const server = spawn(process.execPath, ['dist/server/main.mjs'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
