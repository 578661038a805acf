// `npm run staff -- create EMAIL [--role admin|staff]`: adds a staff member (or finds the one
// with that email) and prints a one-time link, good for 48 hours, where they choose their
// password: {PUBLIC_ORIGIN or http://127.0.0.1:3000}/staff/?set-password=TOKEN.
// Uses the same database as the server: DATABASE_URL, else PGlite under DATA_DIR (./data).
// Run through `node --import tsx` (package.json), so it can import the server's TypeScript.
import { inviteStaff } from '../server/auth/staff-auth.ts';
import { readConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/database.ts';
import { migrate } from '../server/db/migrate.ts';

const USAGE = 'Usage: npm run staff -- create EMAIL [--role admin|staff]';

function parse(argv) {
  const [command, email, ...rest] = argv;
  if (command !== 'create' || !email || email.startsWith('--')) return null;
  let role = 'staff';
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === '--role') role = rest[++i];
    else if (arg.startsWith('--role=')) role = arg.slice('--role='.length);
    else return null;
  }
  if (role !== 'staff' && role !== 'admin') return null;
  return { email, role };
}

const args = parse(process.argv.slice(2));
if (!args) {
  console.error(USAGE);
  process.exit(2);
}

const config = readConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  const origin =
    config.publicOrigin ?? `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  const invite = await inviteStaff(db, { email: args.email, role: args.role, origin });
  console.log(
    invite.created
      ? `Added ${invite.member.email} as ${invite.member.role}.`
      : `${invite.member.email} is already a staff member (${invite.member.role}); here is a new link (earlier ones no longer work).`,
  );
  console.log(`Set the password here (once, before ${invite.expiresAt.toISOString()}):`);
  console.log(invite.url);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await db.close();
}
