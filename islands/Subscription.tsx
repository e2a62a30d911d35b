import { useEffect, useRef, useState } from 'react';
import { BADGE_TONES, statusBadge } from '../src/billing/status';
import { formatDate } from '../src/lib/sa-time';
import { BILLING_TEXTS as T, type CheckoutDTO, type PaymentDTO, type SubscriptionStatusDTO } from '../src/schemas/billing';
import { call, errorMessage } from './api';
import { API } from './endpoints';
import { toast } from './toast';
import { toastAfterNavigation } from './toaster';

export interface SubscriptionProps {
  status: SubscriptionStatusDTO;
  payments: PaymentDTO[];
  /** Back from PayFast: 'return' after paying, 'cancelled' after leaving its page. */
  checkout: 'return' | 'cancelled' | null;
}

const AUTO_SUBMIT_MS = 500; // spec §9
const POLL_MS = 2000;
const POLL_FOR_MS = 90_000;

const LIMITED = 'You now have limited access: the knowledge base and calculators stay open, and the assistant answers 5 questions a day.';
const BENEFITS = [
  'Unlimited questions to the AI payroll assistant',
  'Exact PAYE, UIF, SDL and ETI calculations with the working shown',
  'Your chat history saved and searchable',
  'The full 2026/27 payroll knowledge base',
  'No per-user fees',
  'Cancel anytime: access continues to the end of the paid month',
];

function Row({ label, value, testId }: { label: string; value: string | number; testId?: string }) {
  return (
    <div className="flex justify-between gap-4 border-b border-border py-2 text-sm last:border-0">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** The hidden form the browser posts to PayFast: every field of payment_data, as the server signed it. */
function PayfastForm({ checkout }: { checkout: CheckoutDTO }) {
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const t = setTimeout(() => ref.current?.submit(), AUTO_SUBMIT_MS);
    return () => clearTimeout(t);
  }, []);
  return (
    <form ref={ref} action={checkout.payment_url} method="post" hidden data-testid="payfast-form">
      {Object.entries(checkout.payment_data).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </form>
  );
}

function CancelDialog({
  paidThrough,
  onClose,
  onCanceled,
}: {
  paidThrough: string | null;
  onClose: () => void;
  onCanceled: (s: SubscriptionStatusDTO) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => ref.current?.showModal(), []);
  async function confirm() {
    setBusy(true);
    try {
      onCanceled(await call(API.cancelSubscription));
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, T.cancelFailed), variant: 'destructive' });
      setBusy(false);
      ref.current?.close();
    }
  }
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="cancel-title"
      aria-describedby="cancel-desc"
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-lg p-6 shadow-xl backdrop:bg-black/50"
    >
      <div className="space-y-4">
        <h2 id="cancel-title" className="text-lg font-semibold">
          Cancel your subscription?
        </h2>
        <div id="cancel-desc" className="space-y-2 text-sm text-muted-foreground">
          <p>
            No further payments will be taken.{' '}
            {paidThrough ? (
              <>
                You keep full access until <strong className="text-foreground">{formatDate(paidThrough)}</strong>.
              </>
            ) : (
              <>Your access continues until the end of the period you have paid for.</>
            )}
          </p>
          <p>After that your account stays open with limited access, and you can subscribe again at any time.</p>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-outline" autoFocus onClick={() => ref.current?.close()} disabled={busy}>
            Keep subscription
          </button>
          <button type="button" className="btn btn-destructive" onClick={confirm} disabled={busy}>
            {busy ? 'Canceling...' : 'Cancel subscription'}
          </button>
        </div>
      </div>
    </dialog>
  );
}

