// The server as one file, dist/server/main.mjs, bundled by esbuild from server/main.ts (run by
// build.mjs when the server's sources are newer). Loading our modules through tsx costs a start
// over a second more than loading them bundled: each import crosses to tsx's loader thread.
// What stays outside the bundle, read when the server starts as before:
// - the packages, from node_modules;
// - the restaurant's settings, settings/restaurant.json (a module that imports the file, so a
//   start reads the file as it is then, and a test's module hook can put another in its place);
// - the SQL migrations, copied beside the bundle (server/db/migrate.ts reads them from there).
// The bundle is written under a new name and then renamed, so a server starting meanwhile reads
// either the old bundle or the new one, never half of one.
import { cpSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'dist', 'server');
const SETTINGS = path.join(root, 'settings', 'restaurant.json');
/** Where the bundle finds the settings file, from dist/server. */
const SETTINGS_FROM_BUNDLE = path.relative(outDir, SETTINGS);

/** settings/restaurant.json as a module importing the file at start, with each part as a named export. */
const settingsAtStart = {
  name: 'settings-at-start',
  setup(builder) {
    builder.onResolve({ filter: /\/settings\/restaurant\.json$/ }, (args) =>
      args.namespace === 'settings'
        ? { path: SETTINGS_FROM_BUNDLE, external: true }
        : { path: 'settings/restaurant.json', namespace: 'settings' },
    );
    builder.onLoad({ filter: /.*/, namespace: 'settings' }, () => {
      const parts = Object.keys(JSON.parse(readFileSync(SETTINGS, 'utf8')));
      const contents = [
        `import settings from ${JSON.stringify(SETTINGS_FROM_BUNDLE)} with { type: 'json' };`,
        'export default settings;',
        ...parts.map((part) => `export const ${part} = settings[${JSON.stringify(part)}];`),
      ].join('\n');
      return { contents, loader: 'js', resolveDir: root };
    });
  },
};

const result = await build({
  entryPoints: [path.join(root, 'server', 'main.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  plugins: [settingsAtStart],
  outfile: path.join(outDir, 'main.mjs'),
  sourcemap: 'linked',
  write: false,
  logLevel: 'warning',
});

mkdirSync(outDir, { recursive: true });
// Migrations are only ever added, so copying over the ones there is enough.
cpSync(path.join(root, 'server', 'db', 'migrations'), path.join(outDir, 'migrations'), { recursive: true });
// The map first, the bundle last: build.mjs judges the build by the bundle's time.
const files = [...result.outputFiles].sort((a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')));
for (const file of files) {
  const temporary = `${file.path}.${process.pid}.new`;
  writeFileSync(temporary, file.contents);
  renameSync(temporary, file.path);
}
