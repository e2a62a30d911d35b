import { type ReminderSettings, MAX_DAYS_BEFORE, MIN_DAYS_BEFORE } from '../../schemas/reminders';

// The /calendar page's "E-mail reminders" form (issue 27): a plain form posting to /calendar/reminders, so it works
// without JavaScript.

export interface RemindersView {
  settings: ReminderSettings;
  clients: { id: number; name: string; payDay: number | string | null }[];
  /** The user has an e-mail address to send to. */
  hasEmail: boolean;
  notice?: string;
  error?: string;
}

export function Reminders({ view }: { view: RemindersView }) {
  const { settings, clients } = view;
  return (
    <section aria-labelledby="reminders-title" className="card space-y-3 p-4 sm:p-5">
      <h2 id="reminders-title" className="text-lg font-semibold">
        E-mail reminders
      </h2>
      <p>
        An e-mail a few business days before each deadline, for you and for the clients you choose (a client's with its pay day). Every
        e-mail has a link to stop them.
      </p>
      {!view.hasEmail && <p className="text-sm text-muted-foreground">Add an e-mail address on your profile to receive them.</p>}
      {view.notice && (
        <p role="status" className="font-medium">
          {view.notice}
        </p>
      )}
      {view.error && (
        <p role="alert" className="font-medium text-destructive">
          {view.error}
        </p>
      )}
      <form method="post" action="/calendar/reminders" className="space-y-3">
        <label className="flex items-center gap-2">
          <input type="checkbox" name="enabled" value="true" defaultChecked={settings.enabled} />
          <span>Send me reminders by e-mail</span>
        </label>
        <div>
          <label htmlFor="reminder-days" className="block font-medium">
            Business days before the due date
          </label>
          <input
            id="reminder-days"
            name="daysBefore"
            type="number"
            inputMode="numeric"
            min={MIN_DAYS_BEFORE}
            max={MAX_DAYS_BEFORE}
            step={1}
            defaultValue={settings.daysBefore}
            className="input w-24"
          />
        </div>
        <fieldset className="space-y-1">
          <legend className="font-medium">Reminders for</legend>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="includeOwn" value="true" defaultChecked={settings.includeOwn} />
            <span>My own deadlines</span>
          </label>
          {clients.map((c) => (
            <label key={c.id} className="flex items-center gap-2 break-words">
              <input type="checkbox" name="clientIds" value={String(c.id)} defaultChecked={settings.clientIds.includes(c.id)} />
              <span>
                {c.name}
                {typeof c.payDay === 'number' ? ` (pay day ${c.payDay})` : ''}
              </span>
            </label>
          ))}
          {!clients.length && (
            <p className="text-sm text-muted-foreground">
              Add clients on the{' '}
              <a className="underline" href="/clients">
                Clients
              </a>{' '}
              page to be reminded of their deadlines too.
            </p>
          )}
        </fieldset>
        <button type="submit" className="btn btn-primary btn-sm">
          Save reminders
        </button>
      </form>
    </section>
  );
}
