// `npm run restore FILE`: puts a backup from `npm run backup` back and prints one line saying what
// it restored and how many orders the database now holds (exit code 1 and the reason otherwise).
// PGlite: refused while a server runs on DATA_DIR; the directory it replaces is kept beside it.
// PostgreSQL (DATABASE_URL): pg_restore --clean --if-exists --no-owner, in one transaction.
// Run through `node --import tsx` (package.json).
import { backupSettings, restore, runCommand } from '../server/backup/commands.ts';

const args = process.argv.slice(2);
if (args.length !== 1 || args[0]!.startsWith('-')) {
  process.stderr.write('Usage: npm run restore FILE (a .tar.gz from PGlite, a .dump from PostgreSQL)\n');
  process.exit(2);
}
await runCommand(() => restore(backupSettings(process.env), args[0]!));
