/**
 * The one copy of preact/compat, its JSX runtime and signals that the entry shares with the lazy
 * chunks (rollup.config.mjs builds a chunk with these as globals). Hooks and signals only work
 * when a component and the renderer run on the same copy.
 */
import * as compat from 'react';
import * as jsx from 'react/jsx-runtime';
import * as signals from '@preact/signals-react';

export function shareRuntime(page: Window): void {
  (page as Window & { ComalWidgetShared?: unknown }).ComalWidgetShared = { compat, jsx, signals };
}
