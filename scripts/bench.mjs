// `npm run bench`: measures what exists so far. For now, the weight of what a browser downloads:
// each built page and the widget bundle, raw and gzip.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from './build.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
build({ quiet: true });

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? files(full) : [full];
  });
}

const rows = files(path.join(root, 'dist'))
  .filter((file) => /\.(html|js|css)$/.test(file))
  .map((file) => {
    const bytes = readFileSync(file);
    return { file: path.relative(root, file), raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });

const width = Math.max(...rows.map((r) => r.file.length));
console.log(`${'file'.padEnd(width)}  ${'raw B'.padStart(9)}  ${'gzip B'.padStart(9)}`);
for (const r of rows) console.log(`${r.file.padEnd(width)}  ${String(r.raw).padStart(9)}  ${String(r.gzip).padStart(9)}`);
console.log('API latency: nothing to measure yet (the API arrives with the ordering API issue).');
