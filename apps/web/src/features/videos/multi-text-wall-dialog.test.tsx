import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { CompositeVideo, TextWallBackgroundVideo } from '@/api/api';
import { expectConsole } from '@/test/console';
import { makeTeam, makeTrack, page } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { MultiTextWallDialog, type CompositeDialogMode } from './multi-text-wall-dialog';
import { useKeptDraft } from './kept-draft';
import type { MultiWallDraft } from './multi-text-wall-state';

const team = makeTeam({ id: 1, slug: 'acme', name: 'Acme' });
const preloadedState = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: team, isInitialDataFetched: true } };
const stamp = '2026-11-25T10:00:00.000Z';
const render = { render_job_id: null, status: 'completed' as const, progress: 100, output_url: null, thumbnail_url: null, captions_url: null, error: null };

const beach: TextWallBackgroundVideo = {
  ...{ id: 'bg-beach', name: 'Beach', filename: 'beach.mp4', content_type: 'video/mp4', size: 1, status: 'ready', error: null, is_builtin: false, source_brand_video_id: null },
  ...{ duration: 6, width: 1080, height: 1920, fps: 30, codec: 'h264', url: null, thumbnail_url: null, created_by: 'x', created_at: stamp, updated_at: stamp },
};

const source: CompositeVideo = {
  id: 'c1',
  name: 'Before: 3 hours per ad',
  composition_id: 'multi-text-wall',
  music: null,
  config: {
    walls: [
      { text: 'Before: 3 hours per ad', durationInSeconds: 2, background_video_id: 'bg-beach' },
      { text: 'After: 50 before lunch', durationInSeconds: 4, background_video_id: null },
    ],
    transition: 'slide',
    aspect: '1:1',
    style: { ...STYLE_PRESETS.neon.style, clipFit: 'blur' },
  },
  hook_video_id: null,
  product_demo_video_id: null,
  voice: null,
  brand_kit_id: null,
  ad_code: 'HW-23456M',
  bulk_job_id: null,
  ...render,
  created_at: stamp,
  updated_at: stamp,
};

function setup(state: CompositeDialogMode, library: TextWallBackgroundVideo[] | 'fails' = [beach]) {
  server.use(
    apiHandler('get', '/api/music-tracks/', page([makeTrack('t1', 'Upbeat'), makeTrack('t2', 'Calm piano', { duration_seconds: 125 })])),
    apiHandler('get', '/api/text-wall-background-videos/', library === 'fails' ? apiError(500, { detail: 'Server error.' }) : page(library)),
    apiHandler('post', '/api/composite-videos/', ({ body }) => HttpResponse.json({ ...source, id: 'new', config: body?.config ?? {} }, { status: 201 })),
    apiHandler('patch', '/api/composite-videos/{id}/', ({ body }) => HttpResponse.json({ ...source, config: body?.config ?? {} })),
    apiHandler('post', '/api/composite-videos/{id}/render/', () => HttpResponse.json({ render_job_id: 'job' }, { status: 202 })),
  );
  let open = true;
  return renderWithStore(<MultiTextWallDialog state={state} onOpenChange={(next) => (open = next)} />, { preloadedState }).then((r) => ({ ...r, isOpen: () => open }));
}
const sent = (method: string) => sentRequests.filter((r) => r.method === method && r.path.startsWith('/api/composite-videos/'));
const wallText = (n: number) => screen.getByLabelText(`Wall ${n} text`);

