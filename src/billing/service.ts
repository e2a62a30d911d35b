// Billing: checkouts, ITNs (stored, answered, then checked and applied once), cancelling, overdue renewals,
// and what the user and admins see. Decisions come from the pure state machine in ./subscription.
// Long because every change to a subscription goes through one transaction pattern (lock the user, decide, write,
// stage the mail); the decisions themselves are in ./subscription.ts and ./itn.ts.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DB } from '../../db';
import { payfastCheckouts, payfastItns, payments, users, type PayfastCheckout, type PayfastItn, type User } from '../../db/schema';
import { limitReached, type RateLimiter } from '../auth';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../mail';
import type { CheckoutDTO, PaymentDTO, SubscriptionStatusDTO } from '../schemas/billing';
import { billingStateOf } from './access';
import {
  addressAllowed,
  localChecks,
  onceKey,
  parseRanges,
  readItn,
  senderNetwork,
  validateBackoffMs,
  VALIDATE_MAX_ATTEMPTS,
  type Checks,
  type ItnFields,
} from './itn';
import { billingMail } from './mails';
import { AMBIGUOUS_CHARS, FORM_FIELD_ORDER, formSignature, ITN_PATH, PAYFAST_HOSTS, parseFormBody, rands, type FormField } from './payfast';
import { PayfastError, type PayfastClient } from './payfast-client';
import {
  cancelProblem,
  expectedCents,
  onCancelConfirmed,
  onItn,
  onRenewalCheck,
  planCheckout,
  PLAN,
  RENEWAL_GRACE_DAYS,
  RENEWAL_RECHECK_MS,
  renewalCheckDue,
  subscriptionView,
  type BillingState,
  type CheckoutRecord,
  type Decision,
  type MailKind,
} from './subscription';

export interface BillingDeps {
  db: DB;
  config: Config;
  mailer: Mailer;
  payfast: PayfastClient;
  limiter: RateLimiter;
  clock: () => Date;
  log: Logger;
}

/** ITN rows that are waiting to be (re)processed. */
const WAITING = ['received', 'retry'];
/** ITNs per minute accepted from a network (/24, /64) that is not PayFast's (they are stored, so they are capped). */
const FOREIGN_ITNS_PER_MINUTE = 20;
/** Rejected ITNs that PayFast did not sign or send are kept this long for support, and at most this many. */
const UNVERIFIED_KEEP_MS = 24 * 3_600_000;
const UNVERIFIED_MAX_ROWS = 1_000;
/** Checkouts one user may start per hour: each is a stored row and a signed form. */
const CHECKOUTS_PER_HOUR = 10;
/** A checkout newer than this that PayFast has not confirmed is shown as "waiting for PayFast". */
const OPEN_CHECKOUT_MS = 24 * 3_600_000;
const CANCEL_FAILED = (why: string) =>
  `PayFast could not cancel your subscription right now (${why}). Nothing has changed: your subscription is still active. Please try again in a few minutes.`;

export const ACCOUNT_KEPT =
  'Your account has not been deleted: PayFast could not cancel your subscription right now, and it would go on charging your card. Please try again in a few minutes, or cancel the subscription on the Subscription page first.';

const record = (c: PayfastCheckout): CheckoutRecord => ({
  ref: c.ref,
  amountCents: c.amountCents,
  recurringCents: c.recurringCents,
  billingDate: c.billingDate,
  token: c.token,
  completed: c.completedAt !== null,
});

