import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MusicTrack } from '@/api/api';
import { expectConsole } from '@/test/console';
import { makeTeam, makeTrack, page } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { MusicPage } from './music-page';

const stateFor = (isAdmin: boolean) => ({ ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: makeTeam({ id: 1, slug: 'acme', name: 'Acme', is_admin: isAdmin }), isInitialDataFetched: true } });

/** An XMLHttpRequest whose progress and answer the test gives. */
class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  status = 0;
  responseText = '';
  body: unknown;
  upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
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
    if (loaded >= total) this.upload.onload?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

function audioFile(name: string, size = 1000) {
  const file = new File(['x'], name, { type: 'audio/mpeg' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** An in-memory /api/music-tracks/ behind MSW. */
function fakeTracksApi(initial: MusicTrack[]) {
  let tracks = [...initial];
  server.use(
    apiHandler('get', '/api/music-tracks/', ({ request }) => {
      const search = new URL(request.url).searchParams.get('search')?.toLowerCase();
      return HttpResponse.json(page(tracks.filter((t) => !search || t.name.toLowerCase().includes(search))));
    }),
    apiHandler('patch', '/api/music-tracks/{id}/', ({ params, body }) => {
      tracks = tracks.map((t) => (t.id === params.id ? { ...t, name: body.name ?? t.name } : t));
      return HttpResponse.json(tracks.find((t) => t.id === params.id)!);
    }),
    apiHandler('delete', '/api/music-tracks/{id}/', ({ params }) => {
      tracks = tracks.filter((t) => t.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { add: (track: MusicTrack) => (tracks = [track, ...tracks]) };
}

let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  window.localStorage.setItem('accessToken', 'token');
  play = vi.fn(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the Music page', () => {
  it('invites the first upload when the team has no music; a read-only member is told whom to ask', async () => {
    fakeTracksApi([]);
    const { unmount } = await renderWithStore(<MusicPage />, { preloadedState: stateFor(true) });
    expect(await screen.findByRole('heading', { name: 'Add your first track' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /Upload music/ })).toHaveLength(2);
    unmount();
    await renderWithStore(<MusicPage />, { preloadedState: stateFor(false) });
    expect(await screen.findByText('Ask an admin of your team to upload some.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Upload music/ })).not.toBeInTheDocument();
  });

  it('lists the tracks with their length; one plays at a time, and its button says what it does', async () => {
    fakeTracksApi([makeTrack('t1', 'Upbeat', { duration_seconds: 125 }), makeTrack('t2', 'Calm piano')]);
    await renderWithStore(<MusicPage />, { preloadedState: stateFor(false) });
    const list = await screen.findByRole('list', { name: 'Tracks' });
    const upbeat = within(list).getByRole('listitem', { name: 'Upbeat' });
    expect(upbeat).toHaveTextContent('2:05');
    // read-only: no rename or delete
    expect(within(list).queryByRole('button', { name: /Rename/ })).not.toBeInTheDocument();
    await userEvent.click(within(upbeat).getByRole('button', { name: 'Play Upbeat' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(within(upbeat).getByRole('button', { name: 'Pause Upbeat' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(within(list).getByRole('button', { name: 'Play Calm piano' }));
    expect(within(upbeat).getByRole('button', { name: 'Play Upbeat' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Pause Calm piano' })).toBeInTheDocument();
  });

  it('uploads a track with a progress bar, then lists it; a file the server refuses shows its reason', async () => {
    const api = fakeTracksApi([]);
    await renderWithStore(<MusicPage />, { preloadedState: stateFor(true) });
    await userEvent.click((await screen.findAllByRole('button', { name: /Upload music/ }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Upload music' });
    await userEvent.upload(within(dialog).getByLabelText('Drop audio files here or click to choose'), [audioFile('Summer.mp3', 4000), audioFile('playlist.mp3', 100)]);

    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const first = FakeXhr.instances[0]!;
    expect(first).toMatchObject({ method: 'POST', url: '/api/music-tracks/', headers: { Authorization: 'Bearer token', 'X-Team-Slug': 'acme' } });
    expect((first.body as FormData).get('file')).toBeInstanceOf(File);
    act(() => first.progress(1000, 4000));
    expect(within(dialog).getByRole('progressbar', { name: 'Uploading Summer.mp3' })).toHaveAttribute('aria-valuenow', '25');
    // all sent: the server checks and converts it
    act(() => first.progress(4000, 4000));
    expect(within(dialog).getByText(/Checking and evening out the loudness/)).toBeInTheDocument();
    const summer = makeTrack('t9', 'Summer');
    api.add(summer);
    act(() => first.answer(201, summer));
    expect(await within(dialog).findByText('Added')).toBeInTheDocument();

    // the second, one after the other: refused with the API's reason
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
    act(() => FakeXhr.instances[1]!.answer(400, { file: ['This is a playlist, which only lists other files. Upload the audio file itself (MP3, M4A, WAV, OGG or FLAC).'] }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This is a playlist, which only lists other files.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('listitem', { name: 'Summer' })).toBeInTheDocument();
  });

  it('cancels an upload under way', async () => {
    fakeTracksApi([]);
    await renderWithStore(<MusicPage />, { preloadedState: stateFor(true) });
    await userEvent.click((await screen.findAllByRole('button', { name: /Upload music/ }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Upload music' });
    await userEvent.upload(within(dialog).getByLabelText('Drop audio files here or click to choose'), audioFile('Long.wav'));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Long.wav' }));
    expect(await within(dialog).findByText('Cancelled')).toBeInTheDocument();
  });

  it('renames a track (the list shows it at once) and deletes one after asking', async () => {
    fakeTracksApi([makeTrack('t1', 'Upbeat'), makeTrack('t2', 'Calm piano')]);
    await renderWithStore(<MusicPage />, { preloadedState: stateFor(true) });
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Upbeat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename track' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveFocus();
    await userEvent.clear(name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Name the track.');
    await userEvent.type(name, 'Upbeat 🎵 مرحبا{Enter}');
    expect(await screen.findByRole('listitem', { name: 'Upbeat 🎵 مرحبا' })).toBeInTheDocument();
    expect(sentRequests.find((r) => r.method === 'PATCH')).toMatchObject({ path: '/api/music-tracks/t1/', body: { name: 'Upbeat 🎵 مرحبا' } });

    await userEvent.click(screen.getByRole('button', { name: 'Delete Calm piano' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this track?' });
    expect(confirm).toHaveTextContent('rendering one that uses it again fails until you choose other music');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Calm piano' })).not.toBeInTheDocument());
    expect(sentRequests.find((r) => r.method === 'DELETE')?.path).toBe('/api/music-tracks/t2/');
  });

  it('a list that does not load says so, with Retry', async () => {
    expectConsole(/Request failed/);
    server.use(apiHandler('get', '/api/music-tracks/', apiError(500, { detail: 'Server error.' })));
    await renderWithStore(<MusicPage />, { preloadedState: stateFor(true) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your music.');
    fakeTracksApi([makeTrack('t1', 'Upbeat')]);
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Upbeat' })).toBeInTheDocument();
  });
});
