// The bench's one table, as figures beside their limits (issue 22): each row is a figure, the limit
// measured in the same run on the same machine (a static file server, an empty page, a one-line
// script, `SELECT 1`), and a goal the row passes or misses. Pure: no I/O, so the rules are tested
// (tests/unit/bench-report.test.ts) and the /speed/ page shows what the bench printed.

/**
 * One row from what was measured. `goal.on` says what the goal is checked against: the figure
 * itself ('figure') or the figure divided by its limit ('vs_limit'); `atMost` or `atLeast` is the
 * goal. A row with a null figure (or a 'vs_limit' goal and no limit) is skipped, with `note` saying
 * why; a row without a goal is reported, never failed.
 */
export function benchRow({ id, what, unit, figure, limit = null, limitWhat = null, goal = null, note = null }) {
  const measured = typeof figure === 'number' && Number.isFinite(figure);
  const limited = typeof limit === 'number' && Number.isFinite(limit);
  // A limit of 0 (an empty page's TBT) is shown, but nothing divides by it.
  const vsLimit = measured && limited && limit > 0 ? figure / limit : null;
  const checked = goal?.on === 'vs_limit' ? vsLimit : measured ? figure : null;
  let result = 'reported';
  if (goal) {
    if (checked == null) result = 'skipped';
    else result = (goal.atMost != null ? checked <= goal.atMost : checked >= goal.atLeast) ? 'pass' : 'fail';
  } else if (!measured) result = 'skipped';
  const target = goal ? (goal.atMost ?? goal.atLeast) : null;
  return {
    id,
    what,
    unit,
    figure: measured ? round(figure) : null,
    limit: limited ? round(limit) : null,
    limit_what: limitWhat,
    vs_limit: vsLimit == null ? null : round(vsLimit, 2),
    goal: goal && { on: goal.on, ...(goal.atMost != null ? { at_most: goal.atMost } : { at_least: goal.atLeast }) },
    goal_text: goal ? goalText(goal, unit) : '-',
    // The checked value as a share of its goal: 1 is exactly the goal. A goal of 0 (idle queries)
    // has no share: 0 when met, null otherwise.
    of_goal:
      checked == null || target == null ? null : target === 0 ? (checked === 0 ? 0 : null) : round(checked / target, 2),
    result,
    note: result === 'skipped' ? (note ?? 'not measured in this run') : note,
  };
}

/** Rows that missed their goal. */
export const missedRows = (rows) => rows.filter((row) => row.result === 'fail');

function round(value, digits = value >= 100 ? 0 : 2) {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** A value in its unit, as the table prints it: '1,213 req/s', '745 ms', '19.8 KB'. */
export function formatValue(value, unit) {
  if (value == null) return '-';
  if (unit === 'bytes') return `${(value / 1024).toFixed(1)} KB`;
  const number = value >= 100 ? Math.round(value).toLocaleString('en-US') : String(round(value));
  return unit ? `${number} ${unit}` : number;
}

function goalText(goal, unit) {
  const sign = goal.atMost != null ? '≤' : '≥';
  const value = goal.atMost ?? goal.atLeast;
  return goal.on === 'vs_limit' ? `${sign} ${value}x limit` : `${sign} ${formatValue(value, unit)}`;
}

const RESULT_WORDS = { pass: 'pass', fail: 'FAIL', skipped: 'skipped', reported: 'no goal' };

/** The printed table: one line a row, a header, columns padded; a skipped row's reason under it. */
export function benchTable(rows) {
  const headers = ['figure', 'measured', 'limit (same run)', 'vs limit', 'goal', 'of goal', 'result'];
  const cells = rows.map((row) => [
    row.what,
    formatValue(row.figure, row.unit),
    row.limit == null ? '-' : `${formatValue(row.limit, row.unit)} (${row.limit_what})`,
    row.vs_limit == null ? '-' : `${row.vs_limit}x`,
    row.goal_text,
    row.of_goal == null ? '-' : String(row.of_goal),
    RESULT_WORDS[row.result],
  ]);
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => c.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  const lines = [line(headers), widths.map((w) => '-'.repeat(w)).join('  ')];
  rows.forEach((row, i) => {
    lines.push(line(cells[i]));
    if (row.note) lines.push(`  ${row.result === 'skipped' ? 'skipped: ' : ''}${row.note}`);
  });
  return lines.join('\n');
}
