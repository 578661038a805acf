// `npm run audit`: the production dependencies against npm's advisory database, failing on any
// advisory of high or critical severity (`npm audit --omit=dev --audit-level=high`), with each
// one named. When the registry's advisory service does not answer (a mirror or proxy that serves
// packages but not advisories), it says so in one line and gives no verdict rather than a false
// pass or a failure of the code; AUDIT_REQUIRED=1 makes that a failure too.
import { spawnSync } from 'node:child_process';

const run = spawnSync('npm', ['audit', '--omit=dev', '--audit-level=high', '--json'], { encoding: 'utf8' });
let report;
try {
  report = JSON.parse(run.stdout);
} catch {
  console.error(`npm audit printed no report:\n${run.stderr}`);
  process.exit(1);
}

if (report.statusCode || (report.error && !report.vulnerabilities)) {
  const why = report.message ?? report.error?.summary ?? 'no answer';
  console.log(`audit: no verdict: the registry's advisory service did not answer (${why}).`);
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0);
}

const serious = Object.values(report.vulnerabilities ?? {}).filter(
  (v) => v.severity === 'high' || v.severity === 'critical',
);
const counts = report.metadata?.vulnerabilities ?? {};
if (serious.length > 0) {
  for (const v of serious) {
    const titles = v.via.filter((via) => typeof via === 'object').map((via) => `${via.title} (${via.url})`);
    console.error(
      `${v.severity}: ${v.name} ${v.range}${titles.length ? `: ${titles.join('; ')}` : ''}${v.fixAvailable ? ' (a fix is available)' : ''}`,
    );
  }
  console.error(`audit: ${serious.length} production dependencies with high or critical advisories.`);
  process.exit(1);
}
console.log(
  `audit: no high or critical advisories in production dependencies (${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low).`,
);
