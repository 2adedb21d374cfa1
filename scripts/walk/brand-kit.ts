/**
 * The brand kit's walk (issue 26's "done when"), on the product as `npm start` runs it: a user makes
 * a kit with a logo, an uploaded font and an end card, makes 6 videos of each composition with it at
 * 9:16 and 4:5, and the frames that show the logo, the typeface and the end card are written as
 * contact sheets to look at. `WALK_ONLY=text-wall|composite|multi` makes one composition's.
 *
 *   npx tsx --conditions=source scripts/walk/brand-kit.ts
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mediaToolsFrom } from '@hookwall/binaries';
import { newUser, startProduct } from '../bench/product.ts';

const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);
const ONLY = process.env.WALK_ONLY;
const out = process.env.WALK_OUT ?? mkdtempSync(join(tmpdir(), 'hookwall-walk-brand-'));
mkdirSync(out, { recursive: true });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function clip(name: string, source: string, seconds: number, size = '1080x1920') {
  const path = join(out, `${name}.mp4`);
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `${source}=s=${size}:r=30:d=${seconds}`, '-f', 'lavfi', '-i', `sine=f=330:d=${seconds}`, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', path]);
  return path;
}

const product = await startProduct();
try {
  const user = await newUser(product);
  // multipart uploads and downloads with the user's own session (api() speaks JSON only)
  const multipart = async (path: string, field: string, filename: string, type: string, bytes: Buffer) => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
    const res = await fetch(new URL(path, product.base + '/'), { method: 'POST', headers: user.headers(), body: form });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${text}`);
    return JSON.parse(text);
  };
  const uploadClip = async (kind: 'background' | 'brand', file: string, title: string, clipKind?: string) => {
    const base = kind === 'background' ? '/api/text-wall-background-videos/' : '/api/brand-videos/';
    const bytes = readFileSync(file);
    const created = await user.api('POST', base, { filename: `${title}.mp4`, content_type: 'video/mp4', size: bytes.length, ...(clipKind ? { kind: clipKind, title } : {}) }, [201]);
    const target = await user.api('POST', `${base}${created.id}/upload_url/`, {});
    const put = await fetch(new URL(target.upload_url, product.base + '/'), { method: 'PUT', headers: target.headers, body: bytes });
    if (put.status >= 300) throw new Error(`upload: ${put.status} ${await put.text()}`);
    const ready = await user.api('POST', `${base}${created.id}/confirm_upload/`, {});
    if (ready.status !== 'ready') throw new Error(`confirm: ${JSON.stringify(ready)}`);
    return ready.id as string;
  };

  console.log('kit: font, logo, end card…');
  const fontFile = readFileSync(createRequire(import.meta.url).resolve('@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2'));
  const font = await multipart('/api/brand-fonts/', 'font', 'Playfair.woff2', 'font/woff2', fontFile);
  console.log(`font: ${font.family} ${font.weight} ${font.style}`);
  const kit = await user.api(
    'POST',
    '/api/brand-kits/',
    {
      name: 'Walk kit',
      is_default: true,
      colors: { primary: '#e11d48', secondary: '#facc15', text: '#ffffff', background: '#1e1b4b' },
      font_id: font.id,
      logo_position: 'top-left',
      logo_scale: 0.22,
      end_card: { enabled: true, headline: 'Glow Serum', cta: 'Shop now', url: 'glow.example', seconds: 2 },
    },
    [201],
  );
  const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="240" viewBox="0 0 600 240"><circle cx="120" cy="120" r="100" fill="#ff7a00"/><rect x="250" y="70" width="320" height="100" rx="24" fill="#ffffff"/><rect x="270" y="95" width="120" height="50" rx="10" fill="#e11d48"/></svg>`;
  await multipart(`/api/brand-kits/${kit.id}/logo/`, 'logo', 'logo.svg', 'image/svg+xml', Buffer.from(logoSvg));

  console.log('clips…');
  const background = await uploadClip('background', clip('background', 'testsrc2', 4), 'Background');
  const hooks = [await uploadClip('brand', clip('hook-1', 'testsrc', 3), 'Hook 1', 'hook'), await uploadClip('brand', clip('hook-2', 'smptebars', 3), 'Hook 2', 'hook')];
  const demos = await Promise.all(['smptehdbars', 'rgbtestsrc', 'yuvtestsrc'].map(async (s, i) => uploadClip('brand', clip(`demo-${i + 1}`, s, 4), `Demo ${i + 1}`, 'product_demo')));

  const texts = ['Stop scrolling: your skin asked for this', 'Glow in 7 days, or your money back', 'The serum dermatologists keep for themselves', 'Dull skin? Not anymore ✨', 'One drop. Every morning. That’s it.', 'Why 40,000 people switched this month'];
  const made: { name: string; kind: 'text-wall' | 'composite'; id: string }[] = [];
  for (const aspect of ['9:16', '4:5']) {
    const tag = aspect.replace(':', 'x');
    if (!ONLY || ONLY === 'text-wall') {
      const job = await user.api('POST', '/api/text-wall-videos/bulk_create/', { texts, background_video_ids: [background], aspect, duration_seconds: 5, end_card: true }, [202]);
      (job.video_ids as string[]).forEach((id, i) => made.push({ name: `wall-${tag}-${i + 1}`, kind: 'text-wall', id }));
    }
    if (!ONLY || ONLY === 'composite') {
      const job = await user.api('POST', '/api/composite-videos/bulk_create_hook_product_demo/', { hook_video_ids: hooks, product_demo_video_ids: demos, overlay_texts: texts, product_name: 'Glow Serum', caption_text: 'Free for 7 days', aspect }, [202]);
      (job.video_ids as string[]).forEach((id, i) => made.push({ name: `composite-${tag}-${i + 1}`, kind: 'composite', id }));
    }
    if (!ONLY || ONLY === 'multi') {
      for (let i = 0; i < 6; i++) {
        const job = await user.api('POST', '/api/composite-videos/multitextwall/', { texts: [texts[i]!, texts[(i + 1) % 6]!, texts[(i + 2) % 6]!], background_video_ids: [background], seconds_per_wall: 2, transition: 'fade', aspect }, [202]);
        made.push({ name: `multi-${tag}-${i + 1}`, kind: 'composite', id: (job.video_ids as string[])[0]! });
      }
    }
  }

  console.log(`${made.length} videos asked for; waiting for their renders…`);
  const sheets: string[] = [];
  for (const video of made) {
    let url: string | null = null;
    for (;;) {
      const status = video.kind === 'text-wall' ? await user.api('GET', `/api/text-wall-videos/${video.id}/render_status/`) : await user.api('GET', `/api/composite-videos/${video.id}/`);
      if (status.status === 'failed' || status.status === 'cancelled') throw new Error(`${video.name}: ${status.status} ${status.error}`);
      if (status.status === 'completed' && status.output_url) {
        url = status.output_url;
        break;
      }
      await sleep(1000);
    }
    const file = join(out, `${video.name}.mp4`);
    writeFileSync(file, Buffer.from(await (await fetch(new URL(url!, product.base + '/'), { headers: user.headers() })).arrayBuffer()));
    const seconds = Number(execFileSync(ffprobe, ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim());
    // three frames: the logo settled over the text (1 s), the middle, the last (the end card)
    const sheet = join(out, `${video.name}.png`);
    const at = [1, seconds / 2, Math.max(0, seconds - 0.2)];
    execFileSync(ffmpeg, ['-v', 'error', '-y', ...at.flatMap((t) => ['-ss', t.toFixed(2), '-i', file]), '-filter_complex', `${at.map((_, i) => `[${i}:v]scale=-2:480,trim=end_frame=1[f${i}]`).join(';')};${at.map((_, i) => `[f${i}]`).join('')}hstack=inputs=${at.length}`, '-frames:v', '1', sheet]);
    sheets.push(sheet);
    console.log(`${video.name}: ${seconds.toFixed(2)} s → ${sheet}`);
  }
  console.log(`done: ${out}`);
} finally {
  await product.stop();
}
