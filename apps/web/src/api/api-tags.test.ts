import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '@/app/store';
import { jsonResponse } from '@/test/render';
import { api } from './api';

const page = { count: 0, next: null, previous: null, results: [] };
const preloadedState = { ui: { modal: { name: null, isOpen: false, isCloseable: true }, currentTeam: { id: 1, slug: 'acme', name: 'Acme' } as never, isInitialDataFetched: true } };

/** Every request the store makes, answered: lists with an empty page, anything else with {}. */
function recordRequests() {
  const seen: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      seen.push(`${input.method} ${url.pathname}`);
      if (input.method === 'GET') return jsonResponse(page);
      return jsonResponse({ id: 1, job_id: 'j', total: 1, video_ids: [], render_job_id: 'r', texts: [], provider: 'template', credits_spent: 0 }, input.method === 'POST' ? 201 : 200);
    }),
  );
  return seen;
}
afterEach(() => vi.unstubAllGlobals());

/** Subscribes to a list, runs a mutation, and tells whether the list was fetched again. */
async function refetches(list: () => unknown, mutate: () => unknown, path: string): Promise<boolean> {
  const seen = recordRequests();
  const store = createStore(preloadedState);
  const sub = store.dispatch(list() as never) as unknown as { unsubscribe(): void };
  await vi.waitFor(() => expect(seen.filter((s) => s === `GET ${path}`)).toHaveLength(1));
  await (store.dispatch(mutate() as never) as unknown as Promise<unknown>);
  await new Promise((r) => setTimeout(r, 50));
  sub.unsubscribe();
  return seen.filter((s) => s === `GET ${path}`).length === 2;
}

describe('cache tags come from the OpenAPI document (spec section 3 tag types)', () => {
  it('creating a context refetches the contexts list (tag api)', async () => {
    expect(await refetches(() => api.endpoints.getApiContexts.initiate({}), () => api.endpoints.postApiContexts.initiate({ contextRequest: { name: 'x' } }), '/api/contexts/')).toBe(true);
  });

  it('tagging clips refetches the brand videos list (tag Brand Videos)', async () => {
    expect(await refetches(() => api.endpoints.getApiBrandVideos.initiate({}), () => api.endpoints.postApiBrandVideosBulkTag.initiate({ bulkTagRequest: { ids: [], add: ['x'] } } as never), '/api/brand-videos/')).toBe(true);
  });

  it('cancelling a render refetches the text wall and composite lists', async () => {
    expect(await refetches(() => api.endpoints.getApiTextWallVideos.initiate({}), () => api.endpoints.postApiRemotionRenderJobsByIdCancel.initiate({ id: 'r', body: {} } as never), '/api/text-wall-videos/')).toBe(true);
    expect(await refetches(() => api.endpoints.getApiCompositeVideos.initiate({}), () => api.endpoints.postApiTextWallVideosBulkCreate.initiate({ bulkVideoJobCreateRequest: { texts: ['a'] } } as never), '/api/composite-videos/')).toBe(true);
  });

  it('logging in refetches nothing', async () => {
    expect(await refetches(() => api.endpoints.getApiContexts.initiate({}), () => api.endpoints.postApiAuthLogin.initiate({ loginRequest: { email: 'a@example.com', password: 'x' } } as never), '/api/contexts/')).toBe(false);
  });
});
