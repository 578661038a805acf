// The ordering widget: one script a partner pastes, into dist/widget/.
//
// The entry (comal.js) is the first paint, written against preact itself: the menu drawn, the
// cart's count announced (widget/main.tsx). The ordering app (React code on preact/compat, 15 KB
// instead of 73 KB gzip, TOOLCHAIN.md) is the `app` chunk, fetched when the browser is idle and
// started on intent; the item dialog, the cart dialog, checkout, the Stripe step and the account
// screens are lazy chunks of their own
// (dist/widget/chunks/NAME.HASH.js, with the checkout's and the account's CSS as NAME.HASH.css),
// loaded by widget/chunk-loader.ts only when a customer gets there. A chunk is a classic script,
// like the entry, so it loads on any partner page; the app chunk bundles preact/compat and signals,
// and the other chunks take them from it (window.ComalWidgetShared) so all run on one copy.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import json from '@rollup/plugin-json';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';
import { tsImport } from 'tsx/esm/api';
import { messageCatalogues } from './scripts/message-catalogues.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

// The restaurant's settings, checked before anything is built: a bad value fails the build with
// the sentence the server would refuse to start with.
const { parseRestaurantSettings } = await tsImport('./shared/settings/schema.ts', import.meta.url);
const settings = parseRestaurantSettings(JSON.parse(readFileSync(here('./settings/restaurant.json'), 'utf8')));

/** The chunks' CSS names theme colours as var(--theme-ROLE); the build writes in the settings' colour. */
function themeColours(css) {
  return css.replace(/var\(--theme-([a-z]+)\)/g, (_token, role) => {
    if (!(role in settings.theme)) throw new Error(`The widget's CSS names a theme colour the settings lack: ${role}.`);
    return settings.theme[role];
  });
}

/** React's names resolved to preact; shared with the widget's component tests. */
export const preactAliases = [
  { find: 'react-dom/client', replacement: 'preact/compat/client' },
  { find: 'react-dom/test-utils', replacement: 'preact/test-utils' },
  { find: 'react-dom', replacement: 'preact/compat' },
  { find: 'react/jsx-runtime', replacement: 'preact/jsx-runtime' },
  { find: 'react', replacement: 'preact/compat' },
  { find: '@preact/signals-react', replacement: '@preact/signals' },
];

/** What a chunk takes from the entry instead of bundling its own copy (see widget/shared-runtime.ts). */
const SHARED_RUNTIME = {
  react: 'ComalWidgetShared.compat',
  'react-dom': 'ComalWidgetShared.compat',
  'react/jsx-runtime': 'ComalWidgetShared.jsx',
  '@preact/signals-react': 'ComalWidgetShared.signals',
};

/** The lazy chunks: name -> entry module. */
const CHUNKS = {
  // The ordering app: the first paint starts it (widget/app/index.tsx).
  app: './widget/app/index.tsx',
  checkout: './widget/checkout/index.ts',
  stripe: './widget/stripe/index.tsx',
  account: './widget/account/index.ts',
  handover: './widget/handover/index.ts',
  item: './widget/item/index.ts',
  cart: './widget/cart/index.ts',
  // The Spanish messages of every part, loaded when the widget speaks Spanish, then the API's.
  'messages-es': './widget/messages-es.ts',
  'messages-es-api': './widget/messages-es-api.ts',
};

/** The chunks that come with a style chunk of their own. */
const CHUNK_CSS = {
  checkout: './widget/checkout/checkout.css',
  account: './widget/account/account.css',
};

/** File names of the built chunks (with their content hash), filled as each chunk is written. */
const chunkFiles = {};

const hashOf = (text) => createHash('sha256').update(text).digest('hex').slice(0, 10);

function typescriptFor() {
  return typescript({
    tsconfig: here('./tsconfig.json'),
    include: ['widget/**/*', 'shared/**/*'],
    compilerOptions: {
      noEmit: false,
      allowImportingTsExtensions: false,
      rewriteRelativeImportExtensions: true,
      declaration: false,
      sourceMap: true,
      // Types are checked once, by `tsc --noEmit` in `npm test`; each of the ten builds here
      // only strips them (checking in each took about 60 s of the widget's 100 s build).
      noCheck: true,
    },
    noEmitOnError: true,
  });
}

/** The names shared/settings/values.ts gives each part of the settings. */
const SETTINGS_PARTS = {
  restaurant: 'identitySettings',
  ordering: 'orderingSettings',
  delivery: 'deliverySettings',
  tips: 'tipSettings',
  loyalty: 'loyaltySettings',
  theme: 'themeSettings',
};

/**
 * Every settings value widget code reads by its path (`themeSettings.action`,
 * `deliverySettings.minimumFeeCents`) becomes the value itself, so the bundle holds constants the
 * minifier folds (the styles are one string) instead of the settings' objects.
 */
