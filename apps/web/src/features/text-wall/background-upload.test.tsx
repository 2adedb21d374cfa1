import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page } from '@/test/fixtures';
import { apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { BackgroundsStep } from './backgrounds-step';
import { makeBackground, readState, StepHarness } from './test-harness';

/** The browser's PUT to the storage, driven by the test (progress, then the answer). */
class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  status = 0;
  responseText = '';
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
  setRequestHeader() {}
  send() {}
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

beforeEach(() => {
  FakeXhr.instances = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

function mp4(name: string, size: number) {
  const file = new File(['x'], name, { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function fakeApi() {
  const uploaded = makeBackground('bg-new', 'Beach walk', { is_builtin: false, status: 'pending_upload' });
  server.use(
    apiHandler('get', '/api/brand-videos/', page([])),
    apiHandler('post', '/api/text-wall-background-videos/', ({ body }) => HttpResponse.json({ ...uploaded, name: body.name ?? '', filename: body.filename, size: body.size }, { status: 201 })),
    apiHandler('post', '/api/text-wall-background-videos/{id}/upload_url/', ({ params }) =>
      HttpResponse.json({ upload_url: `/media/upload/?token=${params.id}`, method: 'PUT', headers: { 'Content-Type': 'video/mp4' }, expires_at: '2026-01-01T00:15:00Z' }),
    ),
    apiHandler('post', '/api/text-wall-background-videos/{id}/confirm_upload/', () => HttpResponse.json({ ...uploaded, status: 'ready' })),
  );
}

describe('uploading a background in the backgrounds step', () => {
  it('shows the progress, then chooses the background once it is ready', async () => {
    fakeApi();
    await renderWithStore(
      <StepHarness>
        {(state, dispatch) => <BackgroundsStep teamSlug="acme" backgrounds={[]} isLoading={false} backgroundIds={state.backgroundIds} style={state.style} dispatch={dispatch} />}
      </StepHarness>,
    );
    await userEvent.upload(screen.getByLabelText('Background video file'), mp4('Beach walk.mp4', 1000));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(FakeXhr.instances[0]).toMatchObject({ method: 'PUT', url: '/media/upload/?token=bg-new' });
    expect(sentRequests.find((r) => r.path === '/api/text-wall-background-videos/' && r.method === 'POST')?.body).toEqual({ name: 'Beach walk', filename: 'Beach walk.mp4', content_type: 'video/mp4', size: 1000 });
    expect(screen.getByRole('button', { name: 'Upload a background' })).toBeDisabled();

    act(() => FakeXhr.instances[0]!.progress(400, 1000));
    expect(screen.getByRole('progressbar', { name: 'Uploading Beach walk.mp4' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('40%')).toBeInTheDocument();
    act(() => FakeXhr.instances[0]!.finish(200));

    expect(await screen.findByText('Beach walk is chosen for your videos.')).toBeInTheDocument();
    expect(readState(screen.getByLabelText('Builder state')).backgroundIds).toEqual(['bg-new']);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload a background' })).toBeEnabled();
  });

  it('refuses a file that is not a video before uploading anything', async () => {
    fakeApi();
    await renderWithStore(
      <StepHarness>
        {(state, dispatch) => <BackgroundsStep teamSlug="acme" backgrounds={[]} isLoading={false} backgroundIds={state.backgroundIds} style={state.style} dispatch={dispatch} />}
      </StepHarness>,
    );
    await userEvent.upload(screen.getByLabelText('Background video file'), new File(['x'], 'notes.txt', { type: 'text/plain' }), { applyAccept: false });
    expect(await screen.findByText('File type not supported')).toBeInTheDocument();
    expect(sentRequests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(FakeXhr.instances).toHaveLength(0);
  });
});
