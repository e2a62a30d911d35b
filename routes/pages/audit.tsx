import { statusOf } from '../../src/errors';
import { Hono } from 'hono';
import { safeParse } from 'zod/v4/core';
import type { AppContext, AppEnv } from '../../src/http/context';
import { requireAdmin } from '../../src/http/guard';
import { renderApp } from '../../src/http/render';
import { issuesOf } from '../../src/http/validate';
import { auditQuerySchema } from '../../src/schemas/audit';
import { AUDIT_FILTERS, AuditLogPage, type AuditFilters } from '../../src/ui/audit/AuditLogPage';

// /admin/audit: the admin audit log, read and filtered (the same query as GET /api/admin/audit). Bad filters
// answer 400 with the form, the values as typed and what is wrong with them.

/** The query as the API's validator reads it: one value a name, or a list when repeated. */
const queryOf = (c: AppContext) => Object.fromEntries(Object.entries(c.req.queries()).map(([k, v]) => [k, v.length === 1 ? v[0] : v]));

export const auditPages = new Hono<AppEnv>().get('/admin/audit', requireAdmin({ denied: 'page' }), async (c) => {
  const audit = c.get('services').audit;
  const parsed = safeParse(auditQuerySchema, queryOf(c));
  if (!parsed.success) {
    const raw: AuditFilters = Object.fromEntries(AUDIT_FILTERS.map((k) => [k, c.req.query(k) ?? '']));
    const { actions } = await audit.page({});
    c.status(statusOf('bad_request'));
    return renderApp(
      c,
      { title: 'Audit Log' },
      <AuditLogPage result={null} filters={raw} actions={actions} errors={issuesOf(parsed.error.issues)} />,
    );
  }
  const { page: _page, ...filters } = parsed.data;
  const result = await audit.page(parsed.data);
  return renderApp(c, { title: 'Audit Log' }, <AuditLogPage result={result} filters={filters} actions={result.actions} errors={[]} />);
});