function StatusPanel({
  status,
  confirming,
  timedOut,
  onRecheck,
}: {
  status: SubscriptionStatusDTO;
  confirming: boolean;
  timedOut: boolean;
  onRecheck: () => void;
}) {
  const badge = status.phase === 'trial-ended' ? { label: 'Trial ended', tone: 'gray' as const } : statusBadge(status.status);
  if (confirming) {
    return (
      <div role="status" className="space-y-2" data-testid="confirming">
        {timedOut ? (
          <>
            <p className="font-semibold">PayFast has not confirmed your payment yet</p>
            <p className="text-sm text-muted-foreground">
              This usually takes seconds but can take a few minutes. This page will show your subscription once PayFast tells us.
            </p>
            <button type="button" className="btn btn-outline btn-sm" onClick={onRecheck}>
              Check again
            </button>
          </>
        ) : (
          <p className="flex items-center gap-2 font-semibold">
            <span
              className="h-4 w-4 animate-spin rounded-full border-2 border-primary border-t-transparent motion-reduce:animate-none"
              aria-hidden="true"
            />
            Confirming your payment…
          </p>
        )}
      </div>
    );
  }
  const heading = (text: string) => (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <p className="text-lg font-semibold" data-testid="status-heading">
        {text}
      </p>
      <span className={`badge ${BADGE_TONES[badge.tone]}`} data-testid="status-badge">
        {badge.label}
      </span>
    </div>
  );
  if (status.phase === 'active') {
    return (
      <div className="space-y-3">
        {heading(T.active)}
        <dl>
          <Row label="Plan" value="R80/month" />
          <Row label="Next billing date" value={formatDate(status.nextBillingDate)} testId="next-billing" />
        </dl>
      </div>
    );
  }
  if (status.phase === 'trial') {
    return (
      <div className="space-y-3">
        {heading(T.trialActive)}
        <dl>
          <Row label="Trial ends" value={formatDate(status.trialEndDate)} testId="trial-end" />
          <Row label="Days remaining" value={status.daysLeft} testId="days-remaining" />
        </dl>
        <p className="text-sm text-muted-foreground">
          Subscribe now and nothing is charged until your trial ends on {formatDate(status.trialEndDate)}; then R80 a month until you
          cancel.
        </p>
      </div>
    );
  }
  const paidUntil = status.access === 'full' ? status.paidThrough : null;
  const note =
    status.phase === 'canceled'
      ? paidUntil
        ? `Your subscription is canceled. You keep full access until ${formatDate(paidUntil)}; subscribe again and your first charge is on that date.`
        : `Your subscription has ended. ${LIMITED}`
      : status.phase === 'trial-ended'
        ? `Your free trial ended on ${formatDate(status.trialEndDate)}. ${LIMITED}`
        : status.phase === 'pending'
          ? status.openCheckout
            ? `A payment you started on ${formatDate(status.openCheckout.startedAt)} has not been confirmed by PayFast. If you did not finish it, subscribe again.`
            : status.paidThrough
              ? `Your payment due on ${formatDate(status.paidThrough)} did not go through. ${LIMITED} We have e-mailed you a link to update your card on PayFast; or subscribe again here.`
              : LIMITED
          : null;
  return (
    <div className="space-y-3">
      {heading(T.none)}
      <p className="text-sm">{T.subscribeToAccess}</p>
      {note && (
        <p className="text-sm text-muted-foreground" data-testid="status-note">
          {note}
        </p>
      )}
    </div>
  );
}

