import type { Plugin } from 'vite';

/** The message catalogues as modules (scripts/message-catalogues.mjs). */
export function messageCatalogues(options?: { prune?: boolean }): Plugin;