function settingsValues() {
  const values = {};
  const add = (path, value) => {
    values[path] = JSON.stringify(value);
    if (value && typeof value === 'object' && !Array.isArray(value))
      for (const [key, inner] of Object.entries(value)) add(`${path}.${key}`, inner);
  };
  for (const [part, name] of Object.entries(SETTINGS_PARTS))
    for (const [key, value] of Object.entries(settings[part])) add(`${name}.${key}`, value);
  return replace({ preventAssignment: true, values });
}

const productionReplace = () =>
  replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } });

/** Marks React's names as the entry's shared runtime in a chunk's build. */
function sharedRuntime() {
  return {
    name: 'comal-shared-runtime',
    resolveId: (source) => (source in SHARED_RUNTIME ? { id: source, external: true } : null),
  };
}

/** Names the chunk NAME.HASH.js, writes its CSS beside it (NAME.HASH.css) and records both. */
function chunkFile(name, cssPath) {
  return {
    name: 'comal-chunk-file',
    generateBundle(_options, bundle) {
      const [entry] = Object.values(bundle).filter((file) => file.type === 'chunk');
      const record = {};
      if (cssPath) {
        const css = themeColours(readFileSync(here(cssPath), 'utf8')).replace(/\s*\n\s*/g, '');
        const fileName = `${name}.${hashOf(css)}.css`;
        this.emitFile({ type: 'asset', fileName, source: css });
        record.css = fileName;
      }
      const fileName = `${name}.${hashOf(entry.code)}.js`;
      delete bundle[entry.fileName];
      this.emitFile({ type: 'asset', fileName, source: entry.code });
      record.js = fileName;
      chunkFiles[name] = record;
    },
  };
}

/** The heading face, copied beside the chunks under a hashed name for the entry's @font-face. */
function headingFont() {
  return {
    name: 'comal-heading-font',
    generateBundle() {
      const source = readFileSync(here('./site/assets/fonts/alfa-slab-one-headings.woff2'));
      const fileName = `heading.${hashOf(source)}.woff2`;
      this.emitFile({ type: 'asset', fileName, source });
      chunkFiles.font = fileName;
    },
  };
}

/** The chunk that brings preact/compat and signals with it (the others take them from it). */
const RUNTIME_CHUNK = 'app';

function chunkConfig(name, input) {
  const css = CHUNK_CSS[name] ?? null;
  const ownRuntime = name === RUNTIME_CHUNK;
  return {
    input: here(input),
    output: {
      dir: here('./dist/widget/chunks'),
      format: 'iife',
      name: `ComalWidgetChunks.${name}`,
      extend: true,
      globals: ownRuntime ? undefined : SHARED_RUNTIME,
    },
    plugins: [
      ...(ownRuntime ? [] : [sharedRuntime()]),
      alias({ entries: ownRuntime ? preactAliases : preactAliases.filter((entry) => !(entry.find in SHARED_RUNTIME)) }),
      productionReplace(),
      settingsValues(),
      nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx'] }),
      commonjs(),
      json({ preferConst: true }),
      messageCatalogues({ prune: true }),
      typescriptFor(),
      terser(
        ownRuntime
          ? { ecma: 2020, compress: { passes: 3 }, format: { comments: false } }
          : { format: { comments: false } },
      ),
      chunkFile(name, css),
    ],
  };
}

/** The first paint: preact itself, no compat (nothing it imports names React but its JSX runtime). */
const entryConfig = {
  input: here('./widget/main.tsx'),
  output: {
    file: here('./dist/widget/comal.js'),
    format: 'iife',
    name: 'ComalWidget',
    sourcemap: true,
  },
  plugins: [
    alias({ entries: [{ find: 'react/jsx-runtime', replacement: 'preact/jsx-runtime' }] }),
    refuseCompat(),
    productionReplace(),
    settingsValues(),
    // Filled in once the chunks above are built (rollup runs the configs in order).
    replace({ preventAssignment: true, values: { __COMAL_CHUNK_FILES__: () => JSON.stringify(chunkFiles) } }),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx'] }),
    commonjs(),
    json({ preferConst: true }),
    messageCatalogues({ prune: true }),
    typescriptFor(),
    terser({ ecma: 2020, compress: { passes: 3 }, format: { comments: false } }),
  ],
};

/** Fails the first paint's build when something it imports would bring React's names (preact/compat) in. */
function refuseCompat() {
  return {
    name: 'comal-refuse-compat',
    resolveId(source, importer) {
      if (
        /^(react|react-dom|@preact\/signals-react|preact\/compat)(\/|$)/.test(source) &&
        source !== 'react/jsx-runtime'
      )
        throw new Error(
          `The first paint (widget/main.tsx) must not import ${source} (from ${importer}): it belongs in the app chunk.`,
        );
      return null;
    },
  };
}

/** Old chunks go first, so dist/widget/chunks holds exactly this build's files. */
function cleanChunks() {
  return {
    name: 'comal-clean-chunks',
    buildStart: () => rmSync(here('./dist/widget/chunks'), { recursive: true, force: true }),
  };
}

const [first, ...rest] = Object.entries(CHUNKS).map(([name, input]) => chunkConfig(name, input));
first.plugins.unshift(cleanChunks());
first.plugins.push(headingFont());
export default [first, ...rest, entryConfig];
