import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoTemplates } from '@hookwall/db';
import { as, createTestApp, registerUser, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { subscribeTeam } from '../videos/videos.test-helpers.ts';
import { bulkHookDemoRequest, bulkVideoJobCreateRequest, generateTextsRequest, multiTextWallRequest } from '../videos/videos.schemas.ts';
import { hookProductDemoTemplateSettings, multiTextWallTemplateSettings, textWallTemplateSettings } from './video-templates.schemas.ts';
import { MAX_TEMPLATES_PER_TEAM } from './video-templates.service.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

type Team = { id: number; slug: string };
const call = (user: TestUser, team: Team) => (options: Parameters<ReturnType<typeof as>>[0]) =>
  as(t.app, user)({ ...options, headers: { 'x-team-slug': team.slug, ...(options.headers ?? {}) } });

async function freshTeam(name = 'Template Studio') {
  const { user, team } = await userWithTeam(t.app, name);
  return { user, team, api: call(user, team) };
}

const rowsOf = async (teamId: number) => t.deps.db.select().from(videoTemplates).where(eq(videoTemplates.teamId, teamId));

/** a text wall's whole setup, every field the builder sets */
const WALL_SETTINGS = {
  background_video_ids: [] as string[],
  style: { preset: 'boxed', fontSize: 80, uppercase: true },
  duration_seconds: 12,
  aspect: '4:5',
  voice: { voice_id: 'espeak:en-us', speed: 1.25 },
  captions: { style: 'karaoke' },
  music: null,
  end_card: true,
  count: 8,
  tone: 'playful',
  formula: ['question', 'before_after'],
  language: 'fr',
};

describe('video templates: the settings are the batch endpoints’ own fields', () => {
  it('each setting is the very schema its batch endpoint checks that field with', () => {
    const wall = textWallTemplateSettings.shape;
    for (const field of ['background_video_ids', 'style', 'styles', 'combine', 'duration_seconds', 'aspect', 'voice', 'captions', 'music', 'end_card', 'count', 'tone'] as const) {
      expect(wall[field], field).toBe(bulkVideoJobCreateRequest.shape[field]);
    }
    expect(wall.formula).toBe(generateTextsRequest.shape.formula);
    expect(wall.language).toBe(generateTextsRequest.shape.language);
    const hookDemo = hookProductDemoTemplateSettings.shape;
    for (const field of ['overlay_texts', 'demo_text', 'caption_text', 'product_name', 'end_card_text', 'brand_color', 'style', 'aspect', 'voiceover_texts', 'voice', 'captions', 'music'] as const) {
      expect(hookDemo[field], field).toBe(bulkHookDemoRequest.shape[field]);
    }
    // optional in a template (it may be saved before clips are picked), the batch's check inside
    expect(hookDemo.hook_video_ids.unwrap()).toBe(bulkHookDemoRequest.shape.hook_video_ids);
    expect(hookDemo.product_demo_video_ids.unwrap()).toBe(bulkHookDemoRequest.shape.product_demo_video_ids);
    const multi = multiTextWallTemplateSettings.shape;
    for (const field of ['texts', 'background_video_ids', 'seconds_per_wall', 'transition', 'style', 'aspect', 'music', 'end_card'] as const) {
      expect(multi[field], field).toBe(multiTextWallRequest.shape[field]);
    }
  });
});

describe('video templates: CRUD', () => {
  it('saves a text wall setup with a kit, reads it back, lists, pages, filters, renames, replaces its settings and deletes it', async () => {
    const { api } = await freshTeam();
    const kit = (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Acme' } })).json();
    const res = await api({ method: 'POST', url: '/api/video-templates/', payload: { name: '  Spring sale 🌸 عرض  ', composition: 'text-wall', brand_kit_id: kit.id, settings: WALL_SETTINGS } });
    expect(res.statusCode, res.body).toBe(201);
    const template = res.json();
    expect(template).toMatchObject({ name: 'Spring sale 🌸 عرض', composition: 'text-wall', brand_kit_id: kit.id, settings: WALL_SETTINGS });
    expect(template.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(template.created_at).toBe(template.updated_at);
    expect((await api({ method: 'GET', url: `/api/video-templates/${template.id}/` })).json()).toEqual(template);

    // the other compositions, and a template that is a name alone (the batch's defaults)
    const demo = await api({
      method: 'POST',
      url: '/api/video-templates/',
      payload: {
        name: 'Demo ads',
        composition: 'hook-product-demo',
        settings: { hook_video_ids: [randomUUID()], product_demo_video_ids: [randomUUID(), randomUUID()], overlay_texts: ['Wait for it'], product_name: 'Acme', brand_color: '#ff0000', voice: { voice_id: 'espeak:en-us', speed: 1, start: 'hook' }, voiceover_texts: ['It just works.'], captions: { style: 'pop' }, aspect: '1:1' },
      },
    });
    expect(demo.statusCode, demo.body).toBe(201);
    expect(demo.json().settings).toMatchObject({ product_name: 'Acme', voice: { start: 'hook' }, aspect: '1:1' });
    const story = await api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'Story', composition: 'multi-text-wall', settings: { texts: ['One', 'Two'], seconds_per_wall: 2.5, transition: 'slide', end_card: { headline: 'Acme', cta: 'Try it', seconds: 2 } } } });
    expect(story.statusCode, story.body).toBe(201);
    expect(story.json().settings.end_card).toEqual({ headline: 'Acme', cta: 'Try it', seconds: 2 });
    const bare = await api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'Bare', composition: 'text-wall' } });
    expect(bare.statusCode, bare.body).toBe(201);
    expect(bare.json()).toMatchObject({ brand_kit_id: null, settings: { background_video_ids: [] } });

    const list = (await api({ method: 'GET', url: '/api/video-templates/' })).json();
    expect(list).toMatchObject({ count: 4, next: null, previous: null });
    // newest first
    expect(list.results.map((x: { name: string }) => x.name)).toEqual(['Bare', 'Story', 'Demo ads', 'Spring sale 🌸 عرض']);
    const walls = (await api({ method: 'GET', url: '/api/video-templates/?composition=text-wall' })).json();
    expect(walls.results.map((x: { name: string }) => x.name)).toEqual(['Bare', 'Spring sale 🌸 عرض']);
    expect((await api({ method: 'GET', url: '/api/video-templates/?composition=slideshow' })).json()).toHaveProperty('composition');
    const paged = (await api({ method: 'GET', url: '/api/video-templates/?page_size=1&page=2' })).json();
    expect(paged).toMatchObject({ count: 4, results: [{ name: 'Story' }] });
    expect(paged.previous).toContain('page_size=1');
    expect(paged.next).toContain('page=3');
    expect((await api({ method: 'GET', url: '/api/video-templates/?page_size=1&page=5' })).statusCode).toBe(404);

    const renamed = await api({ method: 'PATCH', url: `/api/video-templates/${template.id}/`, payload: { name: 'Spring' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Spring', brand_kit_id: kit.id, settings: WALL_SETTINGS });
    expect(renamed.json().updated_at > template.updated_at).toBe(true);
    // settings are replaced whole, checked as the template's composition
    const replaced = await api({ method: 'PATCH', url: `/api/video-templates/${template.id}/`, payload: { settings: { aspect: '16:9', styles: [{ preset: 'neon' }, { preset: 'clean' }], combine: 'matrix' }, brand_kit_id: null } });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ brand_kit_id: null, settings: { aspect: '16:9', combine: 'matrix', background_video_ids: [] } });
    expect(replaced.json().settings.voice).toBeUndefined();

    expect((await api({ method: 'DELETE', url: `/api/video-templates/${template.id}/` })).statusCode).toBe(204);
    expect((await api({ method: 'GET', url: `/api/video-templates/${template.id}/` })).statusCode).toBe(404);
    expect((await api({ method: 'DELETE', url: `/api/video-templates/${template.id}/` })).statusCode).toBe(404);
    expect((await api({ method: 'GET', url: '/api/video-templates/' })).json().count).toBe(3);
  });

  it('starts a batch from a template: its settings, sent as they are answered with the texts of the run, make the videos', async () => {
    const { user, team, api } = await freshTeam('Batch Co');
    await subscribeTeam(t.app, user, team.slug);
    // its end card is on: the template asks for the kit's card (end_card: true)
    const kit = (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Batch kit', colors: { primary: '#123456' }, end_card: { enabled: true, headline: 'Batch Co', cta: 'Shop now' } } })).json();
    const voiceId: string = (await api({ method: 'GET', url: '/api/voices/' })).json().results[0].id;
    const settings = { ...WALL_SETTINGS, voice: { voice_id: voiceId, speed: 1.25 } };
    const template = (await api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'Voiced', composition: 'text-wall', brand_kit_id: kit.id, settings } })).json();
    // the web's builder sends the template's fields with the texts it wrote (count, tone, formula, language went to generate_texts)
    const { count: _count, tone: _tone, formula: _formula, language: _language, ...batch } = template.settings;
    const res = await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { ...batch, brand_kit_id: template.brand_kit_id, texts: ['First hook', 'Second hook'] } });
    expect(res.statusCode, res.body).toBe(202);
    const video = (await api({ method: 'GET', url: `/api/text-wall-videos/${res.json().video_ids[0]}/` })).json();
    expect(video).toMatchObject({ aspect: '4:5', brand_kit_id: kit.id, voice: { voice_id: voiceId, speed: 1.25 }, captions: { style: 'karaoke' }, style: { preset: 'boxed', fontSize: 80, uppercase: true }, end_card: { headline: 'Batch Co', cta: 'Shop now', color: '#123456' } });
  });
});

