// The user's client companies: their own only (another user's id is a 404, as everywhere), at most MAX_CLIENTS each.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { clients, users } from '../../db/schema';
import type { DB } from '../../db/index';
import { AppError } from '../errors';
import { MAX_CLIENTS, type ClientDTO, type ClientFields } from '../schemas/clients';
import { clientContext, type ClientContext } from './facts';

export const CLIENT_NOT_FOUND = 'Client not found';
type Row = typeof clients.$inferSelect;

const payDayOf = (v: string | null): ClientFields['payDay'] =>
  v === null ? null : /^\d+$/.test(v) ? Number(v) : (v as ClientFields['payDay']);

export function toClientDTO(r: Row): ClientDTO {
  return {
    id: r.id,
    name: r.name,
    payeRegistered: r.payeRegistered,
    uifRegistered: r.uifRegistered,
    sdlRegistered: r.sdlRegistered,
    annualPayroll: r.annualPayrollCents === null ? null : r.annualPayrollCents / 100,
    payrollUnder500k: r.payrollUnder500k,
    payFrequency: r.payFrequency as ClientDTO['payFrequency'],
    payDay: payDayOf(r.payDay),
    sector: r.sector,
    bargainingCouncil: r.bargainingCouncil,
    etiEligible: r.etiEligible,
    specialEconomicZone: r.specialEconomicZone,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** The columns of (part of) a client, money in cents. */
function columns(c: Partial<ClientFields>) {
  const { annualPayroll, payDay, ...rest } = c;
  return {
    ...rest,
    ...(annualPayroll !== undefined ? { annualPayrollCents: annualPayroll === null ? null : Math.round(annualPayroll * 100) } : {}),
    ...(payDay !== undefined ? { payDay: payDay === null ? null : String(payDay) } : {}),
  };
}

export function createClientService(deps: { db: DB; clock: () => Date }) {
  const { db, clock } = deps;
  const own = (userId: number, id: number) => and(eq(clients.id, id), eq(clients.userId, userId));
  async function get(userId: number, id: number): Promise<ClientDTO> {
    const [row] = await db.select().from(clients).where(own(userId, id));
    if (!row) throw new AppError('not_found', CLIENT_NOT_FOUND);
    return toClientDTO(row);
  }
  return {
    get,
    async list(userId: number): Promise<ClientDTO[]> {
      const rows = await db
        .select()
        .from(clients)
        .where(eq(clients.userId, userId))
        .orderBy(asc(sql`lower(${clients.name})`), asc(clients.id));
      return rows.map(toClientDTO);
    },
    async create(userId: number, c: ClientFields): Promise<ClientDTO> {
      // The user's row is locked while counting, so two requests at once cannot pass the limit together.
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [{ n }] = await tx.select({ n: count() }).from(clients).where(eq(clients.userId, userId));
        if (n >= MAX_CLIENTS)
          throw new AppError('conflict', `You can keep up to ${MAX_CLIENTS} client companies. Delete some you no longer need.`);
        const [row] = await tx
          .insert(clients)
          .values({ userId, ...columns(c), name: c.name })
          .returning();
        return toClientDTO(row);
      });
    },
    async update(userId: number, id: number, c: Partial<ClientFields>): Promise<ClientDTO> {
      const current = await get(userId, id);
      const merged = { ...current, ...c };
      if (merged.payrollUnder500k && merged.annualPayroll !== null && merged.annualPayroll > 500_000) {
        throw new AppError('bad_request', 'annualPayroll is above R500 000 but payrollUnder500k says it is under: correct one of them', {
          field: 'payrollUnder500k',
        });
      }
      const [row] = await db
        .update(clients)
        .set({ ...columns(c), updatedAt: clock() })
        .where(own(userId, id))
        .returning();
      if (!row) throw new AppError('not_found', CLIENT_NOT_FOUND);
      return toClientDTO(row);
    },
    /** Its conversations stay, untied (the foreign key sets them null). */
    async remove(userId: number, id: number): Promise<void> {
      const gone = await db.delete(clients).where(own(userId, id)).returning({ id: clients.id });
      if (!gone.length) throw new AppError('not_found', CLIENT_NOT_FOUND);
    },
    /** What a conversation tied to the client assumes; null when the client is gone or not the user's. */
    async context(userId: number, id: number): Promise<ClientContext | null> {
      const [row] = await db.select().from(clients).where(own(userId, id));
      return row ? clientContext(toClientDTO(row)) : null;
    },
  };
}
export type ClientService = ReturnType<typeof createClientService>;
