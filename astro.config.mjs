// The marketing site: static HTML from site/, into dist/site, every route with a trailing slash;
// the pages that print the menu are rendered by the server instead (site/live/, dist/site-server).
import { readFileSync } from 'node:fs';
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { tsImport } from 'tsx/esm/api';
import livePages from './site/live/adapter.mjs';

// The restaurant's settings, checked before anything is built: a bad value fails the build with
// the sentence the server would refuse to start with.
const { parseRestaurantSettings } = await tsImport('./shared/settings/schema.ts', import.meta.url);
parseRestaurantSettings(JSON.parse(readFileSync(new URL('./settings/restaurant.json', import.meta.url), 'utf8')));

/**
 * React renders the static HTML at build time; in the browser the islands hydrate with
 * preact/compat instead (8 KB gzip instead of 67 KB, TOOLCHAIN.md). A plain alias for both sides
 * breaks the build, since @astrojs/react renders with renderToPipeableStream, which preact lacks.
 */
function preactInTheBrowser() {
  const browserTwins = {
    react: 'preact/compat',
    'react-dom': 'preact/compat',
    'react-dom/client': 'preact/compat/client',
    'react/jsx-runtime': 'preact/jsx-runtime',
    'react/jsx-dev-runtime': 'preact/jsx-dev-runtime',
  };
  return {
    name: 'comal:preact-in-the-browser',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (options?.ssr) return null;
      const twin = browserTwins[source];
      if (!twin) return null;
      return this.resolve(twin, importer, { ...options, skipSelf: true });
    },
  };
}

/** `client:afterpaint`: an island hydrates once the first contentful paint is on the screen (site/scripts/after-paint.ts). */
function afterPaintDirective() {
  return {
    name: 'comal:after-paint',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'afterpaint', entrypoint: './site/scripts/after-paint.ts' });
      },
    },
  };
}

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist/site',
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory', inlineStylesheets: 'always', client: './', server: '../site-server/' },
  adapter: livePages(),
  site: 'https://elcomal.example',
  integrations: [react(), afterPaintDirective()],
  vite: { plugins: [preactInTheBrowser()] },
  telemetry: false,
});
