// `npm run backup [FILE]`: writes a consistent backup of the database the server uses to FILE, by
// default backups/comal-<pglite|postgres>-<UTC time>.<tar.gz|dump>, and prints one line saying
// what it wrote (exit code 1 and the reason otherwise). PGlite: taken by the running server
// through its control socket, or from DATA_DIR when no server runs; PostgreSQL (DATABASE_URL):
// pg_dump. Run through `node --import tsx` (package.json).
import { backup, backupSettings, runCommand } from '../server/backup/commands.ts';

const args = process.argv.slice(2);
if (args.length > 1 || args[0]?.startsWith('-')) {
  process.stderr.write('Usage: npm run backup [FILE]\n');
  process.exit(2);
}
await runCommand(() => backup(backupSettings(process.env), args[0]));
