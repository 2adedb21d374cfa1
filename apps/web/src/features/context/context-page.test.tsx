import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Context } from '@/api/api';
import { currentTeamSet } from '@/app/ui-slice';
import { ModalRoot } from '@/features/modals';
import { expectConsole } from '@/test/console';
import { makeContext, makeTeam, page } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { splitContextContent } from './create-product-context-form';
import { ContextPage, firstLine, formatUpdated } from './context-page';

const team = makeTeam({ id: 1, slug: 'acme', name: 'Acme' });
const preloadedState = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: team, isInitialDataFetched: true } };

/** A tiny in-memory /api/contexts/ behind MSW; every request lands in `sentRequests`. */
function fakeContextsApi(initial: Context[], { failList = 0 }: { failList?: number } = {}) {
  let contexts = [...initial];
  let failures = failList;
  server.use(
    apiHandler('get', '/api/contexts/', ({ request }) => {
      // like the server: the contexts belong to the first team; another team has none
      if (request.headers.get('x-team-slug') === 'other') return HttpResponse.json(page([]));
      if (failures > 0) {
        failures -= 1;
        return apiError(500, { detail: 'Database unavailable' });
      }
      const search = new URL(request.url).searchParams.get('search')?.toLowerCase();
      return HttpResponse.json(page(contexts.filter((c) => !search || c.name.toLowerCase().includes(search) || c.content.toLowerCase().includes(search))));
    }),
    apiHandler('post', '/api/contexts/', ({ body }) => {
      const created = { ...makeContext(contexts.length + 100, body.name, body.content ?? ''), type: body.type ?? 'product' };
      contexts = [created, ...contexts];
      return HttpResponse.json(created, { status: 201 });
    }),
    apiHandler('put', '/api/contexts/{id}/', ({ params, body }) => {
      const id = Number(params.id);
      contexts = contexts.map((c) => (c.id === id ? { ...c, ...body, updated_at: new Date().toISOString() } : c));
      const updated = contexts.find((c) => c.id === id);
      return updated ? HttpResponse.json(updated) : apiError(404, { detail: 'Not found.' });
    }),
    apiHandler('delete', '/api/contexts/{id}/', ({ params }) => {
      contexts = contexts.filter((c) => c.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

async function renderPage(path = '/') {
  return renderWithStore(
    <>
      <ContextPage />
      <ModalRoot />
    </>,
    { preloadedState, path },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('context helpers', () => {
  it('shows the first non-empty line and a relative update time', () => {
    expect(firstLine('\n  First \nsecond')).toBe('First');
    expect(firstLine('')).toBe('');
    const now = Date.parse('2026-03-10T12:00:00Z');
    expect(formatUpdated('2026-03-10T11:59:30Z', now)).toBe('just now');
    expect(formatUpdated('2026-03-10T11:55:00Z', now)).toBe('5 minutes ago');
    expect(formatUpdated('2026-03-09T12:00:00Z', now)).toBe('yesterday');
    expect(formatUpdated('2026-01-02T12:00:00Z', now)).toBe('Jan 2, 2026');
  });

  it('splits saved content back into the two fields', () => {
    expect(splitContextContent('Does X\n\nWhat makes it special:\n- fast')).toEqual({ content: 'Does X', specialFeatures: '- fast' });
    expect(splitContextContent('Does X')).toEqual({ content: 'Does X', specialFeatures: '' });
  });
});

describe('context page', () => {
  it('keeps search, type, order and page in the URL, so a reload or a shared link shows the same list', async () => {
    const many = Array.from({ length: 45 }, (_, i) => makeContext(i + 1, `Kettle ${i + 1}`));
    fakeContextsApi(many);
    const { router } = await renderPage('/?q=Kettle&type=general&ordering=name&page=2');
    expect(await screen.findByRole('navigation', { name: 'Pages' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText(/search/i)).toHaveValue('Kettle');
    const sent = sentRequests.find((c) => c.method === 'GET' && c.path === '/api/contexts/')!.params;
    expect([sent.get('search'), sent.get('type'), sent.get('ordering'), sent.get('page')]).toEqual(['Kettle', 'general', 'name', '2']);
    // a malformed parameter falls back to the default instead of breaking the page
    await act(() => router.navigate({ to: '/', search: { page: 'abc', ordering: 'drop table' } }));
    await waitFor(() => expect(sentRequests.some((c) => c.params.get('ordering') === '-updated_at' && c.params.get('page') === '1')).toBe(true));
  });

  it('lists contexts with name, type badge, first line and update time, for the current team', async () => {
    fakeContextsApi([makeContext(1, 'Hookwall'), makeContext(2, 'Other product', 'Sells socks')]);
    await renderPage();
    const row = await screen.findByRole('listitem', { name: 'Hookwall' });
    expect(within(row).getByText('product')).toBeInTheDocument();
    expect(within(row).getByText('Helps teams ship ads')).toBeInTheDocument();
    expect(within(row).queryByText('Second line')).not.toBeInTheDocument();
    expect(within(row).getByText('just now')).toBeInTheDocument();
    expect(sentRequests[0]).toMatchObject({ method: 'GET', path: '/api/contexts/' });
    expect(sentRequests[0]!.headers.get('x-team-slug')).toBe('acme');
    expect(sentRequests[0]!.params.get('ordering')).toBe('-updated_at');
  });

  it('switching teams loads the other team\'s contexts, never the cached list of the first', async () => {
    fakeContextsApi([makeContext(1, 'Hookwall')]);
    const { store } = await renderPage();
    await screen.findByRole('listitem', { name: 'Hookwall' });
    act(() => {
      store.dispatch(currentTeamSet(makeTeam({ id: 2, slug: 'other', name: 'Other' })));
    });
    expect(await screen.findByText('No product context yet')).toBeInTheDocument();
    expect(sentRequests.at(-1)).toMatchObject({ method: 'GET', path: '/api/contexts/' });
    expect(sentRequests.at(-1)!.headers.get('x-team-slug')).toBe('other');
  });

  it('searches by name or content', async () => {
    fakeContextsApi([makeContext(1, 'Hookwall'), makeContext(2, 'Socks', 'Warm feet')]);
    await renderPage();
    await screen.findByRole('listitem', { name: 'Socks' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search contexts' }), 'warm');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Hookwall' })).not.toBeInTheDocument());
    expect(screen.getByRole('listitem', { name: 'Socks' })).toBeInTheDocument();
    expect(sentRequests.at(-1)!.params.get('search')).toBe('warm');
  });

  it('shows an empty state whose one action opens the Create Product Context modal; saving closes it and refetches the list', async () => {
    fakeContextsApi([]);
    await renderPage();
    const empty = await screen.findByText('No product context yet');
    expect(screen.queryByRole('button', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Search contexts' })).not.toBeInTheDocument();
    await userEvent.click(within(empty.parentElement!).getByRole('button', { name: 'New product context' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Create a new product context');
    expect(within(dialog).getByRole('heading', { name: 'Product Context' })).toBeInTheDocument();
    await userEvent.type(within(dialog).getByPlaceholderText('Your product name'), 'Hookwall');
    await userEvent.type(within(dialog).getByPlaceholderText('Your product helps X solve Y by doing Z'), 'Makes ads');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product context created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('listitem', { name: 'Hookwall' })).toBeInTheDocument();
    expect(sentRequests.filter((c) => c.method === 'GET')).toHaveLength(2);
    const post = sentRequests.find((c) => c.method === 'POST');
    expect(post).toMatchObject({ path: '/api/contexts/', body: { name: 'Hookwall', type: 'product', content: 'Makes ads' } });
    expect(post!.headers.get('x-team-slug')).toBe('acme');
  });

  it('edits a context in the same form, with its special features split out again', async () => {
    fakeContextsApi([makeContext(1, 'Hookwall', 'Makes ads\n\nWhat makes it special:\n- fast')]);
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Hookwall' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByPlaceholderText('Your product helps X solve Y by doing Z')).toHaveValue('Makes ads');
    const features = within(dialog).getByPlaceholderText('You can put bullet points if you want');
    expect(features).toHaveValue('- fast');
    await userEvent.type(features, '\n- cheap');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product context updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentRequests.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/contexts/1/', body: { name: 'Hookwall', type: 'product', content: 'Makes ads\n\nWhat makes it special:\n- fast\n- cheap' } });
  });

  it('deletes only after the confirmation', async () => {
    fakeContextsApi([makeContext(1, 'Hookwall'), makeContext(2, 'Socks')]);
    await renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Socks' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this context?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sentRequests.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Socks' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Delete this context?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Socks' })).not.toBeInTheDocument());
    expect(sentRequests.find((c) => c.method === 'DELETE')).toMatchObject({ path: '/api/contexts/2/' });
    expect(screen.getByRole('listitem', { name: 'Hookwall' })).toBeInTheDocument();
  });

  it('shows an error with Retry that loads the list', async () => {
    // the client logs every failed request (api/base-api.ts)
    expectConsole(/^Request failed: GET \/api\/contexts\//);
    fakeContextsApi([makeContext(1, 'Hookwall')], { failList: 1 });
    await renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load your contexts.');
    await userEvent.click(within(alert).getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('listitem', { name: 'Hookwall' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(sentRequests.filter((r) => r.method === 'GET' && r.path === '/api/contexts/')).toHaveLength(2);
  });

  it('downloads the CSV with the token and the team header', async () => {
    fakeContextsApi([makeContext(1, 'Hookwall')]);
    const csv = '\uFEFFid,name\n1,Hookwall\n';
    server.use(apiHandler('get', '/api/contexts/download_csv/', () => new HttpResponse(csv, { headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="contexts.csv"' } })));
    const saved: Blob[] = [];
    // spies on URL's own functions, put back after the test (assigning them would change URL for good)
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (saved.push(blob as Blob), 'blob:csv'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const downloads: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    });
    window.localStorage.setItem('accessToken', 'tok');
    await renderPage();
    await screen.findByRole('listitem', { name: 'Hookwall' });
    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const download = sentRequests.find((r) => r.path === '/api/contexts/download_csv/')!;
    expect(download.method).toBe('GET');
    expect(download.headers.get('authorization')).toBe('Bearer tok');
    expect(download.headers.get('x-team-slug')).toBe('acme');
    // the file the server sent is what is saved, under the server's name
    expect(downloads).toEqual([{ href: 'blob:csv', download: 'contexts.csv' }]);
    expect([...new Uint8Array(await saved[0]!.arrayBuffer())]).toEqual([...new TextEncoder().encode(csv)]);
  });
});
