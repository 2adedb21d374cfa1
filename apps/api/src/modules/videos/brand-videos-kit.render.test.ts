import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mediaToolsFrom } from '@hookwall/binaries';
import { renderJobs } from '@hookwall/db';
import { parseRenderRequest } from '@hookwall/video/render-request';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { fontsourceFile, multipart } from '../brand-kits/brand-kits.test-helpers.ts';
import { pathOf } from '../media/media.test-helpers.ts';
import { ffprobe, renderingWorker, subscribeTeam, uploadClip } from './videos.test-helpers.ts';

vi.setConfig({ testTimeout: 300_000 });

/**
 * Videos made with a brand kit, rendered by the real engine through the API, the real database and
 * the real worker: a text wall with the team's default kit (its logo in its corner, kept when the
 * kit changes) and a hook + demo with the kit's logo, font and end card. What the API makes of a
 * kit (a composite's end card from it, `null` for none, another team's kit a 404):
 * brand-videos-kit.db.test.ts.
 */
const { ffmpeg } = mediaToolsFrom(process.env);
let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };
let rendering: Awaited<ReturnType<typeof renderingWorker>>;
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
  rendering = await renderingWorker(t);
}, 180_000);
afterAll(async () => {
  await rendering?.close();
  await t?.close();
});

describe('videos made with a brand kit', () => {
  it("take the team's default kit: its colours in the style, its logo and font in the render, kept when the kit changes", async () => {
    const res = await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: { texts: ['Glow in seven days'], background_video_ids: [bg.id], duration_seconds: 5, style: { preset: 'bold', highlightColor: '#00ff00' } } });
    expect(res.statusCode, res.body).toBe(202);
    const { detail, request } = await requestOf('text-wall-videos', res.json().video_ids[0]);
    expect(detail.brand_kit_id).toBe(kitId);
    // the kit's text colour; the batch's own highlight colour wins over the kit's
    expect(detail.style).toMatchObject({ textColor: '#fde68a', highlightColor: '#00ff00' });
    if (request.compositionId !== 'text-wall') throw new Error(request.compositionId);
    const brand = request.props.brand!;
    expect(brand).toMatchObject({ logoPosition: 'top-left', logo: { width: 400, height: 200 }, font: { family: 'Playfair Display' } });
    // kept for the video, apart from the kit's own files
    expect(brand.logo!.media).toMatchObject({ kind: 'upload', key: expect.stringMatching(new RegExp(`^teams/${team.id}/brand-assets/`)) });
    expect(brand.font!.media).toMatchObject({ kind: 'upload', key: expect.stringMatching(new RegExp(`^teams/${team.id}/brand-assets/`)) });

    // the kit's logo is replaced and the kit deleted before the render runs: the video keeps what it was given
    const other = multipart('logo', 'logo.png', 'image/png', redLogo());
    expect((await api({ method: 'POST', url: `/api/brand-kits/${kitId}/logo/`, payload: other.payload, headers: other.headers })).statusCode).toBe(200);
    await rendering.worker.drain();
    const status = (await api({ method: 'GET', url: `/api/text-wall-videos/${detail.id}/render_status/` })).json();
    expect(status).toMatchObject({ status: 'completed', error: null });
    // the logo is in its corner: red in the top left of the frame, none in the top right
    const file = join(t.dataDir, 'kit.mp4');
    writeFileSync(file, (await t.app.inject({ method: 'GET', url: pathOf(status.output_url) })).rawPayload);
    const size = execFileSync(ffmpeg, ['-v', 'error', '-ss', '2', '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 1 << 26 });
    const width = 1080 * 0.2;
    const height = size.length / 3 / width;
    let left = 0;
    let right = 0;
    for (let y = 0; y < height / 4; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 3;
        if (size[i]! > 190 && size[i + 1]! < 70 && size[i + 2]! < 70) {
          if (x < width / 2) left++;
          else right++;
        }
      }
    }
    expect(left).toBeGreaterThan(100);
    expect(right).toBe(0);
  });

  it("a hook + demo with the kit's logo, font and end card is rendered for real: an H.264 MP4 of its two scenes and its card", async () => {
    const hook = await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, title: 'Hook', clipKind: 'hook' });
    const demo = await uploadClip(t.app, admin, team.slug, 'brand', { seconds: 1, title: 'Demo', clipKind: 'product_demo' });
    const made = await api({ method: 'POST', url: '/api/composite-videos/bulk_create_hook_product_demo/', payload: { hook_video_ids: [hook.id], product_demo_video_ids: [demo.id], brand_kit_id: kitId, overlay_texts: ['Glow in seven days'], end_card_text: 'Buy today' } });
    expect(made.statusCode, made.body).toBe(202);
    const { detail, request } = await requestOf('composite-videos', made.json().video_ids[0]);
    expect(detail.config).toMatchObject({ productName: 'Glow Serum', endCardText: 'Buy today', endCardSeconds: 2 });
    // the kit's logo and font, read by the overlay's browser from the team's storage
    expect(request.props.brand).toMatchObject({ logo: { width: 400, height: 200 }, font: { family: 'Playfair Display' } });
    await rendering.worker.drain();
    const video = (await api({ method: 'GET', url: `/api/composite-videos/${detail.id}/` })).json();
    expect(video.status, video.error).toBe('completed');
    const job = (await api({ method: 'GET', url: `/api/remotion-render-jobs/${detail.render_job_id}/` })).json();
    expect(job).toMatchObject({ status: 'completed', composition_id: 'hook-product-demo', engine: 'fast' });
    const [row] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, detail.render_job_id));
    // 1 s hook + 1 s demo + the kit's 2 s end card
    expect(row!.durationSeconds).toBeCloseTo(4, 1);
    const file = join(t.dataDir, 'kit-composite.mp4');
    writeFileSync(file, (await t.app.inject({ method: 'GET', url: pathOf(video.output_url) })).rawPayload);
    const { stream, duration } = ffprobe(file);
    expect(stream).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', width: 216, height: 384, r_frame_rate: '30/1' });
    expect(Math.abs(duration - row!.durationSeconds)).toBeLessThanOrEqual(1 / 30 + 1e-6);
  });
});
