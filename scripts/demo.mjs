// `npm run demo`: a partner's page on its own origin (DEMO_PORT, default 4000) that embeds the
// widget from the restaurant's server (COMAL_ORIGIN, default http://127.0.0.1:3000) with one
// script tag. Start the restaurant's server with `npm start` first.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const origin = (process.env.COMAL_ORIGIN || 'http://127.0.0.1:3000').replace(/\/$/, '');
const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.DEMO_PORT || 4000);
const page = readFileSync(fileURLToPath(new URL('../demo/index.html', import.meta.url)), 'utf8').replaceAll('%COMAL_ORIGIN%', origin);

createServer((req, res) => {
  if (req.url === '/' || req.url?.startsWith('/?')) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  } else {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Not found');
  }
}).listen(port, host, () => {
  console.log(`Partner demo page: http://${host}:${port}/ (widget from ${origin})`);
});
