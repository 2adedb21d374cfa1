import { vi } from 'vitest';
import type { CreditTransaction, Team } from '@/api/api';
import type { RootState } from '@/app/store';
import { jsonResponse } from '@/test/render';

export function makeTeam(overrides: Partial<Team> = {}): Team {
  return {
    id: 7,
    name: 'Acme Studio',
    slug: 'acme-studio',
    members: [],
    invitations: [],
    has_active_subscription: false,
    subscription: null,
    is_admin: true,
    role: 'admin',
    created_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

export const activeSubscription = { status: 'active', plan: 'early_supporter', current_period_end: '2026-12-21T12:00:00Z', cancel_at_period_end: false };

export function stateWithTeam(team: Team | null): Partial<RootState> {
  return { ui: { modal: { name: null, isOpen: false, isCloseable: true }, currentTeam: team, isInitialDataFetched: true } };
}

export const plans = {
  provider: 'local',
  plans: [{ id: 'early_supporter', name: 'Early Supporter', price: 50, period: 'month', stripe_price_id: 'price_early_supporter', credits_per_period: 100 }],
  credit_packs: [
    { pack: '100', credits: 100 },
    { pack: '500', credits: 500 },
  ],
};

export function transaction(id: number, overrides: Partial<CreditTransaction> = {}): CreditTransaction {
  return { id, team: 7, amount: 100, kind: 'grant', reason: `Plan credits ${id}`, reference: null, balance_after: 100 * id, created_by: null, created_at: '2026-11-21T12:00:00Z', ...overrides };
}

export function page<T>(results: T[], { count = results.length, next = null as string | null } = {}) {
  return { count, next, previous: null, results };
}

type Handler = (request: Request) => Response | Promise<Response>;

/**
 * A fetch double answering `${METHOD} ${path}` keys; records every request. Unknown calls are 404,
 * so a test sees what it forgot.
 */
export function mockApi(routes: Record<string, Handler | unknown>) {
  const calls: { method: string; path: string; search: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(String(input));
    const url = new URL(request.url);
    const text = request.method === 'GET' ? '' : await request.clone().text();
    calls.push({ method: request.method, path: url.pathname, search: url.search, body: text ? JSON.parse(text) : undefined });
    const route = routes[`${request.method} ${url.pathname}`];
    if (route === undefined) return jsonResponse({ detail: 'Not found.' }, 404);
    if (typeof route === 'function') return (route as Handler)(request);
    return jsonResponse(route);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
