// The ordering widget: one script a partner pastes, React code running on preact/compat
// (15 KB instead of 73 KB gzip, TOOLCHAIN.md), into dist/widget/.
//
// The entry (comal.js) holds what every page's first paint needs: the menu, the cart's state and
// who is signed in. The item dialog, the cart dialog, checkout, the Stripe step and the account
// screens are lazy chunks
// (dist/widget/chunks/NAME.HASH.js, with the checkout's and the account's CSS as NAME.HASH.css),
// loaded by widget/chunk-loader.ts only when a customer gets there. A chunk is a classic script,
// like the entry, so it loads on any partner page; it takes
// preact and signals from the entry (window.ComalWidgetShared) so both run on one copy.
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
  // react-shadow imports react-dom/server only for its `ssr` prop, which the widget never uses.
  { find: 'react-dom/server', replacement: here('./widget/stubs/react-dom-server.ts') },
  // react-shadow's prop types, which only React's development build checks.
  { find: 'prop-types', replacement: here('./widget/stubs/prop-types.ts') },
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

function chunkConfig(name, input) {
  const css = CHUNK_CSS[name] ?? null;
  return {
    input: here(input),
    output: {
      dir: here('./dist/widget/chunks'),
      format: 'iife',
      name: `ComalWidgetChunks.${name}`,
      extend: true,
      globals: SHARED_RUNTIME,
    },
    plugins: [
      sharedRuntime(),
      alias({ entries: preactAliases.filter((entry) => !(entry.find in SHARED_RUNTIME)) }),
      productionReplace(),
      settingsValues(),
      nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx'] }),
      commonjs(),
      json({ preferConst: true }),
      messageCatalogues({ prune: true }),
      typescriptFor(),
      terser({ format: { comments: false } }),
      chunkFile(name, css),
    ],
  };
}

const entryConfig = {
  input: here('./widget/main.tsx'),
  output: {
    file: here('./dist/widget/comal.js'),
    format: 'iife',
    name: 'ComalWidget',
    sourcemap: true,
  },
  plugins: [
    alias({ entries: preactAliases }),
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
