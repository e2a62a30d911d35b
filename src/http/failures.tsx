import { HTTPException } from 'hono/http-exception';
import { AppError, PART_FAILURES, PartFailure, failedPart, statusOf, type ErrorCode } from '../errors';
import { renderDocument } from '../ui/document';
import { ErrorPage, NotFoundPage } from '../ui/error-pages';
import { cachedHtml, renderPublic } from './render';
import { answerAs, type AppContext } from './context';
import { MALFORMED_JSON } from './validate';
import { requestIdOf } from './middleware';

const BROKEN = 'Something went wrong on our side. Please try again.';

const notFoundHtml = cachedHtml((c) => renderDocument(c.get('services').assets, { title: '404 Page Not Found' }, <NotFoundPage />));

/** Unknown paths: JSON for the API, the designed 404 page for everything else. */
export function notFound(c: AppContext) {
  if (answerAs(c) === 'json') return c.json({ message: 'Not found' }, statusOf('not_found'));
  return notFoundHtml(c, statusOf('not_found'));
}

/**
 * The status of a failure a page shows in place (its own words) rather than through onError: an outside part's
 * (with its Retry-After, so a browser or balancer knows to come back), else 500. The part is logged.
 */
export function failureStatus(c: AppContext, err: unknown, what: string): 500 | 503 | 507 {
  const part = failedPart(err);
  c.get('services').log.error(part ? `${part} unavailable` : what, {
    part,
    requestId: requestIdOf(c),
    path: c.req.path,
    error: err instanceof Error ? (part ? err.message.split('\n', 1)[0] : err.stack) : String(err),
  });
  if (!part) return 500;
  c.header('Retry-After', String(PART_FAILURES[part].retryAfter));
  return statusOf(PART_FAILURES[part].code) as 503 | 507;
}

const PAGE_TITLES: Partial<Record<ErrorCode | 'internal', string>> = {
  bad_request: 'That request could not be handled',
  forbidden: 'Request refused',
  too_large: 'That is too large',
  rate_limited: 'Too many requests',
  internal: 'Something went wrong',
  unavailable: 'Temporarily unavailable',
  out_of_space: 'Out of storage space',
};

/**
 * Every failure leaves as the request wants it: JSON `{ message }` for the API, an error page for a page.
 * AppErrors carry their own status and message; details of anything else stay in the log.
 */
export function onError(err: Error, c: AppContext) {
  let status: number;
  let code: ErrorCode | 'internal' | undefined;
  let message: string;
  let extra: Record<string, unknown> | undefined;
  const part = failedPart(err);
  if (part) {
    // Which part failed goes to the log and, in words, to the user; the driver's details stay in the log.
    const failure = err instanceof PartFailure ? err : PART_FAILURES[part];
    // The first line only: a driver's message goes on with the statement and its values (a user's words).
    const firstLine = (e: unknown) => (e === undefined ? undefined : String(e).split('\n', 1)[0].slice(0, 300));
    c.get('services').log.error(`${part} unavailable`, {
      part,
      requestId: requestIdOf(c),
      path: c.req.path,
      error: firstLine(err),
      cause: firstLine(err.cause),
    });
    c.header('Retry-After', String(failure.retryAfter));
    code = failure.code;
    status = statusOf(code);
    message = failure.message;
  } else if (err instanceof AppError) {
    ({ code, status, message, extra } = err);
    if (err.retryAfter) c.header('Retry-After', String(err.retryAfter));
  } else if (err instanceof HTTPException) {
    status = err.status;
    if (status === 400) code = 'bad_request'; // Hono's own, e.g. a body that is not JSON
    message = status === 400 && /json/i.test(err.message) ? MALFORMED_JSON : err.message || 'Bad request';
  } else {
    c.get('services').log.error('unhandled error', { requestId: requestIdOf(c), path: c.req.path, error: err.stack ?? String(err) });
    code = 'internal';
    status = 500;
    message = BROKEN;
    extra = { requestId: requestIdOf(c) };
  }
  if (answerAs(c) !== 'page') return c.json({ message, ...extra }, status as 400);
  c.header('Cache-Control', 'private, no-store');
  const title = (code && PAGE_TITLES[code]) ?? 'That did not work';
  return renderPublic(
    c,
    { title },
    <ErrorPage title={title} message={message} requestId={status >= 500 ? requestIdOf(c) : undefined} />,
    status as 400,
  );
}
