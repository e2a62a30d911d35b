import type { AppContext } from '../../src/http/context';
import { renderDocument } from '../../src/ui/document';
import { cachedHtml } from '../../src/ui/page';
import { Logo } from '../../src/ui/components';

const serve = cachedHtml((c) =>
    renderDocument(
      c.var.services.assets,
      { title: '404 Page Not Found' },
      <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
        <div className="card w-full max-w-md p-6">
          <a href="/" aria-label="PayeWise home">
            <Logo />
          </a>
          <h1 className="mt-4 text-2xl font-bold text-slate-900">404 Page Not Found</h1>
          <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
          <a href="/" className="btn btn-outline mt-6">Back to home</a>
        </div>
      </main>,
    ),
);

export const notFoundPage = (c: AppContext) => serve(c, 404);
