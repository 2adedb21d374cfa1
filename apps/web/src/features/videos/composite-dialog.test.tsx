import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { BrandVideo, CompositeVideo } from '@/api/api';
import { expectConsole } from '@/test/console';
import { makeTeam, makeTrack, page } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { CompositeDialog, pairsSummary, type HookDemoKept } from './composite-dialog';
import { useKeptDraft } from './kept-draft';

const team = makeTeam({ id: 1, slug: 'acme', name: 'Acme' });
const preloadedState = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: team, isInitialDataFetched: true } };
const stamp = '2026-11-25T10:00:00.000Z';

function clip(id: string, title: string, kind: 'hook' | 'product_demo'): BrandVideo {
  return {
    ...{ id, title, filename: `${id}.mp4`, content_type: 'video/mp4', size: 1, kind, tags: [], status: 'ready', error: null, duration: 7, width: 1920, height: 1080 },
    ...{ fps: 30, codec: 'h264', url: null, thumbnail_url: null, created_by: 'x', created_at: stamp, updated_at: stamp, transcript: null },
  };
}
const hooks = [clip('h1', 'Unboxing', 'hook'), clip('h2', 'Street interview', 'hook')];
const demos = [clip('d1', 'App demo', 'product_demo'), clip('d2', 'Checkout flow', 'product_demo')];

function mockApi() {
  server.use(
    apiHandler('get', '/api/music-tracks/', page([makeTrack('t1', 'Upbeat'), makeTrack('t2', 'Calm piano', { duration_seconds: 125 })])),
    apiHandler('get', '/api/brand-videos/', ({ request }) => HttpResponse.json(page(new URL(request.url).searchParams.get('kind') === 'hook' ? hooks : demos))),
    apiHandler('post', '/api/composite-videos/bulk_create_hook_product_demo/', () => HttpResponse.json({ job_id: 'job', total: 4, video_ids: ['a', 'b', 'c', 'd'] }, { status: 202 })),
    apiHandler('get', '/api/voices/', () =>
      HttpResponse.json({
        results: [{ id: 'espeak:fr-FR-female', name: 'Female voice', language: 'fr-FR', provider: 'offline', gender: 'female', sample_url: '/api/voices/espeak%3Afr-FR-female/sample/' }],
        transcription_available: false,
      }),
    ),
    apiHandler('post', '/api/voices/speak/', () => HttpResponse.json({ id: 's1', audio_url: 'http://localhost/media/s1.m4a', duration_seconds: 2.4, words: [{ text: 'Essayez', start: 0.1, end: 0.6 }] })),
  );
}
function setup(source?: CompositeVideo) {
  mockApi();
  return renderWithStore(<CompositeDialog open onOpenChange={() => undefined} source={source} />, { preloadedState });
}
const bulk = () => sentRequests.filter((r) => r.path === '/api/composite-videos/bulk_create_hook_product_demo/');

