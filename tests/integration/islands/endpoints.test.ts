import { describe, expect, it } from 'vitest';
import { urlOf } from '../../../islands/api';
import { API, type Endpoint } from '../../../islands/endpoints';
import { useTestApp } from '../../helpers/app';

// The islands' endpoint registry (islands/endpoints.ts) against the app the server runs: every endpoint an island
// calls is a route the app serves with that method, so renaming a route on one side only fails here.

describe('the islands call only routes the app serves', () => {
  const t = useTestApp('pglite');
  const served = (e: Endpoint) => t.app.routes.some((r) => r.method === e.method && r.path === e.path);

  it.each(Object.entries(API))('%s', (_name, endpoint) => {
    expect(served(endpoint), `${endpoint.method} ${endpoint.path} is not a route of the app`).toBe(true);
  });

  it('a path the app does not serve, or the wrong method, is found out', () => {
    expect(served({ method: 'GET', path: '/api/clientz' })).toBe(false);
    expect(served({ method: 'PUT', path: API.clients.path })).toBe(false);
  });
});

describe('urlOf', () => {
  it('puts the parameters in, encoded', () => {
    expect(urlOf(API.updateItem, { params: { id: 'paye basics/2026' } })).toBe('/api/knowledge/items/paye%20basics%2F2026');
    expect(urlOf(API.restoreRevision, { params: { id: 'a', number: 3 } })).toBe('/api/knowledge/items/a/revisions/3/restore');
  });

  it('keeps the query values that say something, in order', () => {
    expect(urlOf(API.users, { query: { page: 2, pageSize: 20, q: '', sort: undefined, dir: null } })).toBe(
      '/api/users/admin?page=2&pageSize=20',
    );
    expect(urlOf(API.searchHistory, { query: { q: 'uif & sdl' } })).toBe('/api/conversations/search?q=uif+%26+sdl');
    expect(urlOf(API.clients)).toBe('/api/clients');
  });
});
