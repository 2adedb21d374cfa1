import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brandKits } from '@hookwall/db';
import { as, createTestApp, registerUser, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { fontsourceFile, multipart, woffToSfnt } from './brand-kits.test-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Team = { id: number; slug: string };
const call = (user: TestUser, team: Team) => (options: Parameters<ReturnType<typeof as>>[0]) =>
  as(t.app, user)({ ...options, headers: { 'x-team-slug': team.slug, ...(options.headers ?? {}) } });

async function freshTeam(name = 'Kit Studio') {
  const { user, team } = await userWithTeam(t.app, name);
  return { user, team, api: call(user, team) };
}

const rowsOf = async (teamId: number) => t.deps.db.select().from(brandKits).where(eq(brandKits.teamId, teamId));
const defaults = async (teamId: number) => (await rowsOf(teamId)).filter((k) => k.isDefault).map((k) => k.id);

describe('brand kits: fields', () => {
  it('creates a kit with every field, fills the rest with defaults, and reads it back', async () => {
    const { api } = await freshTeam();
    const context = (await api({ method: 'POST', url: '/api/contexts/', payload: { name: 'Mug', type: 'product', content: 'A mug' } })).json();
    const res = await api({
      method: 'POST',
      url: '/api/brand-kits/',
      payload: {
        name: '  Acme 🚀 شركة  ',
        colors: { primary: '#FF0000', text: '#00ff00' },
        font_id: 'bebas neue',
        logo_position: 'bottom-left',
        logo_scale: 0.3,
        text_style: { fontWeight: 700, uppercase: true, highlightColor: '#ABCDEF' },
        caption_style: 'karaoke',
        end_card: { enabled: true, headline: 'Try Acme', cta: 'Start free', url: 'acme.example.com/start', seconds: 4 },
        context_id: context.id,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const kit = res.json();
    expect(kit).toMatchObject({
      name: 'Acme 🚀 شركة',
      is_default: true,
      colors: { primary: '#ff0000', secondary: '#facc15', text: '#00ff00', background: '#000000' },
      font_id: 'Bebas Neue',
      font_family: 'Bebas Neue',
      logo_url: null,
      logo_position: 'bottom-left',
      logo_scale: 0.3,
      text_style: { fontWeight: 700, uppercase: true, highlightColor: '#ABCDEF' },
      caption_style: 'karaoke',
      end_card: { enabled: true, headline: 'Try Acme', cta: 'Start free', url: 'acme.example.com/start', seconds: 4 },
      context_id: context.id,
    });
    expect(kit.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await api({ method: 'GET', url: `/api/brand-kits/${kit.id}/` })).json()).toEqual(kit);

    const plain = (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Plain' } })).json();
    expect(plain).toMatchObject({
      is_default: false,
      colors: { primary: '#111827', secondary: '#facc15', text: '#ffffff', background: '#000000' },
      font_id: null,
      font_family: null,
      logo_position: 'top-right',
      logo_scale: 0.18,
      text_style: {},
      caption_style: 'highlight',
      end_card: { enabled: false, headline: '', cta: '', url: '', seconds: 3 },
      context_id: null,
    });

    const list = (await api({ method: 'GET', url: '/api/brand-kits/' })).json();
    expect(list).toMatchObject({ count: 2, next: null, previous: null });
    expect(list.results.map((k: { name: string }) => k.name)).toEqual(['Acme 🚀 شركة', 'Plain']);
    const paged = (await api({ method: 'GET', url: '/api/brand-kits/?page_size=1&page=2' })).json();
    expect(paged.results[0].name).toBe('Plain');
    expect(paged.previous).toContain('page_size=1');
    expect((await api({ method: 'GET', url: '/api/brand-kits/?page=3&page_size=1' })).statusCode).toBe(404);
  });

  it('PATCH changes only what it names; colours and end card merge into what the kit has', async () => {
    const { api } = await freshTeam();
    const kit = (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Merge', colors: { primary: '#010203' }, end_card: { headline: 'Hello' } } })).json();
    const patched = await api({ method: 'PATCH', url: `/api/brand-kits/${kit.id}/`, payload: { colors: { secondary: '#aabbcc' }, end_card: { cta: 'Buy' }, text_style: { fontSize: 90 } } });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Merge',
      colors: { primary: '#010203', secondary: '#aabbcc' },
      end_card: { headline: 'Hello', cta: 'Buy', enabled: false },
      text_style: { fontSize: 90 },
    });
    const cleared = (await api({ method: 'PATCH', url: `/api/brand-kits/${kit.id}/`, payload: { font_id: null, context_id: null, text_style: {} } })).json();
    expect(cleared).toMatchObject({ font_id: null, context_id: null, text_style: {} });
  });

  it('refuses each bad field with a 400 naming it, and changes nothing', async () => {
    const { api, team } = await freshTeam();
    const kit = (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Untouched' } })).json();
    const general = (await api({ method: 'POST', url: '/api/contexts/', payload: { name: 'Notes', type: 'general', content: 'x' } })).json();
    const outsider = await freshTeam('Outsider Co');
    const theirContext = (await outsider.api({ method: 'POST', url: '/api/contexts/', payload: { name: 'Theirs', type: 'product', content: 'x' } })).json();
    const theirFont = await outsider.api({
      method: 'POST',
      url: '/api/brand-fonts/',
      ...multipart('font', 'f.ttf', 'font/ttf', woffToSfnt(fontsourceFile('playfair-display', 'playfair-display-latin-400-normal.woff'))),
    });
    expect(theirFont.statusCode).toBe(201);

    const cases: [Record<string, unknown>, string, RegExp?][] = [
      [{ colors: { primary: 'red' } }, 'colors.primary', /#rrggbb/],
      [{ colors: { primary: '#12345' } }, 'colors.primary', /#rrggbb/],
      [{ colors: { background: '#1234567' } }, 'colors.background'],
      [{ colors: { text: 123 } }, 'colors.text'],
      [{ colors: 'red' }, 'colors'],
      [{ name: '' }, 'name', /blank/],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ name: 'bell\u0007' }, 'name', /control/],
      [{ name: 'nul\u0000' }, 'name', /Null/],
      [{ name: 42 }, 'name'],
      [{ is_default: 'yes' }, 'is_default'],
      [{ logo_position: 'center' }, 'logo_position'],
      [{ logo_scale: 0.04 }, 'logo_scale'],
      [{ logo_scale: 0.51 }, 'logo_scale'],
      [{ logo_scale: '0.2' }, 'logo_scale'],
      [{ caption_style: 'fancy' }, 'caption_style'],
      [{ text_style: { fontSize: 9999 } }, 'text_style.fontSize'],
      [{ text_style: { textColor: 'blue' } }, 'text_style.textColor'],
      [{ text_style: { fontFamily: 'Comic Sans' } }, 'text_style.fontFamily'],
      [{ end_card: { headline: 'h'.repeat(121) } }, 'end_card.headline'],
      [{ end_card: { cta: 'c'.repeat(61) } }, 'end_card.cta'],
      [{ end_card: { url: `https://example.com/${'u'.repeat(190)}` } }, 'end_card.url'],
      [{ end_card: { url: 'javascript:alert(1)' } }, 'end_card.url', /http/],
      [{ end_card: { url: 'ftp://example.com' } }, 'end_card.url'],
      [{ end_card: { url: 'not a url' } }, 'end_card.url'],
      [{ end_card: { url: 'localhost' } }, 'end_card.url'],
      [{ end_card: { url: 'https://user:pw@example.com' } }, 'end_card.url'],
      [{ end_card: { url: 'example.123' } }, 'end_card.url'],
      [{ end_card: { seconds: 0.5 } }, 'end_card.seconds'],
      [{ end_card: { seconds: 6 } }, 'end_card.seconds'],
      [{ end_card: { enabled: 'true' } }, 'end_card.enabled'],
      [{ font_id: 'Comic Sans' }, 'font_id', /built-in/],
      [{ font_id: '00000000-0000-4000-8000-000000000000' }, 'font_id'],
      [{ font_id: theirFont.json().id }, 'font_id'],
      [{ font_id: 12 }, 'font_id'],
      [{ context_id: 2147483647 }, 'context_id', /No product context/],
      [{ context_id: theirContext.id }, 'context_id', /No product context/],
      [{ context_id: general.id }, 'context_id', /product context/],
      [{ context_id: 'one' }, 'context_id'],
    ];
    const before = await rowsOf(team.id);
    for (const [fields, field, message] of cases) {
      for (const [method, url, payload] of [
        ['POST', '/api/brand-kits/', { name: 'New', ...fields }],
        ['PATCH', `/api/brand-kits/${kit.id}/`, fields],
      ] as const) {
        const res = await api({ method, url, payload });
        expect(res.statusCode, `${method} ${JSON.stringify(fields)}: ${res.body}`).toBe(400);
        expect(Object.keys(res.json()), `${method} ${JSON.stringify(fields)}: ${res.body}`).toContain(field);
        if (message) expect(res.json()[field].join(' ')).toMatch(message);
      }
    }
    expect(await rowsOf(team.id)).toEqual(before);
    // a JSON body that is no object, and one with a wrong content type
    expect((await api({ method: 'POST', url: '/api/brand-kits/', payload: '[1,2]', headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect((await api({ method: 'POST', url: '/api/brand-kits/', payload: 'name=x', headers: { 'content-type': 'text/plain' } })).statusCode).toBe(415);
    expect(await rowsOf(team.id)).toEqual(before);
  });

  it('accepts the URLs an end card may hold', async () => {
    const { api } = await freshTeam();
    const kit = (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Urls' } })).json();
    for (const url of ['https://acme.com', 'http://acme.co.uk/try?x=1', 'acme.com', 'shop.acme.io/sale', 'xn--mnchen-3ya.de', '']) {
      const res = await api({ method: 'PATCH', url: `/api/brand-kits/${kit.id}/`, payload: { end_card: { url } } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      expect(res.json().end_card.url).toBe(url);
    }
  });

  it("unlinks a kit from a context deleted later; another team's kit is a 404 on every route", async () => {
    const { api } = await freshTeam();
    const context = (await api({ method: 'POST', url: '/api/contexts/', payload: { name: 'Gone soon', type: 'product', content: 'x' } })).json();
    const kit = (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Linked', context_id: context.id } })).json();
    expect((await api({ method: 'DELETE', url: `/api/contexts/${context.id}/` })).statusCode).toBe(204);
    expect((await api({ method: 'GET', url: `/api/brand-kits/${kit.id}/` })).json().context_id).toBeNull();

    const outsider = await freshTeam('Snoopers');
    const png = multipart('logo', 'l.png', 'image/png', Buffer.from('89504e470d0a1a0a', 'hex'));
    for (const [method, url, extra] of [
      ['GET', `/api/brand-kits/${kit.id}/`, {}],
      ['PATCH', `/api/brand-kits/${kit.id}/`, { payload: { name: 'Mine now' } }],
      ['DELETE', `/api/brand-kits/${kit.id}/`, {}],
      ['POST', `/api/brand-kits/${kit.id}/logo/`, png],
      ['DELETE', `/api/brand-kits/${kit.id}/logo/`, {}],
    ] as const) {
      const res = await outsider.api({ method, url, ...extra });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await outsider.api({ method: 'GET', url: '/api/brand-kits/' })).json().count).toBe(0);
    expect((await api({ method: 'GET', url: `/api/brand-kits/${kit.id}/` })).json().name).toBe('Linked');
    for (const id of ['nope', '123', `${kit.id}x`]) expect((await api({ method: 'GET', url: `/api/brand-kits/${id}/` })).statusCode).toBe(404);
  });

  it('read-only members read kits and are refused changes', async () => {
    const { user, team, api } = await freshTeam('Readers');
    const kit = (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Theirs' } })).json();
    const invitation = (await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/team/api/invitations/`, payload: { team: team.id, email: `reader-${Date.now()}@example.com`, role: 'member' } })).json();
    const reader = await registerUser(t.app, { email: invitation.email, invitation_id: invitation.id });
    const readerApi = call(reader, team);
    expect((await readerApi({ method: 'GET', url: `/api/brand-kits/${kit.id}/` })).statusCode).toBe(200);
    expect((await readerApi({ method: 'PATCH', url: `/api/brand-kits/${kit.id}/`, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await readerApi({ method: 'POST', url: `/api/brand-kits/${kit.id}/logo/`, ...multipart('logo', 'l.png', 'image/png', Buffer.alloc(10)) })).statusCode).toBe(403);
    expect((await readerApi({ method: 'DELETE', url: `/api/brand-kits/${kit.id}/` })).statusCode).toBe(403);
  });
});

describe('brand kits: exactly one default', () => {
  it('the first kit is the default; another made default takes over; the default cannot be unset; deleting it promotes the oldest', async () => {
    const { api, team } = await freshTeam();
    const a = (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'A', is_default: false } })).json();
    expect(a.is_default).toBe(true);
    const b = (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'B' } })).json();
    const c = (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'C', is_default: true } })).json();
    expect(b.is_default).toBe(false);
    expect(c.is_default).toBe(true);
    expect(await defaults(team.id)).toEqual([c.id]);
    // the default first in the list
    expect((await api({ method: 'GET', url: '/api/brand-kits/' })).json().results.map((k: { name: string }) => k.name)).toEqual(['C', 'A', 'B']);

    const b2 = await api({ method: 'PATCH', url: `/api/brand-kits/${b.id}/`, payload: { is_default: true } });
    expect(b2.json().is_default).toBe(true);
    expect(await defaults(team.id)).toEqual([b.id]);

    const unset = await api({ method: 'PATCH', url: `/api/brand-kits/${b.id}/`, payload: { is_default: false, name: 'Renamed' } });
    expect(unset.statusCode).toBe(400);
    expect(unset.json().is_default[0]).toMatch(/Make another kit the default/);
    expect((await api({ method: 'GET', url: `/api/brand-kits/${b.id}/` })).json()).toMatchObject({ name: 'B', is_default: true });
    // false on a kit that is not the default changes nothing about the default
    expect((await api({ method: 'PATCH', url: `/api/brand-kits/${a.id}/`, payload: { is_default: false } })).statusCode).toBe(200);
    expect(await defaults(team.id)).toEqual([b.id]);

    expect((await api({ method: 'DELETE', url: `/api/brand-kits/${b.id}/` })).statusCode).toBe(204);
    expect(await defaults(team.id)).toEqual([a.id]);
    expect((await api({ method: 'DELETE', url: `/api/brand-kits/${c.id}/` })).statusCode).toBe(204);
    expect(await defaults(team.id)).toEqual([a.id]);
    expect((await api({ method: 'DELETE', url: `/api/brand-kits/${a.id}/` })).statusCode).toBe(204);
    expect(await rowsOf(team.id)).toEqual([]);
    // a team whose kits were all deleted starts again: its next kit is the default
    expect((await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Again' } })).json().is_default).toBe(true);
  });

  it('concurrent switches and creates leave exactly one default', async () => {
    const { api, team } = await freshTeam();
    // several first kits at once: one of them is the default
    const firsts = await Promise.all(Array.from({ length: 6 }, (_, i) => api({ method: 'POST', url: '/api/brand-kits/', payload: { name: `First ${i}` } })));
    expect(firsts.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(firsts.filter((r) => r.json().is_default)).toHaveLength(1);
    expect(await defaults(team.id)).toHaveLength(1);

    const ids = firsts.map((r) => r.json().id as string);
    for (let round = 0; round < 3; round++) {
      const results = await Promise.all([
        ...ids.map((id) => api({ method: 'PATCH', url: `/api/brand-kits/${id}/`, payload: { is_default: true } })),
        api({ method: 'POST', url: '/api/brand-kits/', payload: { name: `Racer ${round}`, is_default: true } }),
      ]);
      expect(results.every((r) => r.statusCode < 300), results.map((r) => r.body).join('\n')).toBe(true);
      expect(await defaults(team.id)).toHaveLength(1);
    }
    // and a delete of the default racing switches
    const current = (await defaults(team.id))[0]!;
    await Promise.all([api({ method: 'DELETE', url: `/api/brand-kits/${current}/` }), ...ids.filter((id) => id !== current).slice(0, 3).map((id) => api({ method: 'PATCH', url: `/api/brand-kits/${id}/`, payload: { is_default: true } }))]);
    expect(await defaults(team.id)).toHaveLength(1);
  });
});
