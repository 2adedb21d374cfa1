import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CompositeVideoListItem, TextWallVideoListItem, VideoListItem } from '@/api/api';
import { expectConsole } from '@/test/console';
import { makeTeam } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { VideosPage } from './videos-page';

const team = makeTeam({ id: 1, slug: 'acme', name: 'Acme' });
const preloadedState = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: team, isInitialDataFetched: true } };

// minute i of the day: the higher, the newer
const at = (i: number) => `2026-11-23T10:${String(i).padStart(2, '0')}:00.000Z`;
const render = { render_job_id: null, status: 'draft' as const, progress: 0, output_url: null, thumbnail_url: null, captions_url: null, error: null };

function wall(i: number): TextWallVideoListItem {
  return {
    type: 'text_wall',
    id: `w${i}`,
    text: `Wall ${i}`,
    background_video_id: null,
    background_name: null,
    voice: null, brand_kit_id: null, end_card: null,
    captions: null,
    music: null,
    context_id: null,
    style: { preset: 'bold', fontFamily: 'Montserrat', fontWeight: 800, fontSize: 76, uppercase: false, textColor: '#ffffff', highlightColor: '#facc15', highlightWords: [], position: 'center', align: 'center', decoration: 'shadow', boxColor: '#000000', backgroundDim: 0.25, animation: 'pop', clipFit: 'fill', barColor: '#000000' },
    duration_seconds: 6,
    aspect: '9:16',
    ad_code: `HW-WALL${i}`,
    bulk_job_id: null,
    ...render,
    created_at: at(i),
    updated_at: at(i),
  };
}

function composite(i: number): CompositeVideoListItem {
  return { type: 'composite', id: `c${i}`, name: `Composite ${i}`, composition_id: 'multi-text-wall', config: {}, hook_video_id: null, product_demo_video_id: null, voice: null, music: null, brand_kit_id: null, ad_code: `HW-COMP${i}`, bulk_job_id: null, ...render, created_at: at(i), updated_at: at(i) };
}

/**
 * The library behind an in-memory GET /api/videos/ that pages and filters as the API does
 * (apps/api/src/modules/videos/videos-list.test.ts checks the API itself): 18 text walls and 4
 * composites, the composites made in between, so both kinds are on every page of both.
 */
function fakeVideosApi() {
  let videos: VideoListItem[] = [];
  for (let i = 0; i < 22; i++) videos.push(i % 6 === 3 ? composite(i) : wall(i));
  videos = videos.toReversed();
  server.use(
    apiHandler('get', '/api/videos/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const type = params.get('type');
      const page = Number(params.get('page') ?? 1);
      const size = Number(params.get('page_size') ?? 20);
      const matching = videos.filter((v) => !type || v.type === type);
      if (page > 1 && (page - 1) * size >= matching.length) return apiError(404, { detail: 'Invalid page.' });
      return HttpResponse.json({ count: matching.length, next: null, previous: null, results: matching.slice((page - 1) * size, page * size) });
    }),
    apiHandler('delete', '/api/text-wall-videos/{id}/', ({ params }) => {
      videos = videos.filter((v) => v.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    apiHandler('delete', '/api/composite-videos/{id}/', ({ params }) => {
      videos = videos.filter((v) => v.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { remaining: () => videos.map((v) => v.id) };
}

const cards = () => screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'));
const lastList = () => sentRequests.findLast((r) => r.method === 'GET' && r.path === '/api/videos/')!;

describe('the videos page', () => {
  it('pages over both kinds: page 2 loads and holds the oldest videos', async () => {
    fakeVideosApi();
    await renderWithStore(<VideosPage />, { preloadedState, path: '/videos' });
    await screen.findByRole('article', { name: 'Composite 21' });
    expect(cards()).toHaveLength(12);
    const pages = screen.getByRole('navigation', { name: 'Video pages' });
    expect(pages).toHaveTextContent('Page 1 of 2 · 22 videos');

    await userEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Wall 0' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // newest first over both kinds, the rest of them
    expect(cards()).toEqual(['Composite 9', 'Wall 8', 'Wall 7', 'Wall 6', 'Wall 5', 'Wall 4', 'Composite 3', 'Wall 2', 'Wall 1', 'Wall 0']);
    expect(lastList().params.get('page')).toBe('2');
    expect(lastList().params.get('page_size')).toBe('12');
    expect(lastList().params.has('type')).toBe(false);
    expect(screen.getByRole('navigation', { name: 'Video pages' })).toHaveTextContent('Page 2 of 2 · 22 videos');
  });

  it('filters by type exactly: page 2 of the text walls holds text walls alone', async () => {
    fakeVideosApi();
    await renderWithStore(<VideosPage />, { preloadedState, path: '/videos' });
    await screen.findByRole('article', { name: 'Composite 21' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Text walls' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Composite 21' })).not.toBeInTheDocument());
    expect(lastList().params.get('type')).toBe('text_wall');
    // the count is the filtered list's once its answer is in (the old cards may go first)
    await waitFor(() => expect(screen.getByRole('navigation', { name: 'Video pages' })).toHaveTextContent('Page 1 of 2 · 18 videos'));

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Wall 0' })).toBeInTheDocument();
    expect(cards()).toEqual(['Wall 6', 'Wall 5', 'Wall 4', 'Wall 2', 'Wall 1', 'Wall 0']);
    expect(lastList().params.get('type')).toBe('text_wall');
    expect(lastList().params.get('page')).toBe('2');
  });

  it('selects every video of the page with the keyboard, and deletes them with the bulk action', async () => {
    const api = fakeVideosApi();
    await renderWithStore(<VideosPage />, { preloadedState, path: '/videos' });
    await screen.findByRole('article', { name: 'Composite 21' });
    const selectAll = screen.getByRole('checkbox', { name: 'Select all videos on this page' });
    selectAll.focus();
    await userEvent.keyboard(' ');
    const bar = screen.getByRole('toolbar', { name: 'Selected videos' });
    expect(bar).toHaveTextContent('12 selected');
    for (const name of cards()) expect(screen.getByRole('checkbox', { name: `Select ${name}` })).toHaveAttribute('data-state', 'checked');
    // one left out: the page is partly selected
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Wall 10' }));
    expect(selectAll).toHaveAttribute('data-state', 'indeterminate');
    expect(bar).toHaveTextContent('11 selected');

    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 11 videos?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('11 videos deleted.')).toBeInTheDocument();
    // each through its own kind's endpoint
    const deletes = sentRequests.filter((r) => r.method === 'DELETE').map((r) => r.path);
    expect(deletes).toContain('/api/composite-videos/c21/');
    expect(deletes).toContain('/api/text-wall-videos/w20/');
    expect(deletes).toHaveLength(11);
    expect(api.remaining()).toContain('w10');
    expect(api.remaining()).toHaveLength(11);
    // the list is read again: what is left fits on one page, the one not deleted first
    await waitFor(() => expect(cards()[0]).toBe('Wall 10'));
    expect(cards()).toHaveLength(11);
    expect(screen.queryByRole('toolbar', { name: 'Selected videos' })).not.toBeInTheDocument();
  });

  it('a page that no longer exists opens the last one instead of an error', async () => {
    fakeVideosApi();
    // the 404 of page 5 is logged, as every failed request is
    expectConsole(/^Request failed: GET \/api\/videos\//);
    await renderWithStore(<VideosPage />, { preloadedState, path: '/videos?page=5' });
    expect(await screen.findByRole('article', { name: 'Composite 21' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(lastList().params.get('page')).toBe('1');
  });
});