export function createBillingService(deps: BillingDeps) {
  const { db, config, mailer, payfast, limiter, clock, log } = deps;
  const pf = config.payfast;
  const ranges = parseRanges(pf.itnSourceRanges);
  const appUrl = (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/$/, '');
  // A claimed ITN that is not finished by then (the process died) is picked up again by the sweep.
  const leaseMs = Math.max(60_000, 3 * pf.timeoutMs);
  const running = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    running.add(p);
    void p.finally(() => running.delete(p));
  };

  const cardUpdateUrl = (token: string | null) =>
    token
      ? `${PAYFAST_HOSTS[pf.sandbox ? 'sandbox' : 'live'].cardUpdate}/${encodeURIComponent(token)}?return=${encodeURIComponent(`${appUrl}/subscription`)}`
      : null;

  const stateColumns = (s: BillingState) => ({
    subscriptionStatus: s.status,
    nextBillingDate: s.nextBillingDate,
    paidThrough: s.paidThrough,
    payfastToken: s.token,
    updatedAt: clock().toISOString(),
  });

  async function stageMails(
    tx: DB,
    user: User,
    state: BillingState,
    kinds: MailKind[],
    payment?: { amountCents: number | null; reference: string | null },
  ) {
    if (!user.email) return;
    for (const kind of kinds) {
      const { subject, text } = billingMail({
        kind,
        username: user.username,
        appUrl,
        amountCents: payment?.amountCents,
        reference: payment?.reference,
        nextBillingDate: state.nextBillingDate,
        paidThrough: state.paidThrough,
        cardUpdateUrl: cardUpdateUrl(state.token),
      });
      await mailer.stage(tx, { to: user.email, subject, text });
    }
  }

  /** After a commit: send what was staged, and stop a subscription PayFast must not charge. */
  async function afterCommit(decision: Decision, itnId?: number) {
    if (decision.outcome !== 'apply') return;
    if (decision.mails.length) mailer.deliverSoon();
    if (decision.cancelToken) {
      try {
        await payfast.cancel(decision.cancelToken);
        log.warn('second PayFast subscription canceled', { itnId, note: decision.note });
      } catch (err) {
        log.error('a second PayFast subscription could not be canceled: cancel it in the PayFast dashboard', { itnId, error: String(err) });
      }
    }
  }

  async function finish(itn: PayfastItn, state: string, checks: Checks, reason: string | null, userId?: number | null) {
    await db
      .update(payfastItns)
      .set({ state, checks, reason, processedAt: clock(), userId: userId ?? itn.userId })
      .where(eq(payfastItns.id, itn.id));
    const level = state === 'rejected' || state === 'failed' ? 'warn' : 'info';
    log[level](`PayFast ITN ${state}`, { itn: itn.id, pfPaymentId: itn.pfPaymentId, status: itn.paymentStatus, reason });
  }

  const alreadyApplied = async (tx: DB, fields: ItnFields) =>
    (
      await tx
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.pfPaymentId, onceKey(fields)), eq(payments.paymentStatus, fields.paymentStatus)))
        .limit(1)
    ).length > 0;

  /** The verified ITN's effect, in one transaction: the user row is locked, so events for one user apply one at a time. */
  async function apply(itn: PayfastItn, fields: ItnFields, ref: string, checks: Checks): Promise<void> {
    const now = clock();
    const decision = await db.transaction(async (tx): Promise<Decision> => {
      const [checkout] = await tx.select().from(payfastCheckouts).where(eq(payfastCheckouts.ref, ref));
      const [user] = checkout ? await tx.select().from(users).where(eq(users.id, checkout.userId)).for('update') : [];
      const done = (state: string, reason: string | null, userId?: number) =>
        tx
          .update(payfastItns)
          .set({ state, checks, reason, processedAt: now, userId: userId ?? null })
          .where(eq(payfastItns.id, itn.id));
      if (!checkout || !user) {
        await done('rejected', 'the account of this checkout no longer exists');
        return { outcome: 'reject', reason: 'account gone' };
      }
      if (await alreadyApplied(tx as DB, fields)) {
        await done('duplicate', 'already applied', user.id);
        return { outcome: 'ignore', reason: 'duplicate' };
      }
      const state = billingStateOf(user);
      const decision = onItn(
        state,
        record(checkout),
        { paymentStatus: fields.paymentStatus, token: fields.token, amountCents: fields.amountCents },
        now,
      );
      if (decision.outcome !== 'apply') {
        await done(decision.outcome === 'reject' ? 'rejected' : 'ignored', decision.reason, user.id);
        return decision;
      }
      if (decision.payment) {
        const inserted = await tx
          .insert(payments)
          .values({
            userId: user.id,
            itnId: itn.id,
            pfPaymentId: onceKey(fields),
            paymentStatus: fields.paymentStatus,
            kind: decision.payment,
            mPaymentId: fields.mPaymentId,
            amountCents: fields.amountCents,
            feeCents: fields.feeCents,
            netCents: fields.netCents,
            createdAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: payments.id });
        if (!inserted.length) {
          await done('duplicate', 'already applied', user.id);
          return { outcome: 'ignore', reason: 'duplicate' };
        }
      }
      if (decision.state !== state) await tx.update(users).set(stateColumns(decision.state)).where(eq(users.id, user.id));
      if (decision.completesCheckout)
        await tx.update(payfastCheckouts).set({ token: fields.token, completedAt: now }).where(eq(payfastCheckouts.ref, ref));
      await stageMails(tx as DB, user, decision.state, decision.mails, {
        amountCents: fields.amountCents,
        reference: fields.pfPaymentId || null,
      });
      await done('applied', decision.note ?? null, user.id);
      return decision;
    });
    log[decision.outcome === 'reject' ? 'warn' : 'info'](
      `PayFast ITN ${decision.outcome === 'apply' ? 'applied' : decision.outcome === 'reject' ? 'rejected' : 'not applied'}`,
      {
        itn: itn.id,
        pfPaymentId: fields.pfPaymentId,
        status: fields.paymentStatus,
        reason: decision.outcome === 'apply' ? decision.note : decision.reason,
      },
    );
    await afterCommit(decision, itn.id);
  }

  /** Checks a stored ITN and applies it, or leaves it for a retry while PayFast cannot confirm it. */
  async function processItn(id: number): Promise<void> {
    const now = clock();
    // Claim the row: of two processes (or a sweep and the request that stored it) only one goes on.
    const [itn] = await db
      .update(payfastItns)
      .set({ attempts: sql`${payfastItns.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
      .where(and(eq(payfastItns.id, id), inArray(payfastItns.state, WAITING), lte(payfastItns.nextAttemptAt, now)))
      .returning();
    if (!itn) return;
    const posted = parseFormBody(itn.rawBody);
    const fields = readItn(posted);
    const [checkout] = fields.mPaymentId ? await db.select().from(payfastCheckouts).where(eq(payfastCheckouts.ref, fields.mPaymentId)) : [];
    // A repeat of an ITN already applied: its amount was checked then (the checkout has moved on since).
    const repeat = onceKey(fields) !== '' && (await alreadyApplied(db, fields));
    const local = localChecks({
      posted,
      fields,
      passphrase: pf.passphrase,
      merchantId: pf.merchantId,
      sourceIp: itn.sourceIp,
      ranges,
      expectedCents: checkout && !repeat ? expectedCents(record(checkout), fields) : null,
    });
    if (!local.ok) return finish(itn, 'rejected', local.checks, local.reason, checkout?.userId);
    const checks = local.checks;
    if (!checkout) return finish(itn, 'rejected', checks, `unknown m_payment_id ${fields.mPaymentId || '(blank)'}`);
    if (!onceKey(fields)) return finish(itn, 'rejected', checks, 'no pf_payment_id', checkout.userId);
    if (repeat) return finish(itn, 'duplicate', checks, 'already applied', checkout.userId);

    const v = await payfast.validate(posted);
    if (v.result === 'invalid')
      return finish(itn, 'rejected', { ...checks, validate: 'fail' }, 'PayFast did not confirm this ITN (INVALID)', checkout.userId);
    if (v.result === 'unknown') {
      const withValidate: Checks = { ...checks, validate: 'unknown' };
      if (itn.attempts >= VALIDATE_MAX_ATTEMPTS) {
        log.error('PayFast ITN given up: the validate endpoint never confirmed it', {
          itn: itn.id,
          attempts: itn.attempts,
          detail: v.detail,
        });
        return finish(
          itn,
          'failed',
          withValidate,
          `PayFast's validate endpoint did not answer after ${itn.attempts} tries (${v.detail})`,
          checkout.userId,
        );
      }
      const retryAt = new Date(clock().getTime() + validateBackoffMs(itn.attempts));
      await db
        .update(payfastItns)
        .set({ state: 'retry', checks: withValidate, reason: `validate: ${v.detail}`, nextAttemptAt: retryAt, userId: checkout.userId })
        .where(eq(payfastItns.id, itn.id));
      log.warn('PayFast ITN not confirmed yet; will retry', {
        itn: itn.id,
        attempts: itn.attempts,
        retryAt: retryAt.toISOString(),
        detail: v.detail,
      });
      return;
    }
    await apply(itn, fields, checkout.ref, { ...checks, validate: 'pass' });
  }

  /** An overdue renewal: ask PayFast, then act on what it says (once per user, whichever process claims it). */
  async function checkRenewal(user: User): Promise<void> {
    const now = clock();
    const state = billingStateOf(user);
    if (!renewalCheckDue(state, user.renewalCheckedAt, now)) return;
    const [claimed] = await db
      .update(users)
      .set({ renewalCheckedAt: now })
      .where(
        and(
          eq(users.id, user.id),
          user.renewalCheckedAt ? eq(users.renewalCheckedAt, user.renewalCheckedAt) : isNull(users.renewalCheckedAt),
        ),
      )
      .returning({ id: users.id });
    if (!claimed) return;
    let remote;
    try {
      remote = await payfast.fetchSubscription(state.token!);
    } catch (err) {
      log.warn('overdue renewal: PayFast could not be asked; will ask again', { user: user.id, error: String(err) });
      return;
    }
    const decision = onRenewalCheck(state, remote, now);
    if (decision.outcome !== 'apply') {
      log.info('overdue renewal: nothing to change yet', { user: user.id, reason: decision.reason, remote });
      return;
    }
    const applied = await db.transaction(async (tx) => {
      const [fresh] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
      // Something else (a late ITN, a cancel) changed the subscription meanwhile: that wins.
      if (
        !fresh ||
        fresh.subscriptionStatus !== state.status ||
        fresh.nextBillingDate !== state.nextBillingDate ||
        fresh.payfastToken !== state.token
      )
        return false;
      await tx.update(users).set(stateColumns(decision.state)).where(eq(users.id, user.id));
      await stageMails(tx as DB, fresh, decision.state, decision.mails);
      return true;
    });
    if (!applied) return;
    log.warn('overdue renewal acted on', { user: user.id, note: decision.note, remote });
    await afterCommit(decision);
  }

  /** Drops rejected ITNs that PayFast neither signed nor sent: after a day, and beyond the newest few. */
  async function sweepUnverified(now: Date) {
    const unverified = sql`${payfastItns.state} = 'rejected' and (${payfastItns.checks}->>'signature' is distinct from 'pass' or ${payfastItns.checks}->>'source' is distinct from 'pass')`;
    const cutoff = new Date(now.getTime() - UNVERIFIED_KEEP_MS);
    const newest = db
      .select({ id: payfastItns.id })
      .from(payfastItns)
      .where(unverified)
      .orderBy(desc(payfastItns.id))
      .limit(UNVERIFIED_MAX_ROWS);
    const gone = await db
      .delete(payfastItns)
      .where(and(unverified, or(lte(payfastItns.receivedAt, cutoff), sql`${payfastItns.id} not in (${newest})`)))
      .returning({ id: payfastItns.id });
    if (gone.length) log.info('unverified PayFast ITNs swept', { count: gone.length });
  }

  async function latestOpenCheckout(userId: number) {
    const [c] = await db
      .select({ ref: payfastCheckouts.ref, createdAt: payfastCheckouts.createdAt })
      .from(payfastCheckouts)
      .where(and(eq(payfastCheckouts.userId, userId), isNull(payfastCheckouts.completedAt)))
      .orderBy(desc(payfastCheckouts.createdAt))
      .limit(1);
    return c && clock().getTime() - c.createdAt.getTime() < OPEN_CHECKOUT_MS ? { ref: c.ref, startedAt: c.createdAt.toISOString() } : null;
  }

  async function status(user: User): Promise<SubscriptionStatusDTO> {
    return { ...subscriptionView(billingStateOf(user), clock()), openCheckout: await latestOpenCheckout(user.id) };
  }

  return {
    status,

    async payments(userId: number): Promise<PaymentDTO[]> {
      const rows = await db
        .select()
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .limit(120);
      return rows.map((p) => ({
        id: p.id,
        date: p.createdAt.toISOString(),
        amount: p.kind === 'cancel' || p.amountCents === null ? null : `R${rands(Math.max(0, p.amountCents))}`,
        status: p.kind === 'cancel' ? 'Canceled' : p.kind === 'failed' ? 'Failed' : 'Paid',
        reference: p.pfPaymentId.startsWith('token:') ? '' : p.pfPaymentId,
      }));
    },

    /** Records a checkout and returns the signed form the browser posts to PayFast. `origin`: this app as the browser reached it. */
    async startCheckout(user: User, origin: string): Promise<CheckoutDTO> {
      const now = clock();
      const started = await limiter.hit(`checkout:user:${user.id}`, 3_600_000);
      if (started.count > CHECKOUTS_PER_HOUR) {
        throw limitReached((wait) => `You have started too many checkouts. Please try again in ${wait}.`, started.resetAt, now);
      }
      const plan = planCheckout(billingStateOf(user), now);
      if (!plan.ok) throw new AppError(plan.code, plan.message);
      const ref = `sub_${randomBytes(12).toString('base64url')}`;
      const base = (config.publicUrl ?? origin).replace(/\/$/, '');
      const values: Partial<Record<FormField, string>> = {
        merchant_id: pf.merchantId,
        merchant_key: pf.merchantKey,
        return_url: `${base}/subscription?checkout=return`,
        cancel_url: `${base}/subscription?checkout=cancelled`,
        notify_url: `${base}${ITN_PATH}`,
        // PayFast's two encoders disagree on a few characters: an address with one is left for the buyer to type.
        email_address: user.email && !AMBIGUOUS_CHARS.test(user.email) ? user.email : undefined,
        m_payment_id: ref,
        amount: rands(plan.amountCents),
        item_name: PLAN.itemName,
        subscription_type: '1',
        billing_date: plan.billingDate,
        recurring_amount: rands(PLAN.recurringCents),
        frequency: PLAN.frequency,
        cycles: PLAN.cycles,
      };
      const payment_data: Record<string, string> = {};
      for (const k of FORM_FIELD_ORDER) if (values[k] !== undefined) payment_data[k] = values[k];
      payment_data.signature = formSignature(values, pf.passphrase);
      await db.transaction(async (tx) => {
        await tx.insert(payfastCheckouts).values({
          ref,
          userId: user.id,
          amountCents: plan.amountCents,
          recurringCents: PLAN.recurringCents,
          billingDate: plan.billingDate,
          createdAt: now,
        });
        if (plan.status !== user.subscriptionStatus) {
          // Only over the state the plan was made from: an ITN applied meanwhile wins.
          const was =
            user.subscriptionStatus === null ? isNull(users.subscriptionStatus) : eq(users.subscriptionStatus, user.subscriptionStatus);
          await tx
            .update(users)
            .set({ subscriptionStatus: plan.status, updatedAt: now.toISOString() })
            .where(and(eq(users.id, user.id), was));
        }
      });
      log.info('PayFast checkout started', { user: user.id, ref, amount: payment_data.amount, billingDate: plan.billingDate });
      return { payment_data, payment_url: pf.processUrl };
    },

    /** Stores an ITN exactly as it arrived and starts processing it; the caller answers PayFast at once. */
    async receiveItn(raw: string, sourceIp: string): Promise<number> {
      if (!raw.trim()) throw new AppError('bad_request', 'An ITN needs a form body');
      if (!addressAllowed(sourceIp, ranges)) {
        const hits = await limiter.hit(`itn:${senderNetwork(sourceIp)}`, 60_000);
        if (hits.count > FOREIGN_ITNS_PER_MINUTE)
          throw new AppError('rate_limited', 'Too many notifications from this network', undefined, 60);
      }
      const fields = readItn(parseFormBody(raw));
      const now = clock();
      const short = (v: string) => v.slice(0, 100) || null;
      const [row] = await db
        .insert(payfastItns)
        .values({
          receivedAt: now,
          nextAttemptAt: now,
          sourceIp,
          rawBody: raw,
          mPaymentId: short(fields.mPaymentId),
          pfPaymentId: short(fields.pfPaymentId),
          paymentStatus: short(fields.paymentStatus),
        })
        .returning({ id: payfastItns.id });
      track(
        processItn(row.id).catch((err) =>
          log.error('PayFast ITN processing failed; the sweep will retry it', { itn: row.id, error: String(err) }),
        ),
      );
      return row.id;
    },

    /** Cancels at PayFast first; only a confirmed cancel changes the subscription. */
    async cancel(user: User): Promise<SubscriptionStatusDTO> {
      const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
      const state = billingStateOf(fresh);
      const problem = cancelProblem(state);
      if (problem) throw new AppError('bad_request', problem);
      try {
        await payfast.cancel(state.token!);
      } catch (err) {
        log.warn('PayFast cancel failed', { user: user.id, error: String(err) });
        throw new AppError('upstream_failed', CANCEL_FAILED(err instanceof PayfastError ? err.message : 'unexpected error'));
      }
      const updated = await db.transaction(async (tx) => {
        const [locked] = await tx.select().from(users).where(eq(users.id, user.id)).for('update');
        if (locked.subscriptionStatus === 'canceled' || locked.payfastToken !== state.token) return locked; // the CANCELLED ITN was first
        // From the row as it is now: a renewal applied while PayFast answered keeps the month it paid for.
        const next = onCancelConfirmed(billingStateOf(locked));
        const [row] = await tx.update(users).set(stateColumns(next)).where(eq(users.id, user.id)).returning();
        await tx
          .insert(payments)
          .values({ userId: user.id, pfPaymentId: `token:${state.token}`, paymentStatus: 'CANCELLED', kind: 'cancel', createdAt: clock() })
          .onConflictDoNothing();
        await stageMails(tx as DB, row, next, ['canceled']);
        return row;
      });
      log.info('subscription canceled at PayFast', { user: user.id });
      mailer.deliverSoon();
      return status(updated);
    },

    /** Before an account is deleted: PayFast must stop charging its card, or the account stays. */
    async stopCharges(user: User): Promise<void> {
      const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
      const state = billingStateOf(fresh);
      if (cancelProblem(state)) return;
      try {
        await payfast.cancel(state.token!);
      } catch (err) {
        log.warn('PayFast cancel before account deletion failed', { user: user.id, error: String(err) });
        throw new AppError('upstream_failed', ACCOUNT_KEPT);
      }
      log.info('subscription canceled at PayFast: account being deleted', { user: user.id });
    },

    /** Periodic: ITNs due for (another) try, then renewals overdue past their grace days. */
    async sweep(): Promise<void> {
      const now = clock();
      const due = await db
        .select({ id: payfastItns.id })
        .from(payfastItns)
        .where(and(inArray(payfastItns.state, WAITING), lte(payfastItns.nextAttemptAt, now)))
        .orderBy(payfastItns.id)
        .limit(50);
      for (const { id } of due) await processItn(id);
      const graceCutoff = new Date(now.getTime() - RENEWAL_GRACE_DAYS * 86_400_000).toISOString();
      const recheckCutoff = new Date(now.getTime() - RENEWAL_RECHECK_MS);
      const overdue = await db
        .select()
        .from(users)
        .where(
          and(
            eq(users.subscriptionStatus, 'active'),
            isNotNull(users.payfastToken),
            sql`case when ${users.nextBillingDate} ~ '^\\d{4}-\\d{2}-\\d{2}' then ${users.nextBillingDate}::timestamptz end <= ${graceCutoff}::timestamptz`,
            or(isNull(users.renewalCheckedAt), lte(users.renewalCheckedAt, recheckCutoff)),
          ),
        )
        .limit(50);
      for (const u of overdue) await checkRenewal(u);
      await sweepUnverified(now);
    },

    /** Recent ITNs with what their checks found, for support. No raw bodies: they hold names, e-mail addresses and tokens. */
    async recentItns(limit = 100) {
      const rows = await db
        .select({ itn: payfastItns, username: users.username })
        .from(payfastItns)
        .leftJoin(users, eq(users.id, payfastItns.userId))
        .orderBy(desc(payfastItns.id))
        .limit(limit);
      return rows.map(({ itn, username }) => {
        const f = readItn(parseFormBody(itn.rawBody));
        return {
          id: itn.id,
          receivedAt: itn.receivedAt.toISOString(),
          sourceIp: itn.sourceIp,
          state: itn.state,
          checks: itn.checks,
          reason: itn.reason,
          attempts: itn.attempts,
          nextAttemptAt: itn.state === 'retry' ? itn.nextAttemptAt.toISOString() : null,
          processedAt: itn.processedAt?.toISOString() ?? null,
          pfPaymentId: itn.pfPaymentId,
          paymentStatus: itn.paymentStatus,
          mPaymentId: itn.mPaymentId,
          amountGross: f.amountCents === null ? null : `${f.amountCents < 0 ? '-' : ''}${rands(Math.abs(f.amountCents))}`,
          token: f.token ? `…${f.token.slice(-4)}` : null,
          userId: itn.userId,
          username,
        };
      });
    },

    /** Waits for ITNs being processed (tests and shutdown). */
    async idle(): Promise<void> {
      while (running.size) await Promise.allSettled([...running]);
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
