import { Hono, type MiddlewareHandler } from 'hono';
import { AppError } from '../../src/errors';
import type { AppContext, AppEnv } from '../../src/http/context';
import { requireUser } from '../../src/http/guard';
import { KB, limitBody } from '../../src/http/body-limits';
import { checkFormText } from '../../src/http/input';
import { readForm, validate } from '../../src/http/validate';
import { MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, extensionOf, matchesMagicBytes } from '../../src/knowledge';
import { checkIdParamSchema, employeeFactsSchema, payslipCheckSchema, saveCheckSchema } from '../../src/schemas/payslips';

// The payslip checker (issue 26): POST /api/payroll/payslip-check takes the payslip's text as JSON, or its PDF (or
// .txt) as a multipart `file` under the attachments' upload rules; nothing of it is stored. Saved checks are the
// user's own: /api/payroll/payslip-checks.
export const PAYSLIP_CHECK_PATH = '/api/payroll/payslip-check';

const svc = (c: AppContext) => c.get('services').payslips;
const isMultipart = (c: AppContext) => (c.req.header('content-type') ?? '').toLowerCase().startsWith('multipart/form-data');
// This path reads its own body after the guard (src/app.ts), so a signed-out caller's megabytes are never read.
const uploadLimit = limitBody(MAX_UPLOAD_BYTES + 64 * KB, UPLOAD_MESSAGES.tooLarge);
const jsonLimit = limitBody(100 * KB, 'Request body is too large');
const bodyLimit: MiddlewareHandler<AppEnv> = (c, next) => (isMultipart(c) ? uploadLimit : jsonLimit)(c, next);

async function checkFile(c: AppContext) {
  const form = await readForm(c);
  checkFormText(form);
  const file = form.get('file');
  if (!(file instanceof File))
    throw new AppError('bad_request', 'Choose the payslip file (PDF or text) in the field "file"', { field: 'file' });
  if (file.size === 0) throw new AppError('bad_request', UPLOAD_MESSAGES.empty, { field: 'file' });
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError('too_large', UPLOAD_MESSAGES.tooLarge, { field: 'file' });
  const ext = extensionOf(file.name);
  if (ext !== 'pdf' && ext !== 'txt')
    throw new AppError('unsupported_type', 'A payslip can be checked from a PDF or a .txt file', { field: 'file' });
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (!matchesMagicBytes(ext, bytes)) throw new AppError('unsupported_type', UPLOAD_MESSAGES.content, { field: 'file' });
  let facts = {};
  const raw = form.get('facts');
  if (typeof raw === 'string' && raw.trim()) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw new AppError('bad_request', 'facts must be JSON', { field: 'facts' });
    }
    const result = employeeFactsSchema.safeParse(parsed);
    if (!result.success)
      throw new AppError('bad_request', result.error.issues[0].message, { field: `facts.${result.error.issues[0].path.join('.')}` });
    facts = result.data;
  }
  if (ext === 'txt') return svc(c).check({ text: new TextDecoder().decode(bytes), facts });
  return svc(c).checkPdf(bytes, facts);
}

export const payslipsApi = new Hono<AppEnv>()
  .use('*', requireUser)
  .post(
    '/payslip-check',
    bodyLimit,
    async (c, next) => (isMultipart(c) ? c.json(await checkFile(c)) : next()),
    validate('json', payslipCheckSchema),
    (c) => c.json(svc(c).check(c.req.valid('json'))),
  )
  .get('/payslip-checks', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await svc(c).list(c.get('user')!.id));
  })
  .post('/payslip-checks', validate('json', saveCheckSchema), async (c) =>
    c.json(await svc(c).save(c.get('user')!.id, c.req.valid('json')), 201),
  )
  .delete('/payslip-checks/:id', validate('param', checkIdParamSchema), async (c) => {
    await svc(c).remove(c.get('user')!.id, c.req.valid('param').id);
    return c.json({ message: 'Payslip check deleted' });
  });
