import type { DB } from '../../db';
import { adminAuditLog } from '../../db/schema';

type Tx = Parameters<Parameters<DB['transaction']>[0]>[0];

/** Who did what to what, when: every admin change writes one row, in the change's own transaction. */
export function writeAudit(
  tx: Tx | DB,
  entry: { actorId: number | null; action: string; target: string; details?: Record<string, unknown> | null; at: Date },
) {
  return tx.insert(adminAuditLog).values({ ...entry, details: entry.details ?? null });
}
