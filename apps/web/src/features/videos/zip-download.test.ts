import { unzipSync } from 'fflate';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CompositeVideo, TextWallVideo } from '@/api/api';
import { server } from '@/test/msw';
import { accessibleName, downloadName, fromComposite, fromTextWall } from './video-items';
import { zipVideos } from './zip-download';

const origin = 'http://files.test';

function wall(id: string, text: string): TextWallVideo {
  return {
    id,
    text,
    background_video_id: null,
    background_name: null,
    voice: null, brand_kit_id: null, end_card: null,
    captions: null,
    music: null,
    context_id: null,
    style: { preset: 'bold', fontFamily: 'Montserrat', fontWeight: 800, fontSize: 76, uppercase: false, textColor: '#ffffff', highlightColor: '#facc15', highlightWords: [], position: 'center', align: 'center', decoration: 'shadow', boxColor: '#000000', backgroundDim: 0.25, animation: 'pop', clipFit: 'fill', barColor: '#000000' },
    duration_seconds: 6,
    aspect: '9:16',
    ad_code: `HW-${id.toUpperCase().padEnd(6, 'A').slice(0, 6)}`,
    bulk_job_id: null,
    render_job_id: `r-${id}`,
    status: 'completed',
    progress: 1,
    output_url: `${origin}/media/${id}.mp4`,
    thumbnail_url: null,
    captions_url: null,
    error: null,
    created_at: '2026-11-23T10:00:00Z',
    updated_at: '2026-11-23T10:00:00Z',
  };
}

function composite(id: string, name: string, config: CompositeVideo['config']): CompositeVideo {
  return { id, name, composition_id: 'hook-product-demo', config, hook_video_id: 'h', product_demo_video_id: 'd', voice: null, music: null, brand_kit_id: null, ad_code: `HW-${id.toUpperCase().padEnd(6, 'C').slice(0, 6)}`, bulk_job_id: null, render_job_id: `r-${id}`, status: 'completed', progress: 1, output_url: `${origin}/media/${id}.mp4`, thumbnail_url: null, captions_url: null, error: null, created_at: '2026-11-23T10:00:00Z', updated_at: '2026-11-23T10:00:00Z' };
}

/** Each entry's name as stored and its general-purpose flag, from the local headers and again from the central directory. */
function entries(zip: Uint8Array) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const decode = (at: number, length: number) => new TextDecoder('utf-8', { fatal: true }).decode(zip.subarray(at, at + length));
  const local: { name: string; flag: number }[] = [];
  const central: { name: string; flag: number }[] = [];
  for (let at = 0; at + 4 <= zip.length; ) {
    const signature = view.getUint32(at, true);
    if (signature === 0x04034b50) {
      const nameLength = view.getUint16(at + 26, true);
      local.push({ flag: view.getUint16(at + 6, true), name: decode(at + 30, nameLength) });
      at += 30 + nameLength + view.getUint16(at + 28, true) + view.getUint32(at + 18, true);
    } else if (signature === 0x02014b50) {
      const nameLength = view.getUint16(at + 28, true);
      central.push({ flag: view.getUint16(at + 8, true), name: decode(at + 46, nameLength) });
      at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    } else break;
  }
  return { local, central };
}

const UTF8_FLAG = 1 << 11;

