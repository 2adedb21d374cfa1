import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrandVideo, BrandVideoTranscript } from '@/api/api';
import { makeTeam, page } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server, type ApiErrorReply } from '@/test/msw';
import { expectConsole } from '@/test/console';
import { renderWithStore } from '@/test/render';
import { clipContentType, formatDuration, titleOf } from './clip-format';
import { ProductDemosPage } from './product-demos-page';
import { formatWordTime, languageName } from './transcript-dialog';

const preloadedState = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: makeTeam({ id: 1, slug: 'acme', name: 'Acme' }), isInitialDataFetched: true } };

function videoOf(id: string, title: string, patch: Partial<BrandVideo> = {}): BrandVideo {
  return {
    id,
    title,
    filename: `${title}.mp4`,
    content_type: 'video/mp4',
    size: 1000,
    kind: 'product_demo',
    tags: [],
    status: 'ready',
    error: null,
    duration: 2,
    width: 108,
    height: 192,
    fps: 25,
    codec: 'h264',
    url: `/files/${id}.mp4`,
    thumbnail_url: `/files/${id}.jpg`,
    created_by: 'Olivia',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    transcript: null,
    ...patch,
  };
}

/** An in-memory /api/brand-videos/ behind MSW; every request lands in `sentRequests`. */
function fakeBrandVideosApi(
  initial: BrandVideo[],
  {
    confirmFails = false,
    transcriptionAvailable = false,
    transcribe,
  }: { confirmFails?: boolean; transcriptionAvailable?: boolean; transcribe?: (id: string, force: boolean) => Promise<BrandVideoTranscript | ApiErrorReply> } = {},
) {
  let videos = [...initial];
  const find = (id: string) => videos.find((v) => v.id === id);
  const notFound = apiError(404, { detail: 'Not found.' });
  server.use(
    apiHandler('get', '/api/brand-videos/', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const kind = params.get('kind');
      const tag = params.get('tag');
      return HttpResponse.json(page(videos.filter((v) => (!kind || v.kind === kind) && (!tag || v.tags.includes(tag)))));
    }),
    apiHandler('get', '/api/brand-videos/available_tags/', () => HttpResponse.json([...new Set(videos.flatMap((v) => v.tags))].sort())),
    apiHandler('post', '/api/brand-videos/', ({ body }) => {
      const created = videoOf(`v${videos.length + 10}`, body.title ?? body.filename, { ...body, status: 'pending_upload', duration: null, url: null, thumbnail_url: null });
      videos = [created, ...videos];
      return HttpResponse.json(created, { status: 201 });
    }),
    apiHandler('post', '/api/brand-videos/bulk_tag/', ({ body }) => {
      videos = videos.map((v) => (body.ids.includes(v.id) ? { ...v, tags: [...new Set([...v.tags, ...(body.add ?? [])])].filter((t) => !(body.remove ?? []).includes(t)) } : v));
      return HttpResponse.json({ updated: body.ids.length });
    }),
    apiHandler('post', '/api/brand-videos/{id}/upload_url/', ({ params }) =>
      HttpResponse.json({ upload_url: `/storage/upload/${params.id}`, method: 'PUT', headers: { 'Content-Type': 'video/mp4' }, expires_at: '2026-01-01T00:15:00Z' }),
    ),
    apiHandler('post', '/api/brand-videos/{id}/confirm_upload/', ({ params }) => {
      videos = videos.map((v) => (v.id === params.id ? { ...v, status: confirmFails ? 'failed' : 'ready', error: confirmFails ? 'This file is not a video we can read.' : null, duration: 2 } : v));
      const video = find(params.id);
      return video ? HttpResponse.json(video) : notFound;
    }),
    apiHandler('patch', '/api/brand-videos/{id}/', ({ params, body }) => {
      videos = videos.map((v) => (v.id === params.id ? { ...v, ...body } : v));
      const video = find(params.id);
      return video ? HttpResponse.json(video) : notFound;
    }),
    apiHandler('delete', '/api/brand-videos/{id}/', ({ params }) => {
      videos = videos.filter((v) => v.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    apiHandler('get', '/api/voices/', { results: [], transcription_available: transcriptionAvailable }),
    apiHandler('post', '/api/brand-videos/{id}/transcribe/', async ({ params, body }) => {
      const answer = await transcribe!(params.id, body?.force === true);
      if ('status' in answer) return answer;
      videos = videos.map((v) => (v.id === params.id ? { ...v, transcript: answer } : v));
      return HttpResponse.json({ id: params.id, ...answer });
    }),
  );
}

/** An XMLHttpRequest that reports progress when the test says so. */
class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  body: unknown;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.instances.push(this);
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true });
  }
  finish(status = 200) {
    this.status = status;
    this.onload?.();
  }
}

