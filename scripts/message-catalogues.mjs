// Message catalogues as modules, for the widget's build (rollup) and its tests (vite).
//
// `import messages from 'comal-messages:es/common,menu'` is the Spanish catalogue's messages whose
// ids start with common. or menu., compiled by messageformat to functions, so no browser parses
// ICU; a Spanish message missing, or with other placeholders than the English one, fails the
// build. `comal-message-shapes:en/api` is how to recognise each English API message in a text
// (shared/i18n/api-messages.ts).
//
// A part's English goes into each file that shows it; once a file is built (`prune: true`), its
// English keeps only the messages whose ids the file's code names, so a part carries its own
// words and no one else's.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import MessageFormat from '@messageformat/core';
import compileModule from '@messageformat/core/compile-module.js';
import { tsImport } from 'tsx/esm/api';

const MESSAGES = 'comal-messages:';
const SHAPES = 'comal-message-shapes:';
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const catalogueFile = (locale) => here(`../shared/i18n/messages/${locale}.json`);
/** Marks a pruneable English part in the built code: the object literal between the markers. */
const START = '/*comal-english*/';
const END = '/*/comal-english*/';

export function messageCatalogues({ prune = false } = {}) {
  const catalogue = tsImport('../shared/i18n/catalogue.ts', import.meta.url);
  return {
    name: 'comal-message-catalogues',
    enforce: 'pre',
    resolveId: (source) => (source.startsWith(MESSAGES) || source.startsWith(SHAPES) ? `\0${source}` : null),
    async load(id) {
      const kind = id.startsWith(`\0${MESSAGES}`) ? MESSAGES : id.startsWith(`\0${SHAPES}`) ? SHAPES : null;
      if (!kind) return null;
      const [locale, list = ''] = id.slice(kind.length + 1).split('/');
      const namespaces = list.split(',').filter(Boolean);
      const { messagesIn, catalogueProblems, messageShapes } = await catalogue;
      const read = (name) => {
        this.addWatchFile(catalogueFile(name));
        return messagesIn(JSON.parse(readFileSync(catalogueFile(name), 'utf8')), namespaces);
      };
      const messages = read(locale);
      if (kind === SHAPES) return `export default ${JSON.stringify(messageShapes(messages))};`;
      if (locale !== 'en') {
        const problems = catalogueProblems(read('en'), messages, locale);
        if (problems.length) this.error(`The ${locale} catalogue is incomplete:\n${problems.join('\n')}`);
      }
      const code = compileModule(new MessageFormat(locale), messages);
      return locale === 'en' && prune
        ? code.replace('export default {', `export default ${START}{`).replace(/}\s*$/, `}${END}`)
        : code;
    },
    renderChunk(code) {
      if (!prune || !code.includes(START)) return null;
      let out = code;
      for (let at = out.indexOf(START); at !== -1; at = out.indexOf(START, at + 1)) {
        const end = out.indexOf(END, at);
        // Rendered as `{ ... };` (rollup ends the statement before the closing marker).
        const raw = out.slice(at + START.length, end).trim();
        const semicolon = raw.endsWith(';') ? ';' : '';
        const body = raw.slice(0, raw.length - semicolon.length).trim();
        const rest = out.slice(0, at) + out.slice(end);
        // Each entry is `"id": (d) => ...` on its own line, as messageformat writes them.
        const kept = body
          .slice(1, -1)
          .split(/,\n(?=\s*"[\w.]+":)/)
          .filter((entry) => {
            const name = /^\s*"([\w.]+)":/.exec(entry)?.[1];
            return !name || rest.includes(`"${name}"`) || rest.includes(`'${name}'`);
          });
        const pruned = `{${kept.join(',\n')}\n}${semicolon}`;
        out = out.slice(0, at) + pruned + out.slice(end + END.length);
      }
      return { code: out, map: null };
    },
  };
}
