import { Hono } from 'hono';
import { renderToString } from 'react-dom/server';
import { isHtmxFragment, type AppContext, type AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/guard';
import { APP_NAME } from '../../src/ui/document';
import { escapeHtml } from '../../src/ui/markdown';
import { renderApp } from '../../src/http/render';
import { documentContext, pageFile, sendFile } from '../../src/documents';
import { AppError, statusOf, type Status } from '../../src/errors';
import { validate } from '../../src/http/validate';
import { downloadQuerySchema } from '../../src/schemas/documents';
import { clientFormFill, CLIENT_NOT_FOUND } from '../../src/clients';
import {
  CALCULATORS,
  CALCULATOR_IDS,
  fillFor,
  formValues,
  hasInput,
  isCalcId,
  takesClient,
  type CalcDef,
  type CalcId,
  type Outcome,
} from '../../src/ui/calculators/model';
import {
  CalculatorsPage,
  CalculatorsRoot,
  Downloads,
  FieldMessagesOob,
  ResultContent,
  stateTitle,
  tabUrl,
  type CalcState,
} from '../../src/ui/calculators/views';

// /calculators (issue 3, item 5): one signed-in page, a tab per calculator (/calculators?tab=eti).
// Forms post to /calculators/<id>: htmx gets the result fragment as the user types; without
// JavaScript the same post renders the whole page with the result.

/** A client id from the query: one that cannot be a client's is as unknown as another user's (404). */
function clientIdOf(v: string): number {
  const id = Number(v);
  if (!Number.isSafeInteger(id) || id <= 0) throw new AppError('not_found', CLIENT_NOT_FOUND);
  return id;
}

function compute(def: CalcDef, source: Record<string, unknown>, today: Date) {
  const values = formValues(def, source, today);
  return { values, outcome: def.run(values, today) as Outcome };
}

function page(c: AppContext, s: CalcState, status: 200 | Status = 200) {
  c.header('Vary', 'HX-Request, HX-History-Restore-Request');
  if (isHtmxFragment(c)) {
    c.header('Cache-Control', 'private, no-store');
    const title = `<title>${escapeHtml(`${stateTitle(s)} · ${APP_NAME}`)}</title>`;
    return c.html(title + renderToString(<CalculatorsRoot s={s} />));
  }
  c.status(status);
  return renderApp(c, { title: stateTitle(s), entries: ['htmx'] }, <CalculatorsPage s={s} />);
}

export const calculatorPages = new Hono<AppEnv>()
  .use('/calculators', requireUser)
  .use('/calculators/*', requireUser)
  // A tab, fresh; or with its fields in the query string (a bookmarked or shared calculation).
  // With &format=pdf|csv: that result as a file (the page's download links).
  .get('/calculators', validate('query', downloadQuerySchema), async (c) => {
    const q = c.req.query('tab');
    const { format } = c.req.valid('query');
    if (format && !isCalcId(q)) throw new AppError('bad_request', `tab must be one of ${CALCULATOR_IDS.join(', ')}`, { field: 'tab' });
    const tab: CalcId = isCalcId(q) ? q : 'paye';
    const def = CALCULATORS[tab] as CalcDef;
    const { clock, clients } = c.get('services');
    const today = clock();
    const query = c.req.query();
    const userId = c.get('user')!.id;
    // ?client=<id> fills the fields a client company knows; what the query gives still wins.
    const client = query.client
      ? fillFor(def, clientIdOf(query.client), clientFormFill(await clients.get(userId, clientIdOf(query.client))))
      : undefined;
    const { values, outcome } = compute(def, { ...client?.values, ...query }, today);
    if (format) {
      const { knowledge } = c.get('services');
      return sendFile(
        c,
        await pageFile(
          def,
          values,
          outcome,
          format,
          documentContext(c.get('services'), c.req.url),
          async (id) => (await knowledge.findItem(id))?.taxYears,
        ),
      );
    }
    const mine = takesClient(def) ? (await clients.list(userId)).map(({ id, name }) => ({ id, name })) : [];
    return page(c, { tab, values, outcome, showMissing: hasInput(def, query), today, clients: mine, client });
  })
  .get('/calculators/:calc', (c) => {
    const calc = c.req.param('calc');
    return isCalcId(calc) ? c.redirect(tabUrl(calc), 302) : c.notFound();
  })
  .post('/calculators/:calc', async (c) => {
    const calc = c.req.param('calc');
    if (!isCalcId(calc)) return c.notFound();
    const def = CALCULATORS[calc] as CalcDef;
    const today = c.get('services').clock();
    const body = await c.req.parseBody();
    const { values, outcome } = compute(def, body, today);
    if (isHtmxFragment(c)) {
      // htmx swaps 2xx only, so problems travel with 200 inside the fragment.
      c.header('Cache-Control', 'private, no-store');
      return c.html(
        renderToString(
          <>
            <ResultContent calc={def} outcome={outcome} />
            <FieldMessagesOob calc={calc} outcome={outcome} />
            <Downloads calc={calc} values={values} outcome={outcome} oob />
          </>,
        ),
      );
    }
    return page(c, { tab: calc, values, outcome, showMissing: true, today }, outcome.status === 'ok' ? 200 : statusOf('bad_request'));
  });
