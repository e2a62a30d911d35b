import { Logo } from './components';

/** The catch-all page (spec: heading and text exactly). */
export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <div className="card w-full max-w-md p-6">
        <a href="/" aria-label="PayeWise home">
          <Logo />
        </a>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <a href="/" className="btn btn-outline mt-6">
          Back to home
        </a>
      </div>
    </main>
  );
}

/** Shown inside the shell to a signed-in user who is not an admin (spec: /knowledge-admin). */
export function AccessDenied() {
  return (
    <div className="card mx-auto mt-8 max-w-md p-8 text-center" role="alert">
      <h1 className="text-2xl font-bold">Access Denied</h1>
      <p className="mt-2 text-muted-foreground">You don't have permission to access this page.</p>
    </div>
  );
}

/** A page request that failed: what went wrong in words, and a way on. */
export function ErrorPage({ title, message, requestId }: { title: string; message: string; requestId?: string }) {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 p-4">
      <div className="card w-full max-w-md p-6" role="alert">
        <a href="/" aria-label="PayeWise home">
          <Logo />
        </a>
        <h1 className="mt-4 text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-4 text-sm text-slate-600">{message}</p>
        {requestId && <p className="mt-2 text-xs text-slate-500">Reference: {requestId}</p>}
        <a href="/" className="btn btn-outline mt-6">
          Back to home
        </a>
      </div>
    </main>
  );
}
