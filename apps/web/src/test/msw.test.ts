import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectConsole } from './console';
import { apiError, apiHandler, sentRequests, server } from './msw';

const origin = window.location.origin;

describe('the API the web tests talk to (test/msw.ts)', () => {
  it('refuses a request no handler answers, loudly', async () => {
    expectConsole(/^\[MSW\] Error: intercepted a request without a matching request handler/);
    await expect(fetch(`${origin}/api/contexts/`)).rejects.toThrow();
    expect(sentRequests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/contexts/']);
  });

  it('answers an OpenAPI path with its parameters, and records the body before answering', async () => {
    let seenBeforeAnswer: unknown;
    server.use(
      apiHandler('patch', '/a/{teamSlug}/team/members/{id}/', ({ params, body }) => {
        seenBeforeAnswer = sentRequests[0]?.body;
        return HttpResponse.json({ id: Number(params.id), user_id: 2, display_name: params.teamSlug, email: 'r@example.com', avatar_url: null, role: body.role ?? 'member', created_at: '2026-01-01T00:00:00Z' });
      }),
    );
    const response = await fetch(`${origin}/a/acme/team/members/5/?x=1`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ role: 'admin' }) });
    expect(await response.json()).toMatchObject({ id: 5, display_name: 'acme', role: 'admin' });
    expect(seenBeforeAnswer).toEqual({ role: 'admin' });
    expect(sentRequests[0]).toMatchObject({ method: 'PATCH', path: '/a/acme/team/members/5/', body: { role: 'admin' } });
    expect(sentRequests[0]!.params.get('x')).toBe('1');
  });

  it('sends a fixed body as JSON and an apiError with its status', async () => {
    server.use(apiHandler('get', '/api/health/', { status: 'ok' }), apiHandler('post', '/api/auth/logout/', apiError(401, { detail: 'No.', code: 'not_authenticated' })));
    expect(await (await fetch(`${origin}/api/health/`)).json()).toEqual({ status: 'ok' });
    const refused = await fetch(`${origin}/api/auth/logout/`, { method: 'POST' });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ detail: 'No.', code: 'not_authenticated' });
  });
});