describe('the hook + demo dialog', () => {
  it('lists the pairs of hooks × demos, each with its own hook text, and sends them in the pairs’ order', async () => {
    await setup();
    const dialog = await screen.findByRole('dialog', { name: 'Hook + product demo' });
    // ticked in another order than the list's: the pairs follow the list
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Use Street interview' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Use App demo' }));
    // one pair: the text over the hook is its text
    expect(within(dialog).queryByRole('group', { name: 'Hook text for each video' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Use Unboxing' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Use Checkout flow' }));
    await userEvent.type(within(dialog).getByLabelText('Text over the hook (every video)'), 'Wait for it');
    const pairs = within(dialog).getByRole('group', { name: 'Hook text for each video' });
    const inputs = within(pairs).getAllByRole('textbox');
    expect(inputs.map((i) => i.getAttribute('aria-label'))).toEqual([
      'Hook text for Unboxing + App demo',
      'Hook text for Unboxing + Checkout flow',
      'Hook text for Street interview + App demo',
      'Hook text for Street interview + Checkout flow',
    ]);
    expect(inputs.map((i) => (i as HTMLInputElement).value)).toEqual(Array(4).fill('Wait for it'));
    await userEvent.clear(inputs[2]!);
    await userEvent.type(inputs[2]!, 'Did you know?');
    // the shared text still fills the pairs not changed
    await userEvent.type(within(dialog).getByLabelText('Text over the hook (every video)'), '…');
    expect(within(dialog).getByLabelText('Call to action')).toHaveValue('Try it today');
    await userEvent.type(within(dialog).getByLabelText('Product name'), 'Glow');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Fit' }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Create 4 videos' }));
    await waitFor(() => expect(bulk()).toHaveLength(1));
    expect(bulk()[0]!.body).toMatchObject({
      hook_video_ids: ['h1', 'h2'],
      product_demo_video_ids: ['d1', 'd2'],
      overlay_texts: ['Wait for it…', 'Wait for it…', 'Did you know?', 'Wait for it…'],
      product_name: 'Glow',
      end_card_text: 'Try it today',
      brand_color: '#7c3aed',
      aspect: '9:16',
      // Fit: the bars in the brand colour
      style: { ...STYLE_PRESETS.bold.style, clipFit: 'fit', barColor: '#7c3aed' },
    });
    expect(await screen.findByText('4 videos queued for rendering.')).toBeInTheDocument();
  });

  it("shows the API's errors next to the pair and the field they are about", async () => {
    expectConsole(/^Request failed: POST \/api\/composite-videos\/bulk_create_hook_product_demo\//);
    await setup();
    server.use(apiHandler('post', '/api/composite-videos/bulk_create_hook_product_demo/', apiError(400, { 'overlay_texts.3': ['Too long.'], end_card_text: ['Keep it short.'] })));
    const dialog = await screen.findByRole('dialog', { name: 'Hook + product demo' });
    for (const name of ['Unboxing', 'Street interview', 'App demo', 'Checkout flow']) await userEvent.click(await within(dialog).findByRole('checkbox', { name: `Use ${name}` }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create 4 videos' }));
    const pairError = await within(dialog).findByText('Too long.');
    expect(within(dialog).getByLabelText('Hook text for Street interview + Checkout flow')).toHaveAttribute('aria-describedby', pairError.id);
    const ctaError = within(dialog).getByText('Keep it short.');
    expect(within(dialog).getByLabelText('Call to action')).toHaveAttribute('aria-describedby', ctaError.id);
    // the first field in error has the focus
    await waitFor(() => expect(within(dialog).getByLabelText('Hook text for Street interview + Checkout flow')).toHaveFocus());
  });

  it('says what the hooks and demos picked make', async () => {
    expect(pairsSummary(0, 0)).toBe('Pick hooks and demos: every hook is joined to every demo, so 2 hooks and 3 demos make 6 videos.');
    expect(pairsSummary(1, 0)).toBe('1 hook picked: pick a demo too, every hook is joined to every demo.');
    expect(pairsSummary(0, 2)).toBe('2 demos picked: pick a hook too, every hook is joined to every demo.');
    expect(pairsSummary(1, 1)).toBe('Every hook is joined to every demo: 1 hook and 1 demo make 1 video.');
    await setup();
    const dialog = await screen.findByRole('dialog', { name: 'Hook + product demo' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Use Street interview' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Use Unboxing' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Use App demo' }));
    expect(within(dialog).getByText('Every hook is joined to every demo: 2 hooks and 1 demo make 2 videos.')).toBeInTheDocument();
  });

  it('keeps what was typed when closed by Escape, and starts afresh once the videos are made', async () => {
    mockApi();
    function Page() {
      const [open, setOpen] = useState(false);
      const kept = useKeptDraft<HookDemoKept>();
      return (
        <>
          <button onClick={() => setOpen(true)}>New hook + demo</button>
          <CompositeDialog open={open} onOpenChange={setOpen} kept={kept} />
        </>
      );
    }
    await renderWithStore(<Page />, { preloadedState });
    const open = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'New hook + demo' }));
      return screen.findByRole('dialog', { name: 'Hook + product demo' });
    };
    let dialog = await open();
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Use Unboxing' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Use App demo' }));
    await userEvent.type(within(dialog).getByLabelText('Text over the hook'), 'Wait for it');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await open();
    expect(within(dialog).getByLabelText('Text over the hook')).toHaveValue('Wait for it');
    expect(await within(dialog).findByRole('checkbox', { name: 'Use Unboxing' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Use App demo' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create 1 video' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bulk()[0]!.body).toMatchObject({ hook_video_ids: ['h1'], product_demo_video_ids: ['d1'], overlay_texts: ['Wait for it'] });

    dialog = await open();
    expect(within(dialog).getByLabelText('Text over the hook')).toHaveValue('');
    expect(await within(dialog).findByRole('checkbox', { name: 'Use Unboxing' })).not.toBeChecked();
  });

  it('duplicate and edit starts from the composite: its clips, texts, end card and look', async () => {
    const source: CompositeVideo = {
      ...{ id: 'c1', name: 'Glow up', composition_id: 'hook-product-demo', hook_video_id: 'h2', product_demo_video_id: 'd1', voice: null, music: null, brand_kit_id: null, ad_code: 'HW-23456C', bulk_job_id: null, render_job_id: null },
      ...{ status: 'completed', progress: 100, output_url: null, thumbnail_url: null, captions_url: null, error: null, created_at: stamp, updated_at: stamp },
      config: { hookText: 'Glow up', demoText: 'See it', captionText: '20% off', productName: 'Glow', endCardText: 'Shop now', brandColor: '#0ea5e9', aspect: '1:1', style: { ...STYLE_PRESETS.clean.style, clipFit: 'blur' } },
    };
    await setup(source);
    const dialog = await screen.findByRole('dialog', { name: 'Hook + product demo' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Use Street interview' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Use App demo' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Use Unboxing' })).not.toBeChecked();
    expect(within(dialog).getByLabelText('Text over the hook')).toHaveValue('Glow up');
    expect(within(dialog).getByLabelText('Call to action')).toHaveValue('Shop now');
    expect(within(dialog).getByRole('radio', { name: 'Blurred fill' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create 1 video' }));
    await waitFor(() => expect(bulk()).toHaveLength(1));
    expect(bulk()[0]!.body).toMatchObject({
      hook_video_ids: ['h2'],
      product_demo_video_ids: ['d1'],
      overlay_texts: ['Glow up'],
      demo_text: 'See it',
      caption_text: '20% off',
      product_name: 'Glow',
      end_card_text: 'Shop now',
      brand_color: '#0ea5e9',
      aspect: '1:1',
      style: { preset: 'clean', clipFit: 'blur' },
    });
  });

  it('adds a voice-over: a voice reads the script from where it is asked, with captions, and the preview reads it first', async () => {
    // jsdom only: node loads the player's CommonJS Remotion beside the compositions' ESM one, and
    // the voice's <Audio> misses the player's context (one bundle in the browser: e2e/voice.e2e.ts)
    expectConsole(/SequenceManagerContext not initialized/);
    await setup();
    const dialog = await screen.findByRole('dialog', { name: 'Hook + product demo' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Use Unboxing' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Use App demo' }));
    // none by default: no script asked for
    expect(within(dialog).queryByLabelText('Script (every video)')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Voice' }));
    await userEvent.click(await screen.findByRole('option', { name: 'French (France) · Female voice' }));
    await userEvent.type(within(dialog).getByLabelText('Script (every video)'), 'Essayez');
    await userEvent.click(within(dialog).getByRole('radio', { name: /With the hook/ }));
    // the preview asks for the same speech the render will use
    expect(await within(dialog).findByText(/Read in 2\.4 s/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create 1 video' }));
    await waitFor(() => expect(bulk()).toHaveLength(1));
    expect(bulk()[0]!.body).toMatchObject({ voice: { voice_id: 'espeak:fr-FR-female', speed: 1, start: 'hook' }, voiceover_texts: ['Essayez'], captions: { style: 'highlight' } });
  });

  it('plays music under every pair: the track and its volume go into the request', async () => {
    await setup();
    const dialog = await screen.findByRole('dialog', { name: 'Hook + product demo' });
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: 'Use Unboxing' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Use App demo' }));
    expect(await within(dialog).findByRole('combobox', { name: 'Music track' })).toHaveTextContent('No music');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Music track' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Calm piano · 2:05' }));
    fireEvent.change(within(dialog).getByLabelText('Music volume (30%)'), { target: { value: '60' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create 1 video' }));
    await waitFor(() => expect(bulk()).toHaveLength(1));
    expect(bulk()[0]!.body).toMatchObject({ hook_video_ids: ['h1'], product_demo_video_ids: ['d1'], music: { track_id: 't2', volume: 0.6 } });
  });
});
