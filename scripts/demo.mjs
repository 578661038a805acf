// `npm run demo`: a partner's page on its own origin (DEMO_PORT, default 4000) that embeds the
// widget from the restaurant's server (COMAL_ORIGIN, default http://127.0.0.1:3000) with one
// script tag. Start the restaurant's server with `npm start` first (it lets this origin call
// the API on the embedded defaults).
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const template = readFileSync(fileURLToPath(new URL('../demo/index.html', import.meta.url)), 'utf8');

/**
 * Serves demo/index.html with the widget's script from `origin()` (asked per request, so a test
 * can start this page before the restaurant's server). Resolves with the listening server.
 */
export function serveDemo({ origin, port, host = '127.0.0.1' }) {
  const server = createServer((req, res) => {
    if (req.url === '/' || req.url?.startsWith('/?')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(template.replaceAll('%COMAL_ORIGIN%', origin().replace(/\/$/, '')));
    } else if (req.url === '/favicon.ico') {
      res.writeHead(204).end();
    } else {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Not found');
    }
  });
  return new Promise((resolve) => server.listen(port, host, () => resolve(server)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const origin = process.env.COMAL_ORIGIN || 'http://127.0.0.1:3000';
  const host = process.env.HOST || '127.0.0.1';
  const port = Number(process.env.DEMO_PORT || 4000);
  await serveDemo({ origin: () => origin, port, host });
  console.log(`Partner demo page: http://${host}:${port}/ (widget from ${origin})`);
}
