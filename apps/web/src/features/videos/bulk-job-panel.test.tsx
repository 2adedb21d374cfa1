import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BulkJobStatus, TextWallVideo } from '@/api/api';
import { makeTeam, page } from '@/test/fixtures';
import { apiHandler, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { BulkJobPanel } from './bulk-job-panel';

const team = makeTeam({ id: 1, slug: 'acme', name: 'Acme' });
const preloadedState = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: team, isInitialDataFetched: true } };

function wall(id: string, text: string, status: TextWallVideo['status'], progress: number): TextWallVideo {
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
    ad_code: 'HW-23456A',
    bulk_job_id: 'job-1',
    render_job_id: `r-${id}`,
    status,
    progress,
    output_url: status === 'completed' ? `/media/${id}.mp4` : null,
    thumbnail_url: null,
    captions_url: null,
    error: null,
    created_at: '2026-11-23T10:00:00Z',
    updated_at: '2026-11-23T10:00:00Z',
  };
}

const done: BulkJobStatus = { job_id: 'job-1', kind: 'text_wall', status: 'completed', total: 2, queued: 0, rendering: 0, completed: 2, failed: 0, cancelled: 0, video_ids: ['a', 'b'], failures: [], created_at: '2026-11-23T10:00:00Z' };

describe('the batch panel', () => {
  it('shows every video ready once the batch is, even when the list was read while the last one rendered', async () => {
    let listReads = 0;
    server.use(
      apiHandler('get', '/api/text-wall-videos/bulk-job-status/{jobId}/', done),
      // the first read of the list is from just before the last video finished
      apiHandler('get', '/api/text-wall-videos/', () => {
        listReads += 1;
        return HttpResponse.json(page(listReads === 1 ? [wall('a', 'First', 'completed', 1), wall('b', 'Second', 'rendering', 0.8)] : [wall('a', 'First', 'completed', 1), wall('b', 'Second', 'completed', 1)]));
      }),
    );
    let doneCalls = 0;
    await renderWithStore(<BulkJobPanel jobId="job-1" onClose={() => undefined} onVideosDone={() => (doneCalls += 1)} />, { preloadedState });
    expect(await screen.findByText('All videos are ready.')).toBeInTheDocument();
    expect(screen.getByText('2 of 2 ready')).toBeInTheDocument();
    expect(await screen.findByText('Second')).toBeInTheDocument();
    // no video stays "Rendering" under a batch that is done
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Progress of Second' })).not.toBeInTheDocument(), { timeout: 5000 });
    expect(listReads).toBeGreaterThan(1);
    // the page is told, once, so its own lists are read again at once
    await waitFor(() => expect(doneCalls).toBe(1));
  });
  it('moves the batch bar with the renders in progress, not only when one ends', async () => {
    const running: BulkJobStatus = { ...done, status: 'running', rendering: 1, completed: 1 };
    const long = 'Reading in bed without waking your partner? Meet Pebble Lamp, the bedside light that only lights your page';
    server.use(
      apiHandler('get', '/api/text-wall-videos/bulk-job-status/{jobId}/', running),
      apiHandler('get', '/api/text-wall-videos/', () => HttpResponse.json(page([wall('a', 'First', 'completed', 1), wall('b', long, 'rendering', 0.5)]))),
    );
    await renderWithStore(<BulkJobPanel jobId="job-1" onClose={() => undefined} />, { preloadedState });
    expect(await screen.findByText('1 of 2 ready')).toBeInTheDocument();
    // one done and one half way: three quarters
    await waitFor(() => expect(screen.getByRole('progressbar', { name: 'Batch progress' })).toHaveAttribute('aria-valuenow', '75'));
    // a long title is cut short in its row, whole in its tooltip
    const title = screen.getByTitle(long);
    expect(title).toHaveClass('truncate', 'min-w-0');
  });
});
