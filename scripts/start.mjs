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
// On the embedded defaults, the partner demo page (`npm run demo`) may call the API.
const demoPort = process.env.DEMO_PORT || '4000';
const env = { ...process.env, EMBED_ORIGINS: process.env.EMBED_ORIGINS ?? `http://127.0.0.1:${demoPort},http://localhost:${demoPort}` };
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