describe('video templates: refusals', () => {
  it('refuses each bad field with a 400 naming it, and stores nothing', async () => {
    const { api, team } = await freshTeam();
    const template = (await api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'Untouched', composition: 'text-wall', settings: WALL_SETTINGS } })).json();
    const outsider = await freshTeam('Outsider Co');
    const theirKit = (await outsider.api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Theirs' } })).json();

    const name: [unknown, RegExp?][] = [
      ['', /Name the template/],
      ['   ', /Name the template/],
      ['x'.repeat(81), /80 characters/],
      ['x'.repeat(200_000), /80 characters/],
      ['bell\u0007', /control/],
      ['nul\u0000', /Null/],
      ['lone \ud800', /surrogate/],
      [42, /Name the template/],
      [null, /Name the template/],
    ];
    const cases: [Record<string, unknown>, string, RegExp?][] = [
      ...name.map(([value, message]): [Record<string, unknown>, string, RegExp?] => [{ name: value }, 'name', message]),
      [{ brand_kit_id: 'nope' }, 'brand_kit_id'],
      [{ brand_kit_id: 12 }, 'brand_kit_id'],
      [{ brand_kit_id: randomUUID() }, 'brand_kit_id', /No brand kit of your team/],
      [{ brand_kit_id: theirKit.id }, 'brand_kit_id', /No brand kit of your team/],
      [{ settings: 'loud' }, 'settings'],
      [{ settings: [1, 2] }, 'settings'],
      [{ settings: { voice: { voice_id: 'espeak:en-us', speed: 3 } } }, 'settings.voice.speed', /at most 2/],
      [{ settings: { voice: { speed: 1 } } }, 'settings.voice.voice_id'],
      [{ settings: { captions: { style: 'karaoke' } } }, 'settings.captions', /follow a voice/],
      [{ settings: { style: { preset: 'bold' }, styles: [{ preset: 'neon' }] } }, 'settings.styles', /either style or styles/],
      [{ settings: { styles: [] } }, 'settings.styles', /at least one style/],
      [{ settings: { combine: 'zip' } }, 'settings.combine', /cycle or matrix/],
      [{ settings: { style: { fontSize: 9999 } } }, 'settings.style.fontSize'],
      [{ settings: { style: { fontFamily: 'Comic Sans' } } }, 'settings.style.fontFamily'],
      [{ settings: { duration_seconds: 4 } }, 'settings.duration_seconds'],
      [{ settings: { duration_seconds: 1e308 } }, 'settings.duration_seconds'],
      [{ settings: { duration_seconds: '10' } }, 'settings.duration_seconds'],
      [{ settings: { aspect: '2:1' } }, 'settings.aspect'],
      [{ settings: { count: 0 } }, 'settings.count'],
      [{ settings: { count: 1e20 } }, 'settings.count'],
      [{ settings: { count: 2.5 } }, 'settings.count'],
      [{ settings: { tone: 'angry' } }, 'settings.tone', /Choose a tone/],
      [{ settings: { formula: ['nonsense'] } }, 'settings.formula'],
      [{ settings: { language: 'xx' } }, 'settings.language', /Choose a language/],
      [{ settings: { background_video_ids: ['not-an-id'] } }, 'settings.background_video_ids.0'],
      [{ settings: { background_video_ids: Array.from({ length: 51 }, () => randomUUID()) } }, 'settings.background_video_ids'],
      [{ settings: { music: { track_id: 'x', volume: 0.3 } } }, 'settings.music.track_id'],
      [{ settings: { music: { track_id: randomUUID(), volume: 2 } } }, 'settings.music.volume'],
      [{ settings: { voice: { voice_id: 'x'.repeat(100_000), speed: 1 } } }, 'settings.voice.voice_id'],
      [{ settings: { voice: { voice_id: 'bad\u0000voice', speed: 1 } } }, 'settings.voice.voice_id', /Null/],
      [{ settings: { end_card: 'yes' } }, 'settings.end_card'],
      [{ settings: { end_card: { headline: 'h'.repeat(121) } } }, 'settings.end_card.headline'],
      [{ settings: { end_card: { url: 'javascript:alert(1)' } } }, 'settings.end_card.url'],
    ];
    const before = await rowsOf(team.id);
    for (const [fields, field, message] of cases) {
      for (const [method, url, payload] of [
        ['POST', '/api/video-templates/', { name: `New ${randomUUID()}`, composition: 'text-wall', ...fields }],
        ['PATCH', `/api/video-templates/${template.id}/`, fields],
      ] as const) {
        const res = await api({ method, url, payload });
        const what = `${method} ${JSON.stringify(fields).slice(0, 100)}: ${res.body.slice(0, 300)}`;
        expect(res.statusCode, what).toBe(400);
        expect(Object.keys(res.json()), what).toContain(field);
        if (message) expect(res.json()[field].join(' '), what).toMatch(message);
      }
    }
    // the composition: on create only (a template keeps its composition)
    for (const composition of [undefined, 'slideshow', 'text_wall', 7]) {
      const res = await api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'Which', composition } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().composition.join(' ')).toMatch(/Choose a composition/);
    }
    // each composition's settings are checked as its batch's
    for (const [composition, settings, field] of [
      ['hook-product-demo', { brand_color: 'red' }, 'settings.brand_color'],
      ['hook-product-demo', { hook_video_ids: [] }, 'settings.hook_video_ids'],
      ['hook-product-demo', { voice: { voice_id: 'espeak:en-us', start: 'middle' } }, 'settings.voice.start'],
      ['hook-product-demo', { product_name: 'p'.repeat(81) }, 'settings.product_name'],
      ['hook-product-demo', { demo_text: 'nul\u0000' }, 'settings.demo_text'],
      ['multi-text-wall', { texts: [] }, 'settings.texts'],
      ['multi-text-wall', { texts: ['  '] }, 'settings.texts.0'],
      ['multi-text-wall', { transition: 'wipe' }, 'settings.transition'],
      ['multi-text-wall', { seconds_per_wall: 61 }, 'settings.seconds_per_wall'],
    ] as const) {
      const res = await api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'Checked', composition, settings } });
      expect(res.statusCode, `${composition} ${JSON.stringify(settings)}: ${res.body}`).toBe(400);
      expect(Object.keys(res.json()), res.body).toContain(field);
    }
    // a body that is no object, another content type, one past the body limit
    expect((await api({ method: 'POST', url: '/api/video-templates/', payload: '[1,2]', headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect((await api({ method: 'POST', url: '/api/video-templates/', payload: 'name=x', headers: { 'content-type': 'text/plain' } })).statusCode).toBe(415);
    expect((await api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'Huge', composition: 'text-wall', settings: { tone: 'x'.repeat(3 * 1024 * 1024) } } })).statusCode).toBe(413);
    expect(await rowsOf(team.id)).toEqual(before);
  });

  it('keeps names unique in a team without regard to case, also under concurrent saves; another team may use the same name', async () => {
    const { api, team } = await freshTeam();
    const spring = (await api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'Spring', composition: 'text-wall' } })).json();
    for (const name of ['Spring', ' spring ', 'SPRING']) {
      const res = await api({ method: 'POST', url: '/api/video-templates/', payload: { name, composition: 'multi-text-wall' } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().name[0]).toMatch(/already has a template called/);
    }
    const other = (await api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'Autumn', composition: 'text-wall' } })).json();
    const clash = await api({ method: 'PATCH', url: `/api/video-templates/${other.id}/`, payload: { name: 'spring' } });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().name[0]).toMatch(/already has a template called “spring”/);
    // a template renamed to its own name in another case is no clash
    expect((await api({ method: 'PATCH', url: `/api/video-templates/${spring.id}/`, payload: { name: 'SPRING' } })).json().name).toBe('SPRING');
    expect((await (await freshTeam('Other Co')).api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'Spring', composition: 'text-wall' } })).statusCode).toBe(201);

    // five clicks of Save at once: one template
    const racers = await Promise.all(Array.from({ length: 5 }, () => api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'Winter', composition: 'text-wall' } })));
    expect(racers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400, 400, 400]);
    for (const r of racers.filter((x) => x.statusCode === 400)) expect(r.json().name[0]).toMatch(/already has a template/);
    expect((await rowsOf(team.id)).filter((r) => r.name === 'Winter')).toHaveLength(1);
  });

  it(`keeps at most ${MAX_TEMPLATES_PER_TEAM} templates a team`, async () => {
    const { api, team } = await freshTeam();
    await t.deps.db.insert(videoTemplates).values(Array.from({ length: MAX_TEMPLATES_PER_TEAM }, (_, i) => ({ id: randomUUID(), teamId: team.id, name: `T${i}`, composition: 'text-wall', settings: {} })));
    const res = await api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'One more', composition: 'text-wall' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().non_field_errors[0]).toMatch(/the most it may keep/);
    expect((await api({ method: 'GET', url: '/api/video-templates/?page_size=100&page=2' })).json().results).toHaveLength(100);
  });
});

