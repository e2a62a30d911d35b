import { sql } from 'drizzle-orm';
import { rowsOf, type DB } from '../../db';

/**
 * Runs `job` in a transaction holding the job's advisory lock, or skips it (undefined) while another
 * process runs the same job: for periodic work whose rows cannot be claimed one by one.
 */
export async function onlyOne<T>(db: DB, name: string, job: (tx: DB) => Promise<T>): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const [row] = rowsOf<{ got: boolean }>(await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(${`job:${name}`})) as got`));
    return row?.got ? job(tx as unknown as DB) : undefined;
  });
}
