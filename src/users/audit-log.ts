// Reading the admin audit log (src/lib/audit.ts writes it): filtered by action, actor, target and South African
// days, newest first, a page at a time.
import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DB } from '../../db';
import { adminAuditLog, users } from '../../db/schema';
import { AUDIT_PAGE_SIZE, type AuditPageDTO, type AuditQuery } from '../schemas/audit';
import { saMidnight } from '../lib/sa-time';

const DAY = 86_400_000;
/** Midnight starting a South African day (SAST is UTC+2 all year). */

/** Details are an object as written; anything else a hand-written row holds is kept under `value`. */
const detailsOf = (d: unknown): Record<string, unknown> | null =>
  d === null || d === undefined ? null : typeof d === 'object' && !Array.isArray(d) ? (d as Record<string, unknown>) : { value: d };

/** One page of the log and what the filter needs: three small queries on the one table (and users, for names). */
export async function readAuditLog(db: DB, query: AuditQuery = {}, pageSize = AUDIT_PAGE_SIZE): Promise<AuditPageDTO> {
  const page = query.page ?? 1;
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(adminAuditLog.action, query.action));
  if (query.actor) conditions.push(sql`lower(${users.username}) = lower(${query.actor})`);
  if (query.target) conditions.push(sql`lower(${adminAuditLog.target}) = lower(${query.target})`);
  if (query.from) conditions.push(gte(adminAuditLog.at, saMidnight(query.from)));
  if (query.to) conditions.push(lt(adminAuditLog.at, new Date(saMidnight(query.to).getTime() + DAY)));
  const where = conditions.length ? and(...conditions) : undefined;

  const [rows, [{ total }], actions] = await Promise.all([
    db
      .select({
        id: adminAuditLog.id,
        at: adminAuditLog.at,
        actorId: users.id,
        actorName: users.username,
        action: adminAuditLog.action,
        target: adminAuditLog.target,
        details: adminAuditLog.details,
      })
      .from(adminAuditLog)
      .leftJoin(users, eq(users.id, adminAuditLog.actorId))
      .where(where)
      .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(adminAuditLog)
      .leftJoin(users, eq(users.id, adminAuditLog.actorId))
      .where(where),
    db.selectDistinct({ action: adminAuditLog.action }).from(adminAuditLog).orderBy(adminAuditLog.action),
  ]);

  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: r.at.toISOString(),
      actor: r.actorId !== null && r.actorName !== null ? { id: r.actorId, username: r.actorName } : null,
      action: r.action,
      target: r.target,
      details: detailsOf(r.details),
    })),
    total,
    page,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    actions: actions.map((a) => a.action),
  };
}

export function createAuditService(deps: { db: DB }) {
  const { db } = deps;
  return {
    /** One page of the log, newest first. */
    page: (query: AuditQuery = {}) => readAuditLog(db, query),
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
