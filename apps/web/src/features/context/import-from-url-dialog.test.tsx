import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Context } from '@/api/api';
import { ModalRoot } from '@/features/modals';
import { expectConsole } from '@/test/console';
import { makeContext, makeTeam, page } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server, type ApiErrorReply } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { ContextPage } from './context-page';
import { normalizeProductUrl } from './import-from-url-dialog';

const team = makeTeam({ id: 1, slug: 'acme', name: 'Acme' });
const preloadedState = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: team, isInitialDataFetched: true } };

const IMPORTED = { ...makeContext(7, 'AquaPure Bottle 💧', 'Keeps drinks cold for 24 hours.\n\nBrand: Acme.\nPrice: 29.90 EUR.\n\nWhat makes it special:\n- Leak-proof lid'), type: 'product' };

/** The contexts list and the import, as the server answers them; `answer` replaces the import's answer. */
function fakeApi(initial: Context[], answer?: () => Promise<ApiErrorReply | null> | ApiErrorReply | null) {
  let contexts = [...initial];
  server.use(
    apiHandler('get', '/api/contexts/', () => HttpResponse.json(page(contexts))),
    apiHandler('post', '/api/contexts/from_url/', async () => {
      const refusal = answer ? await answer() : null;
      if (refusal) return refusal;
      contexts = [IMPORTED, ...contexts];
      return HttpResponse.json(IMPORTED, { status: 201 });
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

const imports = () => sentRequests.filter((r) => r.method === 'POST' && r.path === '/api/contexts/from_url/');

async function openImport() {
  await userEvent.click(await screen.findByRole('button', { name: 'Import from a URL' }));
  return screen.findByRole('dialog', { name: 'Import from a URL' });
}

describe('normalizeProductUrl', () => {
  it('reads an address without a scheme as https, and refuses what is not a web address', () => {
    expect(normalizeProductUrl('  https://shop.example/p?id=1 ')).toEqual({ url: 'https://shop.example/p?id=1' });
    expect(normalizeProductUrl('shop.example/products/bottle')).toEqual({ url: 'https://shop.example/products/bottle' });
    expect(normalizeProductUrl('localhost:8080/p')).toEqual({ url: 'https://localhost:8080/p' });
    expect(normalizeProductUrl('http://shop.example/')).toEqual({ url: 'http://shop.example/' });
    expect(normalizeProductUrl('')).toEqual({ error: 'Enter the address of a product page.' });
    expect(normalizeProductUrl('ftp://shop.example/file')).toEqual({ error: 'Enter a web address that starts with http:// or https://.' });
    expect(normalizeProductUrl('javascript:alert(1)')).toEqual({ error: 'Enter a web address that starts with http:// or https://.' });
    expect(normalizeProductUrl('https://exa mple.com')).toEqual({ error: 'Enter a web address, such as https://example.com/product.' });
    expect(normalizeProductUrl(`https://shop.example/${'a'.repeat(2048)}`)).toEqual({ error: 'A URL has at most 2048 characters.' });
  });
});

describe('Import from a URL', () => {
  it('imports a page with progress shown, then opens the new context in the editor at the top of the unfiltered list', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    fakeApi([makeContext(1, 'Hookwall')], async () => {
      await released;
      return null;
    });
    const { router } = await renderPage('/?q=hook&type=general');
    const dialog = await openImport();
    const input = within(dialog).getByRole('textbox', { name: 'Product page URL' });
    expect(input).toHaveFocus();
    await userEvent.type(input, 'shop.example/products/bottle{Enter}');
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Fetching the page and reading it…');
    expect(within(dialog).getByRole('progressbar', { name: 'Importing the page' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Importing...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Context imported')).toBeInTheDocument();
    expect(screen.getByText('“AquaPure Bottle 💧” was made from the page. Check it, then save any changes.')).toBeInTheDocument();
    // the editor shows what was imported, its features in their own field
    const editor = await screen.findByRole('dialog', { name: 'Edit product context' });
    expect(within(editor).getByPlaceholderText('Your product name')).toHaveValue('AquaPure Bottle 💧');
    expect(within(editor).getByPlaceholderText('Your product helps X solve Y by doing Z')).toHaveValue('Keeps drinks cold for 24 hours.\n\nBrand: Acme.\nPrice: 29.90 EUR.');
    expect(within(editor).getByPlaceholderText('You can put bullet points if you want')).toHaveValue('- Leak-proof lid');
    expect(screen.queryByRole('dialog', { name: 'Import from a URL' })).not.toBeInTheDocument();
    expect(imports()).toHaveLength(1);
    expect(imports()[0]!.body).toEqual({ url: 'https://shop.example/products/bottle' });
    expect(imports()[0]!.headers.get('x-team-slug')).toBe('acme');
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it("shows the server's reason under the field and keeps the dialog open to fix it", async () => {
    expectConsole(/^Request failed: POST \/api\/contexts\/from_url\//);
    let refusals = 1;
    fakeApi([makeContext(1, 'Hookwall')], () =>
      refusals-- > 0 ? apiError(400, { url: ['This address is on a private network; only public web pages can be imported.'] }) : null,
    );
    await renderPage();
    const dialog = await openImport();
    const input = within(dialog).getByRole('textbox', { name: 'Product page URL' });
    await userEvent.type(input, 'http://10.0.0.1/admin');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    const error = await within(dialog).findByText('This address is on a private network; only public web pages can be imported.');
    expect(error).toHaveAttribute('role', 'alert');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('This address is on a private network; only public web pages can be imported.');
    expect(input).toHaveFocus();
    expect(input).toHaveValue('http://10.0.0.1/admin');
    // typing clears the error; a second try succeeds
    await userEvent.clear(input);
    await userEvent.type(input, 'https://shop.example/bottle');
    expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await screen.findByRole('dialog', { name: 'Edit product context' })).toBeInTheDocument();
    expect(imports().map((r) => r.body)).toEqual([{ url: 'http://10.0.0.1/admin' }, { url: 'https://shop.example/bottle' }]);
  });

  it('checks the address before sending: blank or not a web address sends nothing', async () => {
    fakeApi([makeContext(1, 'Hookwall')]);
    await renderPage();
    const dialog = await openImport();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('Enter the address of a product page.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Product page URL' }), 'file:///etc/passwd{Enter}');
    expect(await within(dialog).findByText('Enter a web address that starts with http:// or https://.')).toBeInTheDocument();
    expect(imports()).toEqual([]);
  });

  it('says what happened when the import is refused for another reason (throttled, network)', async () => {
    expectConsole(/^Request failed: POST \/api\/contexts\/from_url\//);
    fakeApi([makeContext(1, 'Hookwall')], () => apiError(429, { detail: 'Request was throttled. Expected available in 42 seconds.', code: 'throttled' }));
    await renderPage();
    const dialog = await openImport();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Product page URL' }), 'https://shop.example/bottle{Enter}');
    expect(await within(dialog).findByText('Request was throttled. Expected available in 42 seconds.')).toHaveAttribute('role', 'alert');
    expect(within(dialog).getByRole('button', { name: 'Import' })).toBeEnabled();
  });

  it('is offered from the empty state too, and closes with Escape or Cancel without sending anything', async () => {
    fakeApi([]);
    await renderPage();
    const empty = await screen.findByText('No product context yet');
    await userEvent.click(within(empty.parentElement!).getByRole('button', { name: 'Import from a URL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import from a URL' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Product page URL' }), 'https://shop.example/');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // the page header offers it as well
    await userEvent.click(screen.getAllByRole('button', { name: 'Import from a URL' })[0]!);
    const again = await screen.findByRole('dialog', { name: 'Import from a URL' });
    await userEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(imports()).toEqual([]);
  });
});
