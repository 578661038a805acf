/** SQL for the admin audit log (0027_admin.sql): every change an admin makes, who, when, before and after. */
import type { AuditArea } from '../../shared/api/admin.ts';
import type { Queryable } from './database.ts';

export interface AuditRow {
  id: string;
  at: Date;
  actor: string;
  area: AuditArea;
  subject: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

/** Records one change, in the caller's transaction, so the change and its record stand or fall together. */
export async function recordChange(db: Queryable, change: Omit<AuditRow, 'id'>): Promise<void> {
  await db.query('insert into admin_audit (at, actor, area, subject, before, after) values ($1, $2, $3, $4, $5, $6)', [
    change.at,
    change.actor,
    change.area,
    change.subject,
    change.before === null ? null : JSON.stringify(change.before),
    change.after === null ? null : JSON.stringify(change.after),
  ]);
}

const parsed = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : value);

/** The newest `limit` changes (of one area when given), older than the entry `before` when given. */
export async function auditEntries(
  db: Queryable,
  options: { area?: AuditArea | undefined; before?: string | undefined; limit: number },
): Promise<AuditRow[]> {
  const rows = await db.query<AuditRow & { id: string | number }>(
    `select id, at, actor, area, subject, before, after from admin_audit
      where ($1::text is null or area = $1) and ($2::bigint is null or id < $2::bigint)
      order by id desc limit $3`,
    [options.area ?? null, options.before ?? null, options.limit],
  );
  return rows.map((row) => ({
    ...row,
    id: String(row.id),
    before: parsed(row.before) as AuditRow['before'],
    after: parsed(row.after) as AuditRow['after'],
  }));
}
