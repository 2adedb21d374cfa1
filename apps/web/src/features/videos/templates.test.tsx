import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BrandVideo, BulkJobStatus, TextWallBackgroundVideo, VideoTemplate } from '@/api/api';
import { expectConsole } from '@/test/console';
import { makeBrandKit, makeTeam, makeTemplate, makeTrack, page } from '@/test/fixtures';
import { apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { CompositeDialog } from './composite-dialog';
import { VideosPage } from './videos-page';

const preloadedState = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: makeTeam({ id: 1, slug: 'acme', name: 'Acme' }), isInitialDataFetched: true } };
const stamp = '2026-11-25T10:00:00.000Z';
const DEFAULT_KIT = 'c0000000-0000-4000-8000-000000000001';
const OTHER_KIT = 'c0000000-0000-4000-8000-000000000002';
const JOB = '0b9f5a40-93c1-4c3e-9d55-5f1f7f3b8a10';

function clip(id: string, title: string, kind: 'hook' | 'product_demo'): BrandVideo {
  return {
    ...{ id, title, filename: `${id}.mp4`, content_type: 'video/mp4', size: 1, kind, tags: [], status: 'ready', error: null, duration: 7, width: 1920, height: 1080 },
    ...{ fps: 30, codec: 'h264', url: null, thumbnail_url: null, created_by: 'x', created_at: stamp, updated_at: stamp, transcript: null },
  };
}
const hooks = [clip('h1', 'Unboxing', 'hook'), clip('h2', 'Street interview', 'hook')];
const demos = [clip('d1', 'App demo', 'product_demo'), clip('d2', 'Checkout flow', 'product_demo')];
function background(id: string, name: string): TextWallBackgroundVideo {
  return { id, name, filename: `${id}.mp4`, content_type: 'video/mp4', size: 1, status: 'ready', error: null, is_builtin: true, source_brand_video_id: null, duration: 8, width: 1080, height: 1920, fps: 30, codec: 'h264', url: null, thumbnail_url: null, created_by: 'x', created_at: stamp, updated_at: stamp };
}

const demoTemplate = makeTemplate('a0000000-0000-4000-8000-000000000001', 'Demo ads', {
  composition: 'hook-product-demo',
  brand_kit_id: OTHER_KIT,
  settings: {
    hook_video_ids: ['h2'],
    product_demo_video_ids: ['d1', 'd2'],
    overlay_texts: ['Wait for it'],
    demo_text: 'See it work',
    caption_text: '',
    product_name: 'Glow',
    end_card_text: 'Shop now',
    brand_color: '#ff0055',
    style: { preset: 'clean' },
    aspect: '1:1',
    voice: { voice_id: 'espeak:fr-FR-female', speed: 1.25, start: 'hook' },
    voiceover_texts: ['Essayez-le aujourd’hui.'],
    captions: { style: 'karaoke' },
    music: { track_id: 't1', volume: 0.4 },
  },
});
const storyTemplate = makeTemplate('a0000000-0000-4000-8000-000000000002', 'Story', {
  composition: 'multi-text-wall',
  settings: { texts: ['One', 'Two', 'Three'], background_video_ids: ['bg1', 'bg2'], seconds_per_wall: 2.5, transition: 'slide', aspect: '4:5' },
});

