import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BrandVideo, CompositeVideoListItem } from '@/api/api';
import { expectConsole } from '@/test/console';
import { makeTeam, makeTrack, page } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { VideosPage } from './videos-page';

const team = makeTeam({ id: 1, slug: 'acme', name: 'Acme' });
const preloadedState = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: team, isInitialDataFetched: true } };
const stamp = '2026-11-25T10:00:00.000Z';
const rendered = { music: null, render_job_id: 'r', status: 'completed' as const, progress: 100, output_url: 'https://files.example/v.mp4', thumbnail_url: null, captions_url: null, error: null, ad_code: 'HW-23456E', bulk_job_id: null, created_at: stamp, updated_at: stamp };

const hookDemo: CompositeVideoListItem = {
  type: 'composite',
  id: 'c1',
  name: 'Wait for it',
  composition_id: 'hook-product-demo',
  hook_video_id: 'h1',
  product_demo_video_id: 'd1',
  voice: null, brand_kit_id: null,
  config: { hookText: 'Wait for it', demoText: '', captionText: 'Free shipping', productName: 'Glow', endCardText: 'Try it today', brandColor: '#7c3aed', aspect: '9:16', style: STYLE_PRESETS.bold.style },
  ...rendered,
};
const multi: CompositeVideoListItem = {
  type: 'composite',
  id: 'c2',
  name: 'Day one',
  composition_id: 'multi-text-wall',
  hook_video_id: null,
  product_demo_video_id: null,
  voice: null, brand_kit_id: null,
  config: { walls: [{ text: 'Day one', durationInSeconds: 2, background_video_id: null }], transition: 'fade', aspect: '9:16', style: STYLE_PRESETS.punchy.style },
  ...rendered,
};
function clip(id: string, title: string): BrandVideo {
  return {
    ...{ id, title, filename: `${id}.mp4`, content_type: 'video/mp4', size: 1, kind: 'hook', tags: [], status: 'ready', error: null, duration: 3, width: 1080, height: 1920 },
    ...{ fps: 30, codec: 'h264', url: null, thumbnail_url: null, created_by: 'x', created_at: stamp, updated_at: stamp, transcript: null },
  };
}

function setup() {
  server.use(
    apiHandler('get', '/api/music-tracks/', page([makeTrack('t1', 'Upbeat'), makeTrack('t2', 'Calm piano', { duration_seconds: 125 })])),
    // Duplicate and edit opens the hook + demo dialog, whose voice-over lists the voices
    apiHandler('get', '/api/voices/', { results: [], transcription_available: false }),
    apiHandler('get', '/api/videos/', { count: 2, next: null, previous: null, results: [hookDemo, multi] }),
    apiHandler('get', '/api/brand-videos/{id}/', ({ params }) => HttpResponse.json(clip(params.id, params.id === 'h1' ? 'Unboxing' : 'App demo'))),
    apiHandler('get', '/api/brand-videos/', page([])),
    apiHandler('get', '/api/text-wall-background-videos/', page([])),
    apiHandler('patch', '/api/composite-videos/{id}/', ({ body }) => HttpResponse.json({ ...hookDemo, config: body!.config ?? {} })),
    apiHandler('post', '/api/composite-videos/{id}/render/', () => HttpResponse.json({ render_job_id: 'job' }, { status: 202 })),
  );
  return renderWithStore(<VideosPage />, { preloadedState, path: '/videos' });
}
async function menu(name: string, item: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await userEvent.click(await screen.findByRole('menuitem', { name: item }));
}

describe('editing and copying composites from the videos page', () => {
  it('Edit opens a hook + demo prefilled; saving sends its texts, end card and look with PATCH, then renders it again', async () => {
    await setup();
    await menu('Wait for it', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit hook + product demo' });
    expect(await within(dialog).findByText(/Unboxing \+ App demo/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Text over the hook')).toHaveValue('Wait for it');
    expect(within(dialog).getByLabelText('Caption bar')).toHaveValue('Free shipping');
    expect(within(dialog).getByLabelText('Product name')).toHaveValue('Glow');
    const cta = within(dialog).getByLabelText('Call to action');
    expect(cta).toHaveValue('Try it today');
    await userEvent.clear(cta);
    await userEvent.type(cta, 'Shop the drop');
    await userEvent.type(within(dialog).getByLabelText('Text over the demo'), 'One tap');
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Blurred fill' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and render' }));
    await waitFor(() => expect(sentRequests.some((r) => r.path === '/api/composite-videos/c1/render/')).toBe(true));
    expect(sentRequests.find((r) => r.method === 'PATCH')).toMatchObject({
      path: '/api/composite-videos/c1/',
      body: { config: { hookText: 'Wait for it', demoText: 'One tap', captionText: 'Free shipping', productName: 'Glow', endCardText: 'Shop the drop', brandColor: '#7c3aed', aspect: '9:16', style: { preset: 'bold', clipFit: 'blur' } } },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the API's error next to its field and keeps the dialog open", async () => {
    expectConsole(/^Request failed: PATCH \/api\/composite-videos\/c1\//);
    await setup();
    server.use(apiHandler('patch', '/api/composite-videos/{id}/', apiError(400, { 'config.endCardText': ['Too big: expected string to have <=120 characters'] })));
    await menu('Wait for it', 'Edit');
    const dialog = await screen.findByRole('dialog', { name: 'Edit hook + product demo' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and render' }));
    const error = await within(dialog).findByText('Too big: expected string to have <=120 characters');
    expect(within(dialog).getByLabelText('Call to action')).toHaveAttribute('aria-describedby', error.id);
    expect(sentRequests.some((r) => r.path.endsWith('/render/'))).toBe(false);
  });

  it('Duplicate and edit opens the hook + demo dialog or the multi text wall dialog, prefilled', async () => {
    await setup();
    await menu('Wait for it', 'Duplicate and edit');
    const pairDialog = await screen.findByRole('dialog', { name: 'Hook + product demo' });
    expect(within(pairDialog).getByLabelText('Text over the hook')).toHaveValue('Wait for it');
    expect(within(pairDialog).getByLabelText('Caption bar')).toHaveValue('Free shipping');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await menu('Day one', 'Duplicate and edit');
    const wallDialog = await screen.findByRole('dialog', { name: 'Duplicate multi text wall' });
    expect(within(wallDialog).getByLabelText('Wall 1 text')).toHaveValue('Day one');
    await userEvent.keyboard('{Escape}');
    await menu('Day one', 'Edit');
    expect(await screen.findByRole('dialog', { name: 'Edit multi text wall' })).toBeInTheDocument();
  });
});
