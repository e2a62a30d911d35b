import { Logo } from '../components';

// /reminders/unsubscribe/<token> (issue 27): opened from a reminder e-mail, signed out. The link only shows this
// page; the button posts, so a mail scanner that follows links unsubscribes nobody.

export type UnsubscribeState = 'ask' | 'done' | 'unknown';

export function UnsubscribePage({ state, action }: { state: UnsubscribeState; action: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <div className="card w-full max-w-md p-6">
        <a href="/" aria-label="PayeWise home">
          <Logo />
        </a>
        {state === 'ask' && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Stop deadline reminders?</h1>
            <p className="mt-4 text-sm text-slate-600">
              You will no longer receive e-mails before payroll deadlines, for yourself or any of your clients. You can turn them on again
              on your calendar page.
            </p>
            <form method="post" action={action} className="mt-6">
              <button type="submit" className="btn btn-primary">
                Stop reminders
              </button>
            </form>
          </>
        )}
        {state === 'done' && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-slate-900" role="status">
              Reminders stopped
            </h1>
            <p className="mt-4 text-sm text-slate-600">
              You will receive no more deadline reminder e-mails. To turn them on again, sign in and open your compliance calendar.
            </p>
            <a href="/calendar" className="btn btn-outline mt-6">
              Open the calendar
            </a>
          </>
        )}
        {state === 'unknown' && (
          <>
            <h1 className="mt-4 text-2xl font-bold text-slate-900">Link not found</h1>
            <p className="mt-4 text-sm text-slate-600">
              This unsubscribe link is not known. Sign in and turn reminders off on your compliance calendar page.
            </p>
            <a href="/" className="btn btn-outline mt-6">
              Back to home
            </a>
          </>
        )}
      </div>
    </main>
  );
}
