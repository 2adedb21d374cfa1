import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { musicTracks, renderJobs, users } from '@hookwall/db';
import { fontsourceFile, multipart, woffToSfnt } from '../modules/brand-kits/brand-kits.test-helpers.ts';
import { as, createTestApp, registerUser, uniqueEmail, userWithTeam, type TestApp, type TestUser } from './harness.ts';
import { ACTORS, PERMISSION_MATRIX, type Actor } from './permission-matrix.ts';

/** The inventory's path as callers write it (a module's root route is registered without its slash; /metrics has none, as scrapers expect). */
const normalise = (url: string) => (url.endsWith('/') || /\.[a-z]+$/.test(url) || url.endsWith(':file') || url === '/metrics' ? url : `${url}/`);

describe('permission matrix', () => {
  let t: TestApp;
  let actors: Record<Exclude<Actor, 'anonymous'>, TestUser>;
  let team: { id: number; slug: string };
  let staffTeam: { slug: string };
  const APP = 'http://localhost:3000';

  beforeAll(async () => {
    t = await createTestApp();
    const a = await userWithTeam(t.app, 'Matrix A');
    team = a.team;
    const memberEmail = uniqueEmail('member');
    const invitation = (await as(t.app, a.user)({ method: 'POST', url: `/a/${team.slug}/team/api/invitations/`, payload: { team: team.id, email: memberEmail, role: 'member' } })).json();
    const member = await registerUser(t.app, { email: memberEmail, invitation_id: invitation.id });
    const outsider = (await userWithTeam(t.app, 'Matrix B')).user;
    const staff = await userWithTeam(t.app, 'Matrix Staff');
    staffTeam = staff.team;
    await t.deps.db.update(users).set({ isStaff: true }).where(eq(users.id, staff.user.id));
    actors = { admin: a.user, member, outsider, staff: staff.user };
  });
  afterAll(async () => t?.close());

  const adminCall = (options: InjectOptions) => as(t.app, actors.admin)({ ...options, headers: { 'x-team-slug': team.slug, ...(options.headers ?? {}) } });
  const created = async (options: InjectOptions) => {
    const res = await adminCall(options);
    if (res.statusCode >= 300) throw new Error(`fixture ${options.method} ${options.url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const context = () => created({ method: 'POST', url: '/api/contexts/', payload: { name: 'Matrix context', type: 'product', content: 'x' } });
  const clip = () => created({ method: 'POST', url: '/api/brand-videos/', payload: { filename: 'a.mp4', content_type: 'video/mp4', size: 1000 } });
  const background = () => created({ method: 'POST', url: '/api/text-wall-background-videos/', payload: { filename: 'b.mp4', content_type: 'video/mp4', size: 1000 } });
  const textWall = () => created({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'Matrix wall', render: false } });
  const composite = () =>
    created({ method: 'POST', url: '/api/composite-videos/', payload: { composition_id: 'multi-text-wall', config: { walls: [{ text: 'Matrix', durationInSeconds: 2 }] }, render: false } });
  /** a queued render of team A, written directly: making one through the API needs a subscription team A does not have */
  const renderJob = async () => {
    const wall = await textWall();
    const id = randomUUID();
    await t.deps.db.insert(renderJobs).values({ id, teamId: team.id, compositionId: 'text-wall', inputProps: { text: 'x' }, targetType: 'text_wall_video', targetId: wall.id });
    return { id };
  };
  const brandKit = () => created({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Matrix kit' } });
  const brandFont = () => {
    const body = multipart('font', 'matrix.ttf', 'font/ttf', woffToSfnt(fontsourceFile('playfair-display', 'playfair-display-latin-400-normal.woff')));
    return created({ method: 'POST', url: '/api/brand-fonts/', payload: body.payload, headers: body.headers });
  };
  const videoTemplate = () => created({ method: 'POST', url: '/api/video-templates/', payload: { name: `Matrix template ${randomUUID()}`, composition: 'text-wall' } });
  /** a music track of team A, written directly (an upload is a multipart form of real audio; music-tracks.test.ts makes them) */
  const musicTrack = async () => {
    const id = randomUUID();
    await t.deps.db.insert(musicTracks).values({ id, teamId: team.id, name: 'Matrix track', filename: 'matrix.mp3', storageKey: `teams/${team.id}/music/${id}.m4a`, size: 1000, durationSeconds: 5 });
    return { id };
  };
  const adResultImport = () => {
    const body = multipart('file', 'meta.csv', 'text/csv', Buffer.from('Ad name,Impressions,Link clicks\nSpring HW-23456A,1000,10\n'));
    return created({ method: 'POST', url: '/api/ad-results/imports/', payload: body.payload, headers: body.headers });
  };
  /** an offline voice (the list is the same for every team) */
  const firstVoice = async (): Promise<string> => (await created({ method: 'GET', url: '/api/voices/' })).results[0].id;
  const invitation = () => created({ method: 'POST', url: `/a/${team.slug}/team/api/invitations/`, payload: { team: team.id, email: uniqueEmail('inv'), role: 'member' } });
  const extraMember = async () => {
    const { id } = await invitation();
    const email = (await adminCall({ method: 'GET', url: `/a/${team.slug}/team/api/invitations/${id}/` })).json().email;
    const user = await registerUser(t.app, { email, invitation_id: id });
    const rows = (await adminCall({ method: 'GET', url: `/a/${team.slug}/team/members/?page_size=100` })).json().results;
    return rows.find((m: { user_id: number }) => m.user_id === user.id);
  };
  const checkoutSession = async () => {
    // each on a team of the admin's own: paying one subscribes that team, and team A stays as it is
    const payer = await created({ method: 'POST', url: '/teams/api/teams/', payload: { name: 'Paying team' } });
    const url: string = await created({
      method: 'POST',
      url: `/a/${payer.slug}/subscription/stripe/api/create-checkout-session/`,
      payload: { price_id: 'price_early_supporter', success_url: `${APP}/settings/subscription`, cancel_url: `${APP}/settings/subscription` },
    });
    return url.split('/').filter(Boolean).pop()!;
  };

  /** The request for a route, with fresh objects of team A where it changes or deletes one. */
  async function requestFor(route: string): Promise<{ url: string; payload?: unknown; perActor?: (actor: Actor) => unknown }> {
    const [, path] = route.split(' ') as [string, string];
    const at = (id: string | number) => path.replace(':teamSlug', team.slug).replace(':id', String(id));
    const base = path.replace(':teamSlug', team.slug);
    switch (route) {
      case 'POST /api/auth/register/':
        return { url: path, payload: {} };
      case 'POST /api/auth/login/':
        return { url: path, payload: { email: 'nobody@example.com', password: 'not a password' } };
      case 'POST /api/auth/verify-otp/':
        return { url: path, payload: { temp_otp_token: randomUUID(), otp: '123456' } };
      case 'POST /api/auth/token/refresh/':
        return { url: path, payload: { refresh: 'nope' } };
      case 'POST /api/auth/token/verify/':
        return { url: path, payload: { token: 'nope' } };
      case 'POST /api/auth/registration/verify-email/':
        return { url: path, payload: { key: 'nope' } };
      case 'POST /api/auth/password/reset/':
        return { url: path, perActor: (actor) => ({ email: `nobody-${actor}@example.com` }) };
      case 'PUT /api/auth/user/':
        return { url: path, perActor: (actor) => ({ email: actor === 'anonymous' ? 'x@example.com' : actors[actor].email }) };
      case 'PATCH /api/auth/user/':
      case 'POST /api/auth/password/change/':
      case 'POST /api/auth/logout/':
        return { url: path, payload: {} };
      case 'POST /api/auth/otp/enable/':
      case 'POST /api/auth/otp/disable/':
        return { url: path, payload: { otp: '000000' } };
      case 'POST /api/users/profile/upload-image/':
      case 'POST /users/api/profile/upload-image/':
        return { url: path, payload: { avatar: 'not a file' } };
      case 'GET /media/avatars/:file':
        return { url: `/media/avatars/${randomUUID()}.png` };
      case 'PUT /media/upload/':
        return { url: `${path}?token=forged` };
      case 'GET /media/files/':
        return { url: `${path}?token=forged` };
      case 'POST /api/contexts/':
        return { url: path, payload: { name: 'New', type: 'product', content: 'x' } };
      case 'POST /api/contexts/from_url/':
        return { url: path, payload: { url: 'http://127.0.0.1/' } };
      case 'PUT /api/contexts/:id/':
      case 'PATCH /api/contexts/:id/':
        return { url: at((await context()).id), payload: { name: 'Renamed' } };
      case 'GET /api/contexts/:id/':
      case 'DELETE /api/contexts/:id/':
        return { url: at((await context()).id) };
      case 'POST /api/brand-videos/':
      case 'POST /api/text-wall-background-videos/':
        return { url: path, payload: { filename: 'c.mp4', content_type: 'video/mp4', size: 1000 } };
      case 'POST /api/text-wall-background-videos/from_brand_video/':
        return { url: path, payload: { brand_video_id: (await clip()).id } };
      case 'POST /api/brand-videos/bulk_tag/':
        return { url: path, payload: { ids: [(await clip()).id], add: ['matrix'] } };
      case 'PUT /api/brand-videos/:id/':
        return { url: at((await clip()).id), payload: { title: 'Renamed', kind: 'hook' } };
      case 'PATCH /api/brand-videos/:id/':
        return { url: at((await clip()).id), payload: { title: 'Renamed' } };
      case 'GET /api/brand-videos/:id/':
      case 'DELETE /api/brand-videos/:id/':
      case 'POST /api/brand-videos/:id/upload_url/':
      case 'POST /api/brand-videos/:id/confirm_upload/':
      case 'POST /api/brand-videos/:id/transcribe/':
        return { url: at((await clip()).id), payload: route.startsWith('POST') ? {} : undefined };
      case 'PUT /api/text-wall-background-videos/:id/':
      case 'PATCH /api/text-wall-background-videos/:id/':
        return { url: at((await background()).id), payload: { name: 'Renamed' } };
      case 'GET /api/text-wall-background-videos/:id/':
      case 'DELETE /api/text-wall-background-videos/:id/':
      case 'POST /api/text-wall-background-videos/:id/upload_url/':
      case 'POST /api/text-wall-background-videos/:id/confirm_upload/':
        return { url: at((await background()).id), payload: route.startsWith('POST') ? {} : undefined };
      case 'POST /api/brand-kits/':
        return { url: path, payload: { name: 'New kit' } };
      case 'PATCH /api/brand-kits/:id/':
        return { url: at((await brandKit()).id), payload: { name: 'Renamed' } };
      case 'GET /api/brand-kits/:id/':
      case 'DELETE /api/brand-kits/:id/':
      case 'DELETE /api/brand-kits/:id/logo/':
        return { url: at((await brandKit()).id) };
      case 'POST /api/brand-kits/:id/logo/':
        return { url: at((await brandKit()).id), payload: {} };
      case 'GET /api/brand-fonts/:id/':
      case 'DELETE /api/brand-fonts/:id/':
        return { url: at((await brandFont()).id) };
      case 'GET /api/ad-results/imports/:id/':
      case 'DELETE /api/ad-results/imports/:id/':
        return { url: at((await adResultImport()).id) };
      case 'POST /api/text-wall-videos/':
        return { url: path, payload: { text: 'A new wall', render: false } };
      case 'GET /api/voices/:id/sample/':
        return { url: at(encodeURIComponent(await firstVoice())) };
      case 'POST /api/voices/speak/':
        return { url: path, payload: { voice_id: await firstVoice(), text: 'Matrix' } };
      case 'POST /api/text-wall-videos/bulk_create/':
        return { url: path, payload: { texts: ['One', 'Two'] } };
      case 'POST /api/text-wall-videos/generate_texts/': {
        // a context the copywriter can write from ("x" gives nothing to write: a 400 for everyone)
        const writable = await created({ method: 'POST', url: '/api/contexts/', payload: { name: 'Mug', type: 'product', content: 'Keeps coffee hot for 12 hours.\nWhat makes it special:\n- Leak-proof lid\n- Dishwasher safe' } });
        return { url: path, payload: { context_id: writable.id, count: 3 } };
      }
      case 'GET /api/text-wall-videos/bulk-job-status/:jobId/':
        return { url: path.replace(':jobId', randomUUID()) };
      case 'PUT /api/text-wall-videos/:id/':
      case 'PATCH /api/text-wall-videos/:id/':
        return { url: at((await textWall()).id), payload: { text: 'Changed' } };
      case 'GET /api/text-wall-videos/:id/':
      case 'DELETE /api/text-wall-videos/:id/':
      case 'GET /api/text-wall-videos/:id/render_status/':
        return { url: at((await textWall()).id) };
      case 'POST /api/text-wall-videos/:id/render/':
        return { url: at((await textWall()).id), payload: {} };
      case 'POST /api/composite-videos/':
        return { url: path, payload: { composition_id: 'multi-text-wall', config: { walls: [{ text: 'New', durationInSeconds: 2 }] }, render: false } };
      case 'POST /api/composite-videos/bulk_create_hook_product_demo/':
        return { url: path, payload: { hook_video_ids: [randomUUID()], product_demo_video_ids: [randomUUID()] } };
      case 'POST /api/composite-videos/multitextwall/':
        return { url: path, payload: { texts: ['One', 'Two'] } };
      case 'PUT /api/composite-videos/:id/':
      case 'PATCH /api/composite-videos/:id/':
        return { url: at((await composite()).id), payload: { name: 'Renamed' } };
      case 'GET /api/composite-videos/:id/':
      case 'DELETE /api/composite-videos/:id/':
      case 'GET /api/composite-videos/:id/render_status/':
        return { url: at((await composite()).id) };
      case 'POST /api/composite-videos/:id/render/':
        return { url: at((await composite()).id), payload: {} };
      case 'POST /api/video-templates/':
        // a name of its own for each caller: the admin's save is the one that lands
        return { url: path, perActor: (actor) => ({ name: `New template ${actor}`, composition: 'text-wall' }) };
      case 'PATCH /api/video-templates/:id/':
        return { url: at((await videoTemplate()).id), payload: { name: `Renamed ${randomUUID()}` } };
      case 'GET /api/video-templates/:id/':
      case 'DELETE /api/video-templates/:id/':
        return { url: at((await videoTemplate()).id) };
      case 'GET /api/music-tracks/:id/':
      case 'DELETE /api/music-tracks/:id/':
        return { url: at((await musicTrack()).id) };
      case 'PATCH /api/music-tracks/:id/':
        return { url: at((await musicTrack()).id), payload: { name: 'Renamed' } };
      case 'GET /api/remotion-render-jobs/:id/':
        return { url: at((await renderJob()).id) };
      case 'POST /api/remotion-render-jobs/:id/cancel/':
        return { url: at((await renderJob()).id), payload: {} };
      case 'POST /teams/api/teams/':
        return { url: path, payload: { name: 'Another team' } };
      case 'GET /teams/api/teams/:id/':
        return { url: at(team.id) };
      case 'PUT /teams/api/teams/:id/':
      case 'PATCH /teams/api/teams/:id/':
        return { url: at(team.id), payload: { name: 'Matrix A' } };
      case 'DELETE /teams/api/teams/:id/': {
        // a team of its own with the read-only member in it, so deleting it spares team A
        const doomed = (await adminCall({ method: 'POST', url: '/teams/api/teams/', payload: { name: 'Doomed team' } })).json();
        const inv = (await adminCall({ method: 'POST', url: `/a/${doomed.slug}/team/api/invitations/`, payload: { team: doomed.id, email: actors.member.email, role: 'member' } })).json();
        const joined = await as(t.app, actors.member)({ method: 'POST', url: `/teams/api/invitations/${inv.id}/accept/` });
        if (joined.statusCode !== 200) throw new Error(`member could not join: ${joined.body}`);
        return { url: at(doomed.id) };
      }
      case 'POST /teams/api/join/team-by-id/':
        return { url: path, payload: { team_id: team.id, invitation_id: (await invitation()).id } };
      case 'POST /teams/api/join/team/:teamSlug/':
        return { url: base, payload: { invitation_id: (await invitation()).id } };
      case 'GET /teams/api/invitations/:id/':
      case 'POST /teams/api/invitations/:id/accept/':
        return { url: at((await invitation()).id) };
      case 'POST /a/:teamSlug/team/api/invitations/':
        return { url: base, payload: { team: team.id, email: uniqueEmail('new'), role: 'member' } };
      case 'PUT /a/:teamSlug/team/api/invitations/:id/':
      case 'PATCH /a/:teamSlug/team/api/invitations/:id/':
        return { url: at((await invitation()).id), payload: { role: 'admin' } };
      case 'GET /a/:teamSlug/team/api/invitations/:id/':
      case 'DELETE /a/:teamSlug/team/api/invitations/:id/':
      case 'POST /a/:teamSlug/team/api/invitations/:id/resend/':
        return { url: at((await invitation()).id) };
      case 'GET /a/:teamSlug/team/members/:id/':
      case 'DELETE /a/:teamSlug/team/members/:id/':
        return { url: at((await extraMember()).id) };
      case 'PUT /a/:teamSlug/team/members/:id/':
      case 'PATCH /a/:teamSlug/team/members/:id/':
        return { url: at((await extraMember()).id), payload: { role: 'admin' } };
      case 'POST /a/:teamSlug/subscription/stripe/api/create-checkout-session/':
        return { url: base, payload: { price_id: 'price_early_supporter', success_url: `${APP}/settings/subscription`, cancel_url: `${APP}/settings/subscription` } };
      case 'POST /a/:teamSlug/subscription/api/credits/purchase/':
        return { url: base, payload: { pack: '100', success_url: `${APP}/settings/subscription`, cancel_url: `${APP}/settings/subscription` } };
      case 'POST /subscription/stripe/webhook/':
        return { url: path, payload: { id: 'evt_forged', type: 'invoice.paid' } };
      case 'GET /subscription/local/api/checkout/:id/':
      case 'POST /subscription/local/api/checkout/:id/pay/':
      case 'POST /subscription/local/api/checkout/:id/cancel/':
        return { url: at(await checkoutSession()) };
      default:
        return { url: base, payload: route.startsWith('GET') || route.startsWith('DELETE') ? undefined : {} };
    }
  }

  it('every registered route is in the table, and every caller gets the status the table says', async () => {
    const registered = [...new Set(t.app.routeInventory.filter((r) => !r.url.startsWith('/assets/') && !r.url.startsWith('/api/docs')).map((r) => `${r.method} ${normalise(r.url)}`))];
    const missing = registered.filter((route) => !(route in PERMISSION_MATRIX));
    expect(missing, 'routes without a row in apps/api/src/test/permission-matrix.ts').toEqual([]);
    const stale = Object.keys(PERMISSION_MATRIX).filter((route) => !registered.includes(route));
    expect(stale, 'rows for routes that do not exist').toEqual([]);

    // logout ends the caller's session, so those two run last
    const ordered = [...registered].sort((a, b) => Number(a.includes('/logout/')) - Number(b.includes('/logout/')));
    const mismatches: string[] = [];
    for (const route of ordered) {
      const { url, payload, perActor } = await requestFor(route);
      const method = route.split(' ')[0] as InjectOptions['method'];
      // callers that are refused go first; the admin, who may change things, goes last
      for (const actor of ['anonymous', 'outsider', 'staff', 'member', 'admin'] as Actor[]) {
        const user = actor === 'anonymous' ? null : actors[actor];
        const headers: Record<string, string> = { 'x-team-slug': team.slug };
        const body = perActor ? perActor(actor) : payload;
        const res = await as(t.app, user)({ method, url, headers, ...(body !== undefined ? { payload: body as object } : {}) });
        const expected = PERMISSION_MATRIX[route]![ACTORS.indexOf(actor)];
        if (res.statusCode !== expected) mismatches.push(`${route} as ${actor}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(mismatches).toEqual([]);
    void staffTeam;
  });
});