function fakeApi(templates: VideoTemplate[] = [demoTemplate, storyTemplate]) {
  const status: BulkJobStatus = { job_id: JOB, kind: 'hook_product_demo', status: 'running', total: 2, queued: 2, rendering: 0, completed: 0, failed: 0, cancelled: 0, video_ids: [], failures: [], created_at: stamp };
  server.use(
    apiHandler('get', '/api/videos/', page([])),
    apiHandler('get', '/api/brand-kits/', page([makeBrandKit(DEFAULT_KIT, 'Acme kit', { is_default: true }), makeBrandKit(OTHER_KIT, 'Night kit')])),
    apiHandler('get', '/api/video-templates/', page(templates)),
    apiHandler('get', '/api/video-templates/{id}/', ({ params }) => HttpResponse.json(templates.find((t) => t.id === params.id)!)),
    apiHandler('get', '/api/music-tracks/', page([makeTrack('t1', 'Upbeat')])),
    apiHandler('get', '/api/brand-videos/', ({ request }) => HttpResponse.json(page(new URL(request.url).searchParams.get('kind') === 'hook' ? hooks : demos))),
    apiHandler('get', '/api/text-wall-background-videos/', page([background('bg1', 'Beach'), background('bg2', 'City')])),
    apiHandler('get', '/api/voices/', {
      results: [{ id: 'espeak:fr-FR-female', name: 'Female voice', language: 'fr-FR', provider: 'offline', gender: 'female', sample_url: '/api/voices/espeak%3Afr-FR-female/sample/' }],
      transcription_available: false,
    }),
    apiHandler('post', '/api/voices/speak/', { id: 's1', audio_url: 'http://localhost/media/s1.m4a', duration_seconds: 2.4, words: [{ text: 'Essayez', start: 0.1, end: 0.6 }] }),
    apiHandler('post', '/api/composite-videos/bulk_create_hook_product_demo/', () => HttpResponse.json({ job_id: JOB, total: 2, video_ids: ['a', 'b'] }, { status: 202 })),
    apiHandler('get', '/api/text-wall-videos/bulk-job-status/{jobId}/', status),
    // the batch's panel reads the lists while it renders
    apiHandler('get', '/api/text-wall-videos/', page([])),
    apiHandler('get', '/api/composite-videos/', page([])),
  );
}
const posted = (path: string) => sentRequests.filter((r) => r.method === 'POST' && r.path === path).map((r) => r.body);

