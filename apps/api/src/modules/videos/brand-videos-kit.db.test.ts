import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { renderJobs } from '@hookwall/db';
import { parseRenderRequest } from '@hookwall/video/render-request';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { fontsourceFile, multipart } from '../brand-kits/brand-kits.test-helpers.ts';
import { subscribeTeam, uploadClip } from './videos.test-helpers.ts';

/**
 * Videos made with a brand kit, through the API and the real database: its end card on
 * composites; `null` for none; another team's kit is a 404 and makes nothing. The kit in rendered
 * videos (the team's default kit, its logo and font kept with the video): brand-videos-kit.render.test.ts.
 */
const { ffmpeg } = mediaToolsFrom(process.env);
let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let bg: { id: string };
let kitId: string;
const api = (o: Parameters<ReturnType<typeof as>>[0], user = admin, slug = team.slug) => as(t.app, user)({ ...o, headers: { ...o.headers, 'x-team-slug': slug } });

function redLogo(): Buffer {
  const file = join(t.dataDir, 'logo.png');
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=red:s=400x200', '-frames:v', '1', file]);
  return readFileSync(file);
}

async function requestOf(kind: 'text-wall-videos' | 'composite-videos', id: string) {
  const detail = (await api({ method: 'GET', url: `/api/${kind}/${id}/` })).json();
  const [job] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, detail.render_job_id));
  return { detail, request: parseRenderRequest(job!.compositionId, job!.inputProps) };
}

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Brands'));
  await subscribeTeam(t.app, admin, team.slug);
  bg = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 1 });
  const font = multipart('font', 'Playfair.woff2', 'font/woff2', fontsourceFile('playfair-display', 'playfair-display-latin-700-normal.woff2'));
  const uploaded = await api({ method: 'POST', url: '/api/brand-fonts/', payload: font.payload, headers: font.headers });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const created = await api({
    method: 'POST',
    url: '/api/brand-kits/',
    payload: { name: 'Glow', colors: { primary: '#e11d48', secondary: '#facc15', text: '#fde68a', background: '#111111' }, font_id: uploaded.json().id, logo_position: 'top-left', end_card: { enabled: true, headline: 'Glow Serum', cta: 'Shop now', url: 'glow.example', seconds: 2 } },
  });
  expect(created.statusCode, created.body).toBe(201);
  kitId = created.json().id;
  const logo = multipart('logo', 'logo.png', 'image/png', redLogo());
  expect((await api({ method: 'POST', url: `/api/brand-kits/${kitId}/logo/`, payload: logo.payload, headers: logo.headers })).statusCode).toBe(200);
}, 180_000);
afterAll(async () => t?.close());

describe('videos made with a brand kit', () => {
  it("closes a composite with the kit's end card, and null takes no kit", async () => {
    const hook = await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, title: 'Hook', clipKind: 'hook' });
    const demo = await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, title: 'Demo', clipKind: 'product_demo' });
    const made = await api({ method: 'POST', url: '/api/composite-videos/bulk_create_hook_product_demo/', payload: { hook_video_ids: [hook.id], product_demo_video_ids: [demo.id], brand_kit_id: kitId, end_card_text: 'Buy today' } });
    expect(made.statusCode, made.body).toBe(202);
    const { detail, request } = await requestOf('composite-videos', made.json().video_ids[0]);
    expect(detail.brand_kit_id).toBe(kitId);
    // the kit's end card, the batch's own call to action over it
    expect(detail.config).toMatchObject({ productName: 'Glow Serum', endCardText: 'Buy today', endCardUrl: 'glow.example', endCardSeconds: 2, brandColor: '#e11d48' });
    expect(request.props.brand?.logo).not.toBeNull();
    const none = await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['Plain'], background_video_ids: [bg.id], brand_kit_id: null } });
    const plain = await requestOf('text-wall-videos', none.json().video_ids[0]);
    expect(plain.detail.brand_kit_id).toBeNull();
    expect(plain.request.props.brand).toBeNull();
  });

  it("refuses another team's kit or an unknown one (404) and a malformed id (400), making nothing", async () => {
    const { user: stranger, team: theirs } = await userWithTeam(t.app, 'Strangers');
    const theirKit = (await api({ method: 'POST', url: '/api/brand-kits/', payload: { name: 'Theirs' } }, stranger, theirs.slug)).json().id as string;
    const count = async () => (await api({ method: 'GET', url: '/api/text-wall-videos/' })).json().count as number;
    const before = await count();
    for (const [id, code] of [[theirKit, 404], ['00000000-0000-4000-8000-000000000000', 404], ['not-a-uuid', 400], [12, 400]] as const) {
      const res = await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['Nope'], background_video_ids: [bg.id], brand_kit_id: id } });
      expect(res.statusCode, `${id}: ${res.body}`).toBe(code);
    }
    expect(await count()).toBe(before);
  });
});
