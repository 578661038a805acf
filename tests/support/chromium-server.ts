/**
 * One Chromium for the whole browser suite: started before the first file, closed after the
 * last. Each file connects to it (`launchBrowser` in browser.ts) and gets browser contexts of its
 * own, so nothing a file does is seen by another, without a Chromium start per file.
 */
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_ARGS, chromiumPath } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared Chromium's WebSocket endpoint. */
    chromiumEndpoint: string;
  }
}

export default async function startChromium(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