function mp4(name: string, size = 1000) {
  const file = new File(['x'], name, { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('clip helpers', () => {
  it('formats durations, titles and content types', () => {
    expect(formatDuration(2)).toBe('0:02');
    expect(formatDuration(65.4)).toBe('1:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(null)).toBe('');
    expect(titleOf('My demo.final.mp4')).toBe('My demo.final');
    expect(clipContentType({ name: 'a.MOV', type: '' })).toBe('video/quicktime');
    expect(clipContentType({ name: 'a.webm', type: 'video/webm' })).toBe('video/webm');
    expect(clipContentType({ name: 'a.avi', type: 'video/x-msvideo' })).toBeNull();
  });
});

describe('product demos page', () => {
  it('invites the first upload when the library is empty', async () => {
    fakeBrandVideosApi([]);
    await renderWithStore(<ProductDemosPage />, { preloadedState });
    expect(await screen.findByText('Upload your first clip')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Upload clips' }));
    expect(await screen.findByRole('dialog', { name: 'Upload clips' })).toBeInTheDocument();
  });

  it('shows clips with thumbnail, duration, kind and tags, and filters by kind and tag', async () => {
    fakeBrandVideosApi([videoOf('a', 'Demo one', { tags: ['launch'] }), videoOf('b', 'Big hook', { kind: 'hook', duration: 75 })]);
    await renderWithStore(<ProductDemosPage />, { preloadedState });
    const card = await screen.findByRole('listitem', { name: 'Demo one' });
    expect(within(card).getByRole('img', { name: 'Demo one' })).toHaveAttribute('src', `${window.location.origin}/files/a.jpg`);
    expect(within(card).getByText('0:02')).toBeInTheDocument();
    expect(within(card).getByText('Product demo')).toBeInTheDocument();
    expect(within(card).getByText('#launch')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Big hook' })).getByText('1:15')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Play Demo one' }));
    const video = within(card).getByLabelText('Demo one (playing)') as HTMLVideoElement;
    expect(video).toHaveAttribute('src', `${window.location.origin}/files/a.mp4`);
    expect(video.muted).toBe(true);
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalled();
    await userEvent.click(within(card).getByRole('button', { name: 'Pause Demo one' }));
    expect(within(card).queryByLabelText('Demo one (playing)')).not.toBeInTheDocument();

    const lastListRequest = () => sentRequests.findLast((r) => r.method === 'GET' && r.path === '/api/brand-videos/')!;
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hooks' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Demo one' })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Big hook' })).toBeInTheDocument();
    expect(lastListRequest().params.get('kind')).toBe('hook');
    await userEvent.click(screen.getByRole('combobox', { name: 'Kind' }));
    await userEvent.click(await screen.findByRole('option', { name: 'All kinds' }));
    expect(await screen.findByRole('listitem', { name: 'Demo one' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Tag' }));
    await userEvent.click(await screen.findByRole('option', { name: '#launch' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Big hook' })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Demo one' })).toBeInTheDocument();
    expect(lastListRequest().params.get('tag')).toBe('launch');
    expect(lastListRequest().params.has('kind')).toBe(false);
  });

  it('uploads several files: create, upload URL, PUT with progress, confirm; one can be cancelled', async () => {
    fakeBrandVideosApi([]);
    await renderWithStore(<ProductDemosPage />, { preloadedState });
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload clips' });
    await userEvent.upload(within(dialog).getByLabelText('Drop videos here or click to choose'), [mp4('first.mp4', 1000), mp4('second.mp4', 2000)]);
    // a kind per file
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Kind of second.mp4' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Hook' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload 2 files' }));

    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    const [first, second] = FakeXhr.instances as [FakeXhr, FakeXhr];
    expect(first).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'video/mp4' } });
    act(() => first.progress(500, 1000));
    const bar = within(dialog).getByRole('progressbar', { name: 'Uploading first.mp4' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(within(dialog).getByText('50%')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel second.mp4' }));
    expect(await within(dialog).findByText('Cancelled')).toBeInTheDocument();
    act(() => first.finish(200));
    expect(await within(dialog).findByText('Uploaded')).toBeInTheDocument();

    const creates = sentRequests.filter((c) => c.method === 'POST' && c.path === '/api/brand-videos/');
    expect(creates.map((c) => c.body)).toEqual([
      { title: 'first', filename: 'first.mp4', content_type: 'video/mp4', size: 1000, kind: 'product_demo' },
      { title: 'second', filename: 'second.mp4', content_type: 'video/mp4', size: 2000, kind: 'hook' },
    ]);
    const order = sentRequests.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    // the first file: its upload URL, the PUT there, then the confirmation; the cancelled one is never confirmed
    expect(order.filter((o) => o.includes('/v10/'))).toEqual(['POST /api/brand-videos/v10/upload_url/', 'POST /api/brand-videos/v10/confirm_upload/']);
    expect(first.url).toMatch(/\/storage\/upload\/v10$/);
    expect(order).not.toContain('POST /api/brand-videos/v11/confirm_upload/');
    // the cancelled upload's clip is removed again
    await waitFor(() => expect(sentRequests.some((c) => c.method === 'DELETE' && c.path === '/api/brand-videos/v11/')).toBe(true));
    expect(second.body).toBeInstanceOf(File);
    // the list shows the uploaded clip
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('listitem', { name: 'first' })).toBeInTheDocument();
  });

  it('refuses files the uploader rules reject with the Upload error toast', async () => {
    fakeBrandVideosApi([]);
    await renderWithStore(<ProductDemosPage />, { preloadedState });
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload clips' });
    const notes = new File(['x'], 'notes.txt', { type: 'text/plain' });
    await userEvent.upload(within(dialog).getByLabelText('Drop videos here or click to choose'), [notes, mp4('huge.mp4', 600 * 1024 * 1024)], { applyAccept: false });
    expect(await screen.findByText('Upload error')).toBeInTheDocument();
    expect(screen.getByText('File type not supported')).toBeInTheDocument();
    expect(screen.getByText('File size exceeds the limit (500 MB)')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: 'Uploads' })).not.toBeInTheDocument();
  });

  it('shows a failed confirm as an Upload error with the reason', async () => {
    fakeBrandVideosApi([], { confirmFails: true });
    await renderWithStore(<ProductDemosPage />, { preloadedState });
    await userEvent.click(await screen.findByRole('button', { name: 'Upload' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload clips' });
    await userEvent.upload(within(dialog).getByLabelText('Drop videos here or click to choose'), [mp4('broken.mp4')]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.instances[0]!.finish(200));
    expect(await screen.findByText('Upload error')).toBeInTheDocument();
    expect(within(dialog).getByText('This file is not a video we can read.')).toBeInTheDocument();
  });

  it('edits the tags of a clip and bulk-tags every clip with select-all', async () => {
    fakeBrandVideosApi([videoOf('a', 'Demo one'), videoOf('b', 'Demo two')]);
    await renderWithStore(<ProductDemosPage />, { preloadedState });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit tags of Demo one' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit tags' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Add a tag' }), ' Launch {Enter}');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save tags' }));
    expect(await within(screen.getByRole('listitem', { name: 'Demo one' })).findByText('#launch')).toBeInTheDocument();
    expect(sentRequests.find((c) => c.method === 'PATCH')).toMatchObject({ path: '/api/brand-videos/a/', body: { tags: ['launch'] } });

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all clips' }));
    const bar = screen.getByRole('region', { name: 'Bulk tagging' });
    expect(bar).toHaveTextContent('2 selected');
    await userEvent.type(within(bar).getByRole('textbox', { name: 'Tag for the selected clips' }), 'Summer');
    await userEvent.click(within(bar).getByRole('button', { name: 'Add tag' }));
    expect(await screen.findByText('Added “summer” to 2 clips.')).toBeInTheDocument();
    expect(sentRequests.find((c) => c.path === '/api/brand-videos/bulk_tag/')).toMatchObject({ body: { ids: ['a', 'b'], add: ['summer'] } });
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Demo two' })).getByText('#summer')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Demo two' }));
    expect(screen.getByRole('checkbox', { name: 'Select all clips' })).toHaveAttribute('data-state', 'indeterminate');
  });

  it('opens the tags of each clip afresh: a cancelled edit is dropped, and another clip shows its own', async () => {
    fakeBrandVideosApi([videoOf('a', 'Demo one', { tags: ['launch'] }), videoOf('b', 'Demo two', { tags: ['summer'] })]);
    await renderWithStore(<ProductDemosPage />, { preloadedState });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit tags of Demo one' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit tags' });
    expect(within(dialog).getByRole('button', { name: 'Remove tag launch' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Add a tag'), 'draft{Enter}');
    expect(within(dialog).getByRole('button', { name: 'Remove tag draft' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Edit tags of Demo two' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit tags' });
    expect(within(dialog).getByRole('button', { name: 'Remove tag summer' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Remove tag launch' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getByRole('button', { name: 'Edit tags of Demo one' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit tags' });
    expect(within(dialog).queryByRole('button', { name: 'Remove tag draft' })).not.toBeInTheDocument();
    expect(sentRequests.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });
});

const transcriptOf = (words: string[], language: string | null = 'english'): BrandVideoTranscript => ({
  text: words.join(' '),
  language,
  words: words.map((text, i) => ({ text, start: 0.4 + i * 0.5, end: 0.8 + i * 0.5 })),
  transcribed_at: '2026-01-02T00:00:00Z',
});

describe('transcripts of clips', () => {
  it('formats word times and language names', () => {
    expect(formatWordTime(0.44)).toBe('0:00.4');
    expect(formatWordTime(65.06)).toBe('1:05.1');
    expect(languageName('english')).toBe('English');
    expect(languageName('fr')).toBe('French');
    expect(languageName(null)).toBeNull();
  });

  it('offers no transcription when the server has none set up', async () => {
    fakeBrandVideosApi([videoOf('a', 'Big hook', { kind: 'hook' })]);
    await renderWithStore(<ProductDemosPage />, { preloadedState });
    const card = await screen.findByRole('listitem', { name: 'Big hook' });
    await waitFor(() => expect(sentRequests.some((r) => r.path === '/api/voices/')).toBe(true));
    expect(within(card).queryByRole('button', { name: /Transcri/ })).not.toBeInTheDocument();
  });

  it('transcribes a clip: progress while it runs, then its words, and Transcribe again forces a new one', async () => {
    let release!: () => void;
    const forces: boolean[] = [];
    fakeBrandVideosApi([videoOf('a', 'Big hook', { kind: 'hook' }), videoOf('b', 'Not ready', { status: 'processing', url: null })], {
      transcriptionAvailable: true,
      transcribe: async (_id, force) => {
        forces.push(force);
        if (forces.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return transcriptOf(force ? ['Stop', 'scrolling', 'now'] : ['Stop', 'scrolling']);
      },
    });
    await renderWithStore(<ProductDemosPage />, { preloadedState });
    const card = await screen.findByRole('listitem', { name: 'Big hook' });
    // only a ready clip can be transcribed
    expect(within(screen.getByRole('listitem', { name: 'Not ready' })).queryByRole('button', { name: /Transcri/ })).not.toBeInTheDocument();
    await userEvent.click(await within(card).findByRole('button', { name: 'Transcribe Big hook' }));

    const dialog = await screen.findByRole('dialog', { name: 'Transcript' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Transcribing the sound of this clip…');
    expect(within(dialog).getByRole('progressbar', { name: 'Transcribing Big hook' })).toBeInTheDocument();
    // closed while it runs: the card says so, and a second click only opens the progress again
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(within(card).getByRole('button', { name: 'Transcribing Big hook' }));
    expect(within(await screen.findByRole('dialog', { name: 'Transcript' })).getByRole('status')).toBeInTheDocument();
    expect(sentRequests.filter((r) => r.path === '/api/brand-videos/a/transcribe/')).toHaveLength(1);
    expect(sentRequests.find((r) => r.path === '/api/brand-videos/a/transcribe/')!.body).toEqual({});

    act(() => release());
    const words = await within(await screen.findByRole('dialog', { name: 'Transcript' })).findByRole('list', { name: 'Words of Big hook' });
    expect(within(words).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Stop0:00.4', 'scrolling0:00.9']);
    expect(screen.getByText('English · 2 words · 0:00.4–0:01.3')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByRole('button', { name: 'Transcript of Big hook', hidden: true })).toBeInTheDocument());
    expect(within(card).getByText('Transcript')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Transcribe again' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Words of Big hook' })).getAllByRole('listitem')).toHaveLength(3));
    expect(sentRequests.filter((r) => r.path === '/api/brand-videos/a/transcribe/').at(-1)!.body).toEqual({ force: true });
    expect(forces).toEqual([false, true]);
  });

  it('says why a transcription failed, and Try again starts it once more', async () => {
    expectConsole(/^Request failed: POST \/api\/brand-videos\/a\/transcribe\//);
    let calls = 0;
    fakeBrandVideosApi([videoOf('a', 'Quiet hook', { kind: 'hook' })], {
      transcriptionAvailable: true,
      transcribe: async () =>
        ++calls === 1 ? apiError(502, { detail: 'The transcription service failed (500: The server had an error while processing your request.)', code: 'transcription_failed' }) : transcriptOf([]),
    });
    await renderWithStore(<ProductDemosPage />, { preloadedState });
    await userEvent.click(await screen.findByRole('button', { name: 'Transcribe Quiet hook' }));
    const alert = await within(await screen.findByRole('dialog', { name: 'Transcript' })).findByRole('alert');
    expect(alert).toHaveTextContent('The clip could not be transcribed. The transcription service failed (500: The server had an error while processing your request.)');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No words were heard in this clip.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a stored transcript without asking again, and without Transcribe again where the server cannot', async () => {
    fakeBrandVideosApi([videoOf('a', 'Said hook', { kind: 'hook', transcript: transcriptOf(['مرحبا', 'بالعالم'], 'ar') })]);
    await renderWithStore(<ProductDemosPage />, { preloadedState });
    await userEvent.click(await screen.findByRole('button', { name: 'Transcript of Said hook' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transcript' });
    expect(within(within(dialog).getByRole('list', { name: 'Words of Said hook' })).getAllByRole('listitem')).toHaveLength(2);
    expect(within(dialog).getByText(/^Arabic · 2 words/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Transcribe again' })).not.toBeInTheDocument();
    expect(sentRequests.some((r) => r.path.endsWith('/transcribe/'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