function History({ payments }: { payments: PaymentDTO[] }) {
  return (
    <section className="card p-6" aria-labelledby="history-title">
      <h2 id="history-title" className="text-lg font-semibold">
        Payment history
      </h2>
      {payments.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No payments yet.</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-xs sm:text-sm" data-testid="payment-history">
            <thead className="border-b border-border text-muted-foreground">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Amount
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Status
                </th>
                <th scope="col" className="py-2 font-medium">
                  PayFast reference
                </th>
              </tr>
            </thead>
            <tbody>
              {payments.map((p) => (
                <tr key={p.id} className="border-b border-border last:border-0">
                  <td className="py-2 pr-3">{formatDate(p.date)}</td>
                  <td className="py-2 pr-3 tabular-nums">{p.amount ?? '—'}</td>
                  <td className="py-2 pr-3">{p.status}</td>
                  <td className="py-2 font-mono break-all">{p.reference || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

export default function Subscription(props: SubscriptionProps) {
  const [status, setStatus] = useState(props.status);
  const [starting, setStarting] = useState(false);
  const [checkout, setCheckout] = useState<CheckoutDTO | null>(null);
  const [canceling, setCanceling] = useState(false);
  // Back from PayFast: the return URL proves nothing, so wait for the ITN to make the subscription active.
  const [confirming] = useState(props.checkout === 'return' && props.status.phase !== 'active');
  const [pollRound, setPollRound] = useState(0);
  const [timedOut, setTimedOut] = useState(false);

  useEffect(() => {
    if (!confirming) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    const until = Date.now() + POLL_FOR_MS;
    setTimedOut(false);
    const poll = async () => {
      try {
        const s = await call(API.subscriptionStatus);
        if (stop) return;
        if (s.phase === 'active') {
          toastAfterNavigation({
            title: 'Subscription active',
            description: `Thank you! Your next billing date is ${formatDate(s.nextBillingDate)}.`,
          });
          window.location.replace('/subscription');
          return;
        }
      } catch {
        /* a failed poll is retried */
      }
      if (Date.now() > until) setTimedOut(true);
      else timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS / 2);
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [confirming, pollRound]);

  async function subscribe() {
    setStarting(true);
    try {
      setCheckout(await call(API.createSubscription));
    } catch (err) {
      toast({ title: 'Error', description: errorMessage(err, T.subscribeFailed), variant: 'destructive' });
      setStarting(false);
    }
  }

  function canceled(s: SubscriptionStatusDTO) {
    setStatus(s);
    toastAfterNavigation({
      title: 'Subscription canceled',
      description: s.paidThrough ? `You keep full access until ${formatDate(s.paidThrough)}.` : 'No further payments will be taken.',
    });
    window.location.replace('/subscription');
  }

  const canSubscribe = status.phase !== 'active' && !confirming;
  return (
    <div className="space-y-6">
      {props.checkout === 'cancelled' && status.phase !== 'active' && (
        <p className="rounded-md border border-border bg-white p-3 text-sm" role="status">
          You left PayFast before finishing, so nothing was charged. You can subscribe whenever you are ready.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <section className="card space-y-4 p-6" aria-labelledby="status-title">
          <h2 id="status-title" className="text-sm font-semibold uppercase tracking-wide text-muted-foreground">
            Subscription Status
          </h2>
          <StatusPanel status={status} confirming={confirming} timedOut={timedOut} onRecheck={() => setPollRound((n) => n + 1)} />
          {checkout ? (
            <p role="status" className="flex items-center gap-2 font-medium" data-testid="redirecting">
              <span
                className="h-4 w-4 animate-spin rounded-full border-2 border-primary border-t-transparent motion-reduce:animate-none"
                aria-hidden="true"
              />
              {T.redirecting}
              <PayfastForm checkout={checkout} />
            </p>
          ) : canSubscribe ? (
            <button type="button" className="btn btn-primary w-full sm:w-auto" onClick={subscribe} disabled={starting}>
              {starting ? 'Starting...' : 'Subscribe for R80/month'}
            </button>
          ) : null}
          {status.phase === 'active' && (
            <button type="button" className="btn btn-outline" onClick={() => setCanceling(true)}>
              Cancel subscription
            </button>
          )}
          {canceling && <CancelDialog paidThrough={status.paidThrough} onClose={() => setCanceling(false)} onCanceled={canceled} />}
          {confirming && !timedOut && <p className="sr-only">Waiting for PayFast to confirm your payment.</p>}
        </section>
        <section className="card p-6" aria-labelledby="plan-title">
          <h2 id="plan-title" className="text-lg font-semibold">
            PayeWise Monthly
          </h2>
          <p className="mt-1">
            <span className="text-3xl font-extrabold tracking-tight">R80</span>{' '}
            <span className="text-muted-foreground">/ month, billed monthly through PayFast</span>
          </p>
          <ul className="mt-4 space-y-2 text-sm" aria-label="Plan benefits">
            {BENEFITS.map((b) => (
              <li key={b} className="flex gap-2">
                <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 flex-none text-primary" aria-hidden="true">
                  <path fill="currentColor" d="M8 13.6 4.4 10l-1.4 1.4L8 16.4l9-9-1.4-1.4z" />
                </svg>
                {b}
              </li>
            ))}
          </ul>
          <p className="mt-4 text-xs text-muted-foreground">
            Card details are entered on PayFast&apos;s secure page and never reach PayeWise.
          </p>
        </section>
      </div>
      <History payments={props.payments} />
    </div>
  );
}