describe('the multi text wall dialog', () => {
  it('adds, removes and moves walls, shows the total length, and sends the walls in order', async () => {
    await setup({ mode: 'create' });
    const dialog = await screen.findByRole('dialog', { name: 'Multi text wall' });
    expect(within(dialog).getAllByRole('listitem', { name: /^Wall \d$/ })).toHaveLength(2);
    // nothing typed: refused here, nothing sent
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create video' }));
    expect(within(dialog).getAllByText('Enter the text of this wall.')).toHaveLength(2);
    expect(sent('POST')).toHaveLength(0);

    await userEvent.type(wallText(1), 'Second');
    await userEvent.type(wallText(2), 'Third');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a wall' }));
    await userEvent.type(wallText(3), 'First');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move wall 3 up' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move wall 2 up' }));
    expect([1, 2, 3].map((n) => (wallText(n) as HTMLTextAreaElement).value)).toEqual(['First', 'Second', 'Third']);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a wall' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove wall 4' }));
    expect(within(dialog).getAllByRole('listitem', { name: /^Wall \d$/ })).toHaveLength(3);
    const seconds = within(dialog).getAllByLabelText('Seconds')[2]!;
    await userEvent.clear(seconds);
    await userEvent.type(seconds, '4.5');
    // 3 + 3 + 4.5 s, less two fades of 12 frames
    expect(within(dialog).getByText('9.7 s')).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Preview of the multi text wall' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Fit' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create video' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]!.body).toEqual({
      composition_id: 'multi-text-wall',
      config: {
        walls: [
          { text: 'First', durationInSeconds: 3 },
          { text: 'Second', durationInSeconds: 3 },
          { text: 'Third', durationInSeconds: 4.5 },
        ],
        transition: 'fade',
        aspect: '9:16',
        style: { ...STYLE_PRESETS.punchy.style, clipFit: 'fit' },
      },
    });
    expect(await screen.findByText('Multi text wall on its way')).toBeInTheDocument();
  });

  it("shows the API's field errors next to their walls", async () => {
    expectConsole(/^Request failed: POST \/api\/composite-videos\//);
    await setup({ mode: 'duplicate', source });
    server.use(
      apiHandler('post', '/api/composite-videos/', apiError(400, { 'config.walls.1.text': ['Too small: expected string to have >=1 characters'], 'config.walls.0.background_video_id': ['This background video does not exist or is not ready yet.'] })),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate multi text wall' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create video' }));
    const textError = await within(dialog).findByText('Too small: expected string to have >=1 characters');
    expect(within(dialog).getByRole('listitem', { name: 'Wall 2' })).toContainElement(textError);
    expect(wallText(2)).toHaveAttribute('aria-describedby', textError.id);
    expect(within(dialog).getByRole('listitem', { name: 'Wall 1' })).toHaveTextContent('This background video does not exist or is not ready yet.');
    expect(dialog).toBeInTheDocument();
    // the first field in error has the focus
    await waitFor(() => expect(within(within(dialog).getByRole('listitem', { name: 'Wall 1' })).getByRole('combobox')).toHaveFocus());
  });

  it('keeps what was typed when closed by Escape, until it is created; Add a wall and a refused Create move the focus', async () => {
    server.use(
      apiHandler('get', '/api/text-wall-background-videos/', page([beach])),
      apiHandler('get', '/api/music-tracks/', page([])),
      apiHandler('post', '/api/composite-videos/', ({ body }) => HttpResponse.json({ ...source, id: 'new', config: body?.config ?? {} }, { status: 201 })),
    );
    function Page() {
      const [open, setOpen] = useState(false);
      const kept = useKeptDraft<MultiWallDraft>();
      return (
        <>
          <button onClick={() => setOpen(true)}>New multi text wall</button>
          <MultiTextWallDialog state={open ? { mode: 'create' } : null} onOpenChange={setOpen} kept={kept} />
        </>
      );
    }
    await renderWithStore(<Page />, { preloadedState });
    await userEvent.click(screen.getByRole('button', { name: 'New multi text wall' }));
    let dialog = await screen.findByRole('dialog', { name: 'Multi text wall' });
    await userEvent.type(wallText(1), 'Before');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add a wall' }));
    expect(wallText(3)).toHaveFocus();
    await userEvent.keyboard(' third');
    expect(wallText(3)).toHaveValue(' third');
    // refused here: wall 2 is empty; the focus goes to it, its error next to it
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create video' }));
    await waitFor(() => expect(wallText(2)).toHaveFocus());
    expect(within(dialog).getByRole('listitem', { name: 'Wall 2' })).toHaveTextContent('Enter the text of this wall.');
    expect(sent('POST')).toHaveLength(0);

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'New multi text wall' }));
    dialog = await screen.findByRole('dialog', { name: 'Multi text wall' });
    expect([1, 2, 3].map((n) => (wallText(n) as HTMLTextAreaElement).value)).toEqual(['Before', '', ' third']);
    await userEvent.type(wallText(2), 'After');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create video' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent('POST')).toHaveLength(1);
    // created: the next one starts afresh
    await userEvent.click(screen.getByRole('button', { name: 'New multi text wall' }));
    await screen.findByRole('dialog', { name: 'Multi text wall' });
    expect([1, 2].map((n) => (wallText(n) as HTMLTextAreaElement).value)).toEqual(['', '']);
  });

  it('duplicate starts from the copy: its walls, backgrounds, transition, format and style', async () => {
    await setup({ mode: 'duplicate', source });
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate multi text wall' });
    expect(wallText(1)).toHaveValue('Before: 3 hours per ad');
    expect(wallText(2)).toHaveValue('After: 50 before lunch');
    expect(within(dialog).getByRole('radio', { name: 'Blurred fill' })).toBeChecked();
    await userEvent.type(wallText(2), '!');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create video' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]!.body).toMatchObject({
      composition_id: 'multi-text-wall',
      config: {
        walls: [
          { text: 'Before: 3 hours per ad', durationInSeconds: 2, background_video_id: 'bg-beach' },
          { text: 'After: 50 before lunch!', durationInSeconds: 4 },
        ],
        transition: 'slide',
        aspect: '1:1',
        style: { preset: 'neon', clipFit: 'blur' },
      },
    });
    expect(sent('PATCH')).toHaveLength(0);
  });

  it('a library that cannot load is said, with Retry; the walls keep the brand gradient', async () => {
    expectConsole(/^Request failed: GET \/api\/text-wall-background-videos\//);
    await setup({ mode: 'create' }, 'fails');
    const dialog = await screen.findByRole('dialog', { name: 'Multi text wall' });
    expect(await within(dialog).findByText(/The background library could not be loaded/)).toBeInTheDocument();
    server.use(apiHandler('get', '/api/text-wall-background-videos/', page([])));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    expect(await within(dialog).findByText('No backgrounds in the library yet: the walls use the brand gradient.')).toBeInTheDocument();
  });

  it('edit saves the video with PATCH, then renders it again', async () => {
    const view = await setup({ mode: 'edit', source });
    const dialog = await screen.findByRole('dialog', { name: 'Edit multi text wall' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove wall 1' }));
    expect(within(dialog).getByRole('button', { name: 'Remove wall 1' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and render' }));
    await waitFor(() => expect(sent('POST').map((r) => r.path)).toEqual(['/api/composite-videos/c1/render/']));
    expect(sent('PATCH')[0]).toMatchObject({ path: '/api/composite-videos/c1/', body: { config: { walls: [{ text: 'After: 50 before lunch', durationInSeconds: 4 }], transition: 'slide', aspect: '1:1' } } });
    expect(await screen.findByText('The video is rendering again with your changes.')).toBeInTheDocument();
    expect(view.isOpen()).toBe(false);
  });

  it('edit keeps the music it had, and No music takes it off with the PATCH', async () => {
    await setup({ mode: 'edit', source: { ...source, music: { track_id: 't1', volume: 0.45 } } });
    const dialog = await screen.findByRole('dialog', { name: 'Edit multi text wall' });
    expect(await within(dialog).findByRole('combobox', { name: 'Music track' })).toHaveTextContent('Upbeat');
    expect(within(dialog).getByLabelText('Music volume (45%)')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Music track' }));
    await userEvent.click(await screen.findByRole('option', { name: 'No music' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save and render' }));
    await waitFor(() => expect(sent('PATCH')).toHaveLength(1));
    expect(sent('PATCH')[0]!.body).toMatchObject({ music: null });
  });
});
