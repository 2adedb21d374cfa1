import { HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '@/app/store';
import { makeContext, makeTeam, page } from '@/test/fixtures';
import { apiHandler, sentRequests, server } from '@/test/msw';
import { api } from './api';

const preloadedState = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: makeTeam({ id: 1, slug: 'acme', name: 'Acme' }), isInitialDataFetched: true } };

const renderJob = {
  id: 'r',
  composition_id: 'text-wall',
  input_props: {},
  target_type: 'text_wall_video',
  target_id: 'v1',
  status: 'cancelled',
  progress: 0,
  engine: 'fast',
  output_url: null,
  thumbnail_url: null,
  captions_url: null,
  error: null,
  attempts: 1,
  created_at: '2026-01-01T00:00:00Z',
  started_at: null,
  finished_at: '2026-01-01T00:00:01Z',
  render_ms: null,
} as const;

// the lists answer an empty page; the mutations what the API answers them
beforeEach(() => {
  server.use(
    apiHandler('get', '/api/contexts/', page([])),
    apiHandler('get', '/api/brand-videos/', page([])),
    apiHandler('get', '/api/text-wall-videos/', page([])),
    apiHandler('get', '/api/composite-videos/', page([])),
    apiHandler('post', '/api/contexts/', ({ body }) => HttpResponse.json({ ...makeContext(1, body.name), content: body.content ?? '' }, { status: 201 })),
    apiHandler('post', '/api/brand-videos/bulk_tag/', ({ body }) => HttpResponse.json({ updated: body.ids.length })),
    apiHandler('post', '/api/remotion-render-jobs/{id}/cancel/', renderJob),
    apiHandler('post', '/api/text-wall-videos/bulk_create/', () => HttpResponse.json({ job_id: 'j', total: 1, video_ids: ['v1'] }, { status: 202 })),
    apiHandler('post', '/api/auth/login/', { status: 'otp_required', detail: 'Enter your code.', temp_otp_token: 't' }),
  );
});

/** Subscribes to a list, runs a mutation, and tells whether the list was fetched again. */
async function refetches(list: () => unknown, mutate: () => unknown, path: string): Promise<boolean> {
  const from = sentRequests.length;
  const fetches = () => sentRequests.slice(from).filter((r) => r.method === 'GET' && r.path === path);
  const store = createStore(preloadedState);
  const sub = store.dispatch(list() as never) as unknown as { unsubscribe(): void };
  await vi.waitFor(() => expect(fetches()).toHaveLength(1));
  const result = (await (store.dispatch(mutate() as never) as unknown as Promise<{ error?: unknown }>)) ?? {};
  expect(result.error).toBeUndefined();
  await new Promise((r) => setTimeout(r, 50));
  sub.unsubscribe();
  return fetches().length === 2;
}

describe('cache tags come from the OpenAPI document (the client tag types)', () => {
  it('creating a context refetches the contexts list (tag api)', async () => {
    expect(await refetches(() => api.endpoints.getApiContexts.initiate({}), () => api.endpoints.postApiContexts.initiate({ contextRequest: { name: 'x' } }), '/api/contexts/')).toBe(true);
  });

  it('tagging clips refetches the brand videos list (tag Brand Videos)', async () => {
    expect(await refetches(() => api.endpoints.getApiBrandVideos.initiate({}), () => api.endpoints.postApiBrandVideosBulkTag.initiate({ brandVideoBulkTagRequest: { ids: [], add: ['x'] } }), '/api/brand-videos/')).toBe(true);
  });

  it('cancelling a render refetches the text wall and composite lists', async () => {
    expect(await refetches(() => api.endpoints.getApiTextWallVideos.initiate({}), () => api.endpoints.postApiRemotionRenderJobsByIdCancel.initiate({ id: 'r', body: {} }), '/api/text-wall-videos/')).toBe(true);
    expect(await refetches(() => api.endpoints.getApiCompositeVideos.initiate({}), () => api.endpoints.postApiRemotionRenderJobsByIdCancel.initiate({ id: 'r', body: {} }), '/api/composite-videos/')).toBe(true);
  });

  it('starting a bulk job refetches the text wall and composite lists', async () => {
    const bulkCreate = () => api.endpoints.postApiTextWallVideosBulkCreate.initiate({ bulkVideoJobCreateRequest: { texts: ['a'] } });
    expect(await refetches(() => api.endpoints.getApiTextWallVideos.initiate({}), bulkCreate, '/api/text-wall-videos/')).toBe(true);
    expect(await refetches(() => api.endpoints.getApiCompositeVideos.initiate({}), bulkCreate, '/api/composite-videos/')).toBe(true);
  });

  it('logging in refetches nothing', async () => {
    expect(await refetches(() => api.endpoints.getApiContexts.initiate({}), () => api.endpoints.postApiAuthLogin.initiate({ loginRequest: { email: 'a@example.com', password: 'x' } }), '/api/contexts/')).toBe(false);
  });
});
