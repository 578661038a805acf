// The marketing site: static HTML from site/, into dist/site, every route with a trailing slash.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

export default defineConfig({
  srcDir: './site',
  publicDir: './site/public',
  outDir: './dist/site',
  output: 'static',
  trailingSlash: 'always',
  build: { format: 'directory' },
  site: 'https://elcomal.example',
  integrations: [react()],
  telemetry: false,
});