describe('composite templates on the Videos page', () => {
  it('a hook + demo template opened from the home page fills the dialog, and Create makes the batch with its setup', async () => {
    // jsdom only: the voice's <Audio> misses the player's context (composite-dialog.test.tsx says why)
    expectConsole(/SequenceManagerContext not initialized/);
    fakeApi();
    const { router } = await renderWithStore(<VideosPage />, { preloadedState, path: `/?template=${demoTemplate.id}` });
    const dialog = await screen.findByRole('dialog', { name: 'Hook + product demo' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Use Street interview' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Use Unboxing' })).not.toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Use Checkout flow' })).toBeChecked();
    expect(within(dialog).getByLabelText('Text over the hook (every video)')).toHaveValue('Wait for it');
    expect(within(dialog).getByLabelText('Product name')).toHaveValue('Glow');
    expect(within(dialog).getByRole('combobox', { name: 'Brand kit' })).toHaveTextContent('Night kit');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create 2 videos' }));
    await waitFor(() => expect(posted('/api/composite-videos/bulk_create_hook_product_demo/')).toHaveLength(1));
    expect(posted('/api/composite-videos/bulk_create_hook_product_demo/')[0]).toEqual({
      hook_video_ids: ['h2'],
      product_demo_video_ids: ['d1', 'd2'],
      overlay_texts: ['Wait for it', 'Wait for it'],
      demo_text: 'See it work',
      caption_text: '',
      product_name: 'Glow',
      end_card_text: 'Shop now',
      brand_color: '#ff0055',
      style: STYLE_PRESETS.clean.style,
      aspect: '1:1',
      voice: { voice_id: 'espeak:fr-FR-female', speed: 1.25, start: 'hook' },
      voiceover_texts: ['Essayez-le aujourd’hui.'],
      captions: { style: 'karaoke' },
      music: { track_id: 't1', volume: 0.4 },
      brand_kit_id: OTHER_KIT,
    });
    // the batch is watched; the template is out of the address, so nothing opens again
    await waitFor(() => expect(router.state.location.search).toEqual({ job: JOB }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closing a template’s dialog takes the template out of the address', async () => {
    expectConsole(/SequenceManagerContext not initialized/);
    fakeApi();
    const { router } = await renderWithStore(<VideosPage />, { preloadedState, path: `/?template=${demoTemplate.id}` });
    await screen.findByRole('dialog', { name: 'Hook + product demo' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posted('/api/composite-videos/bulk_create_hook_product_demo/')).toHaveLength(0);
  });

  it('a multi text wall template opens its dialog with the walls made as the batch makes them', async () => {
    fakeApi();
    server.use(apiHandler('post', '/api/composite-videos/', ({ body }) => HttpResponse.json({ id: 'new', name: 'One', composition_id: 'multi-text-wall', config: body.config ?? {}, hook_video_id: null, product_demo_video_id: null, voice: null, music: null, brand_kit_id: null, ad_code: 'HW-23456M', bulk_job_id: null, render_job_id: null, status: 'queued', progress: 0, output_url: null, thumbnail_url: null, captions_url: null, error: null, created_at: stamp, updated_at: stamp }, { status: 201 })));
    await renderWithStore(<VideosPage />, { preloadedState, path: `/?template=${storyTemplate.id}` });
    const dialog = await screen.findByRole('dialog', { name: 'Multi text wall' });
    expect([1, 2, 3].map((n) => (within(dialog).getByLabelText(`Wall ${n} text`) as HTMLTextAreaElement).value)).toEqual(['One', 'Two', 'Three']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create video' }));
    await waitFor(() => expect(posted('/api/composite-videos/')).toHaveLength(1));
    expect(posted('/api/composite-videos/')[0]).toEqual({
      composition_id: 'multi-text-wall',
      config: {
        // the backgrounds in turn, one length for every wall
        walls: [
          { text: 'One', durationInSeconds: 2.5, background_video_id: 'bg1' },
          { text: 'Two', durationInSeconds: 2.5, background_video_id: 'bg2' },
          { text: 'Three', durationInSeconds: 2.5, background_video_id: 'bg1' },
        ],
        transition: 'slide',
        aspect: '4:5',
        style: STYLE_PRESETS.punchy.style,
      },
      // the template keeps no kit: none, not the team's default
      brand_kit_id: null,
    });
  });
});

describe('Save as template in the hook + demo dialog', () => {
  it('saves what Create would send, with the team’s default kit by its id', async () => {
    fakeApi([]);
    server.use(apiHandler('post', '/api/video-templates/', ({ body }) => HttpResponse.json(makeTemplate('a0000000-0000-4000-8000-000000000009', body.name, { composition: 'hook-product-demo', settings: {} }), { status: 201 })));
    await renderWithStore(<CompositeDialog open onOpenChange={() => undefined} />, { preloadedState });
    const dialog = await screen.findByRole('dialog', { name: 'Hook + product demo' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Use Unboxing' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Use App demo' }));
    await userEvent.type(within(dialog).getByLabelText('Text over the hook'), 'POV: it works');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save as template' }));
    const save = await screen.findByRole('dialog', { name: 'Save as template' });
    await userEvent.type(within(save).getByRole('textbox', { name: 'Name' }), 'Unboxing ads{Enter}');
    await waitFor(() => expect(posted('/api/video-templates/')).toHaveLength(1));
    expect(posted('/api/video-templates/')[0]).toEqual({
      name: 'Unboxing ads',
      composition: 'hook-product-demo',
      brand_kit_id: DEFAULT_KIT,
      settings: {
        hook_video_ids: ['h1'],
        product_demo_video_ids: ['d1'],
        overlay_texts: ['POV: it works'],
        demo_text: '',
        caption_text: '',
        product_name: '',
        end_card_text: 'Try it today',
        brand_color: '#7c3aed',
        style: STYLE_PRESETS.bold.style,
        aspect: '9:16',
        captions: { style: 'highlight' },
      },
    });
    // the batch's dialog stays open, as it was
    expect(await screen.findByText('Template saved')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Hook + product demo' })).toBeInTheDocument();
  });
});