describe('the zip of videos', () => {
  it('names each file as its single download, in UTF-8 with the UTF-8 flag, unique, nothing that makes a folder', async () => {
    server.use(http.get(`${origin}/media/:file`, ({ params }) => HttpResponse.arrayBuffer(new TextEncoder().encode(`video ${String(params.file)}`).buffer as ArrayBuffer)));
    const items = [
      fromTextWall(wall('a', 'Fraîche tous les jours 🌿\nLivrée demain')),
      fromTextWall(wall('b', 'Journée parfaite')),
      // the same code as b's, as no two videos have: the zip still keeps both files
      fromTextWall({ ...wall('c', 'JOURNÉE PARFAITE'), ad_code: 'HW-BAAAAA' }),
      fromTextWall(wall('d', 'عرض خاص اليوم فقط')),
      fromTextWall(wall('e', '../2 for 1/now')),
      fromTextWall(wall('f', 'Plain ASCII')),
      fromComposite(composite('g', 'Hook A + Demo A', { hookText: 'Crème brûlée 🍮' })),
      fromComposite(composite('h', 'Hook A + Demo A', { hookText: '' })),
    ];
    // the card's Download link and the player's use the same name
    // each ends in its ad code
    expect(items.map(downloadName)).toEqual([
      'Fraîche tous les jours 🌿 HW-AAAAAA.mp4',
      'Journée parfaite HW-BAAAAA.mp4',
      'JOURNÉE PARFAITE HW-BAAAAA.mp4',
      'عرض خاص اليوم فقط HW-DAAAAA.mp4',
      '-2 for 1-now HW-EAAAAA.mp4',
      'Plain ASCII HW-FAAAAA.mp4',
      'Crème brûlée 🍮 HW-GCCCCC.mp4',
      'Hook A + Demo A HW-HCCCCC.mp4',
    ]);

    const progress: string[] = [];
    const { zip, count } = await zipVideos(items, (done, total) => progress.push(`${done}/${total}`));
    expect(count).toBe(8);
    expect(progress.at(-1)).toBe('8/8');
    const names = [
      'Fraîche tous les jours 🌿 HW-AAAAAA.mp4',
      'Journée parfaite HW-BAAAAA.mp4',
      'JOURNÉE PARFAITE HW-BAAAAA (2).mp4',
      'عرض خاص اليوم فقط HW-DAAAAA.mp4',
      '-2 for 1-now HW-EAAAAA.mp4',
      'Plain ASCII HW-FAAAAA.mp4',
      'Crème brûlée 🍮 HW-GCCCCC.mp4',
      'Hook A + Demo A HW-HCCCCC.mp4',
    ];
    const files = unzipSync(zip);
    expect(Object.keys(files)).toEqual(names);
    expect(new TextDecoder().decode(files['Crème brûlée 🍮 HW-GCCCCC.mp4'])).toBe('video g.mp4');

    const { local, central } = entries(zip);
    for (const headers of [local, central]) {
      expect(headers.map((h) => h.name)).toEqual(names);
      for (const { name, flag } of headers) expect(Boolean(flag & UTF8_FLAG), name).toBe(/[^\x20-\x7e]/.test(name));
    }
  });

  it('names text walls of the same text with their variant, the card showing it and its buttons saying it; others stay as they are', async () => {
    server.use(http.get(`${origin}/media/:file`, () => HttpResponse.arrayBuffer(new TextEncoder().encode('video').buffer as ArrayBuffer)));
    const punchy = { ...wall('x', '').style, preset: 'punchy' as const };
    const items = [
      fromTextWall({ ...wall('a', 'Your glow, in 4 weeks'), style: punchy, background_video_id: 'bg1', background_name: 'Ocean waves' }),
      fromTextWall({ ...wall('b', 'Your glow, in 4 weeks'), background_video_id: 'bg1', background_name: 'Ocean waves' }),
      fromTextWall({ ...wall('c', 'Your glow, in 4 weeks'), style: punchy }),
      fromTextWall({ ...wall('d', 'Alone'), style: punchy, background_video_id: 'bg1', background_name: 'Ocean waves' }),
    ];
    expect(items[0]!.subtitle).toBe('Punchy · Ocean waves · 6 s · 9:16');
    expect(items[2]!.subtitle).toBe('Punchy · Gradient · 6 s · 9:16');
    expect(accessibleName(items[0]!)).toBe('Your glow, in 4 weeks (Punchy, Ocean waves)');
    // the single download's name (the API adds the variant when its bulk job shares the text)
    expect(items.map(downloadName)).toEqual(['Your glow, in 4 weeks HW-AAAAAA.mp4', 'Your glow, in 4 weeks HW-BAAAAA.mp4', 'Your glow, in 4 weeks HW-CAAAAA.mp4', 'Alone HW-DAAAAA.mp4']);
    const { zip } = await zipVideos(items);
    expect(Object.keys(unzipSync(zip))).toEqual([
      'Your glow, in 4 weeks (Punchy, Ocean waves) HW-AAAAAA.mp4',
      'Your glow, in 4 weeks (Bold, Ocean waves) HW-BAAAAA.mp4',
      'Your glow, in 4 weeks (Punchy, Gradient) HW-CAAAAA.mp4',
      'Alone HW-DAAAAA.mp4',
    ]);
  });
});