describe('video templates: teams and kits', () => {
  it("another team's template is a 404 on every route; malformed ids are 404s", async () => {
    const { api } = await freshTeam();
    const template = (await api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'Private', composition: 'text-wall', settings: WALL_SETTINGS } })).json();
    const outsider = await freshTeam('Snoopers');
    for (const [method, extra] of [
      ['GET', {}],
      ['PATCH', { payload: { name: 'Mine now' } }],
      ['PATCH', { payload: { settings: { aspect: '1:1' } } }],
      ['DELETE', {}],
    ] as const) {
      const res = await outsider.api({ method, url: `/api/video-templates/${template.id}/`, ...extra });
      expect(res.statusCode, `${method}`).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
    expect((await outsider.api({ method: 'GET', url: '/api/video-templates/' })).json().count).toBe(0);
    expect((await api({ method: 'GET', url: `/api/video-templates/${template.id}/` })).json()).toEqual(template);
    for (const id of ['nope', '123', `${template.id}x`, encodeURIComponent('a\u0000b')]) expect((await api({ method: 'GET', url: `/api/video-templates/${id}/` })).statusCode).toBe(404);
  });

  it('a kit deleted later leaves its templates without one (null), listed and read as before', async () => {
    const { api } = await freshTeam();
    const kit = (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Short-lived' } })).json();
    const other = (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Stays' } })).json();
    const a = (await api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'A', composition: 'text-wall', brand_kit_id: kit.id, settings: WALL_SETTINGS } })).json();
    const b = (await api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'B', composition: 'hook-product-demo', brand_kit_id: kit.id } })).json();
    const c = (await api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'C', composition: 'text-wall', brand_kit_id: other.id } })).json();
    expect((await api({ method: 'DELETE', url: `/api/brand-kits/${kit.id}/` })).statusCode).toBe(204);
    expect((await api({ method: 'GET', url: `/api/video-templates/${a.id}/` })).json()).toMatchObject({ brand_kit_id: null, settings: WALL_SETTINGS });
    const list = await api({ method: 'GET', url: '/api/video-templates/' });
    expect(list.statusCode).toBe(200);
    expect(Object.fromEntries(list.json().results.map((x: { id: string; brand_kit_id: string | null }) => [x.id, x.brand_kit_id]))).toEqual({ [a.id]: null, [b.id]: null, [c.id]: other.id });
    // the deleted kit cannot be set again; a kit of the team can
    expect((await api({ method: 'PATCH', url: `/api/video-templates/${a.id}/`, payload: { brand_kit_id: kit.id } })).json()).toHaveProperty('brand_kit_id');
    expect((await api({ method: 'PATCH', url: `/api/video-templates/${a.id}/`, payload: { brand_kit_id: other.id.toUpperCase() } })).json().brand_kit_id).toBe(other.id);
  });

  it('a kit deleted while templates are being pointed at it: each save either keeps the kit or is a 400 on brand_kit_id, never a 500', async () => {
    const { api, team } = await freshTeam();
    const kit = (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Racing' } })).json();
    const results = await Promise.all([
      ...Array.from({ length: 4 }, (_, i) => api({ method: 'POST', url: '/api/video-templates/', payload: { name: `Race ${i}`, composition: 'text-wall', brand_kit_id: kit.id } })),
      api({ method: 'DELETE', url: `/api/brand-kits/${kit.id}/` }),
    ]);
    for (const res of results.slice(0, 4)) {
      expect([201, 400], res.body).toContain(res.statusCode);
      if (res.statusCode === 400) expect(res.json()).toHaveProperty('brand_kit_id');
    }
    expect(results[4]!.statusCode).toBe(204);
    expect((await rowsOf(team.id)).every((r) => r.brandKitId === null)).toBe(true);
  });

  it('read-only members read templates and are refused changes', async () => {
    const { user, team, api } = await freshTeam('Readers');
    const template = (await api({ method: 'POST', url: '/api/video-templates/', payload: { name: 'Theirs', composition: 'text-wall' } })).json();
    const invitation = (await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/team/api/invitations/`, payload: { team: team.id, email: `reader-${randomUUID()}@example.com`, role: 'member' } })).json();
    const reader = await registerUser(t.app, { email: invitation.email, invitation_id: invitation.id });
    const readerApi = call(reader, team);
    expect((await readerApi({ method: 'GET', url: '/api/video-templates/' })).json().count).toBe(1);
    expect((await readerApi({ method: 'GET', url: `/api/video-templates/${template.id}/` })).statusCode).toBe(200);
    expect((await readerApi({ method: 'POST', url: '/api/video-templates/', payload: { name: 'Mine', composition: 'text-wall' } })).statusCode).toBe(403);
    expect((await readerApi({ method: 'PATCH', url: `/api/video-templates/${template.id}/`, payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await readerApi({ method: 'DELETE', url: `/api/video-templates/${template.id}/` })).statusCode).toBe(403);
    expect((await api({ method: 'GET', url: `/api/video-templates/${template.id}/` })).json().name).toBe('Theirs');
  });

  it('a stored setup that today’s limits refuse in part still opens, with the fields they accept', async () => {
    const { api, team } = await freshTeam();
    const id = randomUUID();
    await t.deps.db.insert(videoTemplates).values({
      id,
      teamId: team.id,
      name: 'Old',
      composition: 'text-wall',
      settings: { aspect: '1:1', duration_seconds: 999, voice: { voice_id: 'espeak:en-us', speed: 1 }, captions: { style: 'pop' }, tone: 'retired-tone', style: { preset: 'bold' }, styles: [{ preset: 'neon' }] },
    });
    const res = await api({ method: 'GET', url: `/api/video-templates/${id}/` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({ aspect: '1:1', voice: { voice_id: 'espeak:en-us', speed: 1 } });
    expect(res.json().settings.duration_seconds).toBeUndefined();
    expect(res.json().settings.tone).toBeUndefined();
    expect((await api({ method: 'GET', url: '/api/video-templates/' })).statusCode).toBe(200);
  });
});
