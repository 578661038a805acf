// Writes site/assets/fonts/alfa-slab-one-headings.woff2: the heading face cut down to the
// characters headings use (Latin letters with Spanish accents, digits, punctuation), so the
// font that every page preloads costs as little as possible. Run after changing the face.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import subsetFont from 'subset-font';

const require = createRequire(import.meta.url);
const source = require.resolve('@fontsource/alfa-slab-one/files/alfa-slab-one-latin-400-normal.woff2');
const ascii = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i)).join('');
const text = `${ascii}áéíóúñüÁÉÍÓÚÑÜ¿¡’‘“”–—·…©`;
const subset = await subsetFont(readFileSync(source), text, { targetFormat: 'woff2' });
const target = new URL('../site/assets/fonts/alfa-slab-one-headings.woff2', import.meta.url);
writeFileSync(target, subset);
console.log(`${readFileSync(source).length} B -> ${subset.length} B`);
