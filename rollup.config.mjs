// The ordering widget: one script a partner pastes, React code running on preact/compat
// (15 KB instead of 73 KB gzip, TOOLCHAIN.md), into dist/widget/.
import { fileURLToPath } from 'node:url';
import alias from '@rollup/plugin-alias';
import commonjs from '@rollup/plugin-commonjs';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import typescript from '@rollup/plugin-typescript';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

/** React's names resolved to preact; shared with the widget's component tests. */
export const preactAliases = [
  // react-shadow imports react-dom/server only for its `ssr` prop, which the widget never uses.
  { find: 'react-dom/server', replacement: here('./widget/stubs/react-dom-server.ts') },
  { find: 'react-dom/client', replacement: 'preact/compat/client' },
  { find: 'react-dom/test-utils', replacement: 'preact/test-utils' },
  { find: 'react-dom', replacement: 'preact/compat' },
  { find: 'react/jsx-runtime', replacement: 'preact/jsx-runtime' },
  { find: 'react', replacement: 'preact/compat' },
  { find: '@preact/signals-react', replacement: '@preact/signals' },
];

export default {
  input: here('./widget/main.tsx'),
  output: {
    file: here('./dist/widget/comal.js'),
    format: 'iife',
    name: 'ComalWidget',
    sourcemap: true,
  },
  plugins: [
    alias({ entries: preactAliases }),
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
    nodeResolve({ browser: true, extensions: ['.mjs', '.js', '.ts', '.tsx'] }),
    commonjs(),
    typescript({
      tsconfig: here('./tsconfig.json'),
      include: ['widget/**/*', 'shared/**/*'],
      compilerOptions: { noEmit: false, allowImportingTsExtensions: false, rewriteRelativeImportExtensions: true, declaration: false, sourceMap: true },
      noEmitOnError: true,
    }),
    terser({ format: { comments: false } }),
  ],
};
