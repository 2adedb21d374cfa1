import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrandFont, BrandKit } from '@/api/api';
import { expectConsole } from '@/test/console';
import { makeBrandKit as makeKit, makeContext, makeTeam, page } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { BrandPage } from './brand-page';
import { looksLikeUrl, requestOf, emptyForm, validate } from './kit-form';

const team = makeTeam({ id: 1, slug: 'acme', name: 'Acme' });
const preloadedState = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: team, isInitialDataFetched: true } };

const font: BrandFont = {
  id: 'f0000000-0000-4000-8000-000000000001',
  family: 'Acme Grotesk',
  weight: 700,
  style: 'normal',
  format: 'woff2',
  preview_url: '/media/files/?token=preview',
  file_url: '/media/files/?token=file',
  created_at: '2026-11-01T10:00:00Z',
};

/** An in-memory /api/brand-kits/ and /api/brand-fonts/ behind MSW. */
function fakeBrandApi(initial: BrandKit[], { fonts = [] as BrandFont[], failList = 0 } = {}) {
  let kits = [...initial];
  let failures = failList;
  let fontList = [...fonts];
  server.use(
    apiHandler('get', '/api/brand-kits/', () => {
      if (failures > 0) {
        failures -= 1;
        return apiError(500, { detail: 'Database unavailable' });
      }
      return HttpResponse.json(page(kits));
    }),
    apiHandler('post', '/api/brand-kits/', ({ body }) => {
      const kit = makeKit(`k${kits.length + 100}`, body.name, {
        is_default: kits.length === 0 || body.is_default === true,
        colors: { ...makeKit('x', 'x').colors, ...body.colors },
        font_id: body.font_id ?? null,
        font_family: body.font_id ?? null,
        end_card: { ...makeKit('x', 'x').end_card, ...body.end_card },
      });
      kits = [...kits, kit];
      return HttpResponse.json(kit, { status: 201 });
    }),
    apiHandler('patch', '/api/brand-kits/{id}/', ({ params, body }) => {
      const current = kits.find((k) => k.id === params.id);
      if (!current) return apiError(404, { detail: 'Not found.' });
      const next = { ...current, ...body, colors: { ...current.colors, ...body.colors }, end_card: { ...current.end_card, ...body.end_card } } as BrandKit;
      kits = kits.map((k) => (k.id === params.id ? next : body.is_default ? { ...k, is_default: false } : k));
      return HttpResponse.json(next);
    }),
    apiHandler('delete', '/api/brand-kits/{id}/', ({ params }) => {
      kits = kits.filter((k) => k.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    apiHandler('post', '/api/brand-kits/{id}/logo/', ({ params }) => {
      const current = kits.find((k) => k.id === params.id)!;
      const next = { ...current, logo_url: '/media/files/?token=logo' };
      kits = kits.map((k) => (k.id === params.id ? next : k));
      return HttpResponse.json(next);
    }),
    apiHandler('get', '/api/brand-fonts/', () => HttpResponse.json(page(fontList))),
    apiHandler('post', '/api/brand-fonts/', () => {
      fontList = [font, ...fontList];
      return HttpResponse.json(font, { status: 201 });
    }),
    apiHandler('get', '/api/contexts/', page([makeContext(5, 'Thermo mug')])),
  );
}

async function renderPage() {
  return renderWithStore(<BrandPage />, { preloadedState });
}

// spies on URL's own functions, put back after each test (assigning them would change URL for good)
beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:chosen-logo');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('BrandPage', () => {
  it('shows each kit as a card: name, default badge, colour swatches, logo and font', async () => {
    fakeBrandApi([
      makeKit('k1', 'Acme', { is_default: true, logo_url: '/media/files/?token=acme', font_id: 'Anton', font_family: 'Anton', colors: { primary: '#ff0000', secondary: '#00ff00', text: '#ffffff', background: '#0000ff' } }),
      makeKit('k2', 'Client شركة', { end_card: { enabled: true, headline: 'x', cta: 'y', url: 'a.com', seconds: 3 } }),
    ]);
    await renderPage();
    const acme = await screen.findByRole('listitem', { name: 'Acme' });
    expect(within(acme).getByText('Default')).toBeInTheDocument();
    expect(within(acme).getByRole('img', { name: 'Acme logo' })).toHaveAttribute('src', 'http://localhost:3000/media/files/?token=acme');
    expect(within(acme).getByText(/Font: Anton/)).toBeInTheDocument();
    // each card shows a frame the video compositions draw with the kit
    expect(within(acme).getByRole('region', { name: 'Preview of Acme' })).toBeInTheDocument();
    const swatches = within(within(acme).getByRole('list', { name: 'Acme colours' })).getAllByRole('listitem');
    expect(swatches.map((s) => s.textContent)).toEqual(['Primary #ff0000', 'Secondary #00ff00', 'Text #ffffff', 'Background #0000ff']);
    const client = screen.getByRole('listitem', { name: 'Client شركة' });
    expect(within(client).queryByText('Default')).not.toBeInTheDocument();
    expect(within(client).getByText(/Font: the style’s own · End card/)).toBeInTheDocument();
    expect(within(client).getByLabelText('No logo')).toBeInTheDocument();
    expect(within(client).getByRole('region', { name: 'Preview of Client شركة' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Make Client شركة the default' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Make Acme the default' })).not.toBeInTheDocument();
  });

  it('has an empty state with one next action, and an error state with Retry', async () => {
    expectConsole(/Request failed: GET \/api\/brand-kits\//);
    fakeBrandApi([], { failList: 1 });
    const user = userEvent.setup();
    await renderPage();
    await screen.findByText('We could not load your brand kits.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No brand kit yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New brand kit' }));
    expect(await screen.findByRole('dialog', { name: 'New brand kit' })).toBeInTheDocument();
    expect(screen.getByText('Your first kit is the default.')).toBeInTheDocument();
    expect(screen.getByTestId('kit-preview-still')).toBeInTheDocument();
  });

  it('creates a kit: a bad hex stops the save at its field, then the fields are sent and the chosen logo uploaded', async () => {
    fakeBrandApi([makeKit('k1', 'Existing', { is_default: true })], { fonts: [font] });
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'New brand kit' }));
    const dialog = await screen.findByRole('dialog', { name: 'New brand kit' });
    await user.type(within(dialog).getByLabelText('Name'), 'Second brand');
    const primary = within(dialog).getByLabelText('Primary');
    await user.clear(primary);
    await user.type(primary, '#12345');
    await user.click(within(dialog).getByRole('button', { name: 'Create kit' }));
    expect(await within(dialog).findByText('Enter a colour as #rrggbb, like #ffcc00.')).toBeInTheDocument();
    await waitFor(() => expect(primary).toHaveFocus());
    expect(sentRequests.filter((r) => r.method === 'POST')).toEqual([]);

    await user.type(primary, '6');
    expect(within(dialog).queryByText('Enter a colour as #rrggbb, like #ffcc00.')).not.toBeInTheDocument();
    // the uploaded font shows its preview in the picker, and so do the built-ins
    expect(await within(dialog).findByRole('radio', { name: 'Acme Grotesk 700' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Anton' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Close videos with an end card/ }));
    await user.type(within(dialog).getByLabelText('Headline'), 'Hot coffee, all day');
    await user.type(within(dialog).getByLabelText('Web address'), 'acme.com/mug');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Default kit of the team' }));
    await user.upload(within(dialog).getByLabelText('Logo file'), new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(within(dialog).getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', 'blob:chosen-logo');
    expect(within(dialog).getByText('logo.svg: uploaded when you save.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create kit' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const created = sentRequests.find((r) => r.method === 'POST' && r.path === '/api/brand-kits/');
    expect(created?.body).toEqual({
      name: 'Second brand',
      colors: { primary: '#123456', secondary: '#facc15', text: '#ffffff', background: '#000000' },
      font_id: 'Anton',
      logo_position: 'top-right',
      logo_scale: 0.18,
      caption_style: 'highlight',
      end_card: { enabled: true, headline: 'Hot coffee, all day', cta: '', url: 'acme.com/mug', seconds: 3 },
      context_id: null,
      is_default: true,
    });
    const logo = sentRequests.find((r) => r.method === 'POST' && r.path === '/api/brand-kits/k101/logo/');
    expect(String(logo?.body)).toMatch(/Content-Disposition: form-data; name="logo"; filename=.*\r\nContent-Type: image\/svg\+xml/);
    expect(logo?.headers.get('x-team-slug')).toBe('acme');
    expect(await screen.findByText('Brand kit created')).toBeInTheDocument();
    const card = await screen.findByRole('listitem', { name: 'Second brand' });
    expect(within(card).getByText('Default')).toBeInTheDocument();
  });

  it('uploads a font from the picker and chooses it; a refused font shows the reason under the picker', async () => {
    expectConsole(/Request failed: POST \/api\/brand-fonts\//);
    fakeBrandApi([makeKit('k1', 'Acme', { is_default: true })]);
    // the file input's accept list would hide the wrong file: the check behind it is what is tested
    const user = userEvent.setup({ applyAccept: false });
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Acme' });
    expect(await within(dialog).findByText('No fonts uploaded yet.')).toBeInTheDocument();
    // a file that is no font is refused before any upload
    await user.upload(within(dialog).getByLabelText('Font file'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(dialog).findByText('Choose a TTF, OTF, WOFF or WOFF2 font file.')).toBeInTheDocument();
    expect(sentRequests.filter((r) => r.path === '/api/brand-fonts/' && r.method === 'POST')).toEqual([]);

    server.use(apiHandler('post', '/api/brand-fonts/', apiError(400, { font: ['This font has no glyphs for Latin letters and digits (A–Z, a–z, 0–9), so it cannot write a video’s text.'] })));
    await user.upload(within(dialog).getByLabelText('Font file'), new File(['x'], 'cyrillic.woff2', { type: 'font/woff2' }));
    expect(await within(dialog).findByText(/no glyphs for Latin letters/)).toBeInTheDocument();

    fakeBrandApi([makeKit('k1', 'Acme', { is_default: true })]);
    await user.upload(within(dialog).getByLabelText('Font file'), new File(['x'], 'grotesk.woff2', { type: 'font/woff2' }));
    const uploaded = await within(dialog).findByRole('radio', { name: 'Acme Grotesk 700' });
    await waitFor(() => expect(uploaded).toBeChecked());
    expect(within(dialog).queryByText(/no glyphs for Latin letters/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save kit' }));
    await waitFor(() => expect(sentRequests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ font_id: font.id }));
  });

  it('edits a kit and shows a refused field under it, keyboard first', async () => {
    expectConsole(/Request failed: PATCH \/api\/brand-kits\/k1\//);
    fakeBrandApi([makeKit('k1', 'Acme', { is_default: true, end_card: { enabled: true, headline: 'Hi', cta: 'Go', url: 'acme.com', seconds: 4 } })]);
    server.use(apiHandler('patch', '/api/brand-kits/{id}/', apiError(400, { 'end_card.url': ['Enter a web address starting with http:// or https://, or a domain like example.com.'] })));
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit Acme' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Acme' });
    expect(within(dialog).getByLabelText('Headline')).toHaveValue('Hi');
    expect(within(dialog).getByRole('checkbox', { name: 'Default kit of the team' })).toBeDisabled();
    const name = within(dialog).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Acme 2{Enter}');
    const url = within(dialog).getByLabelText('Web address');
    expect(await within(dialog).findByText(/Enter a web address starting with http/)).toBeInTheDocument();
    await waitFor(() => expect(url).toHaveFocus());
    expect(url).toHaveAttribute('aria-invalid', 'true');
    const patch = sentRequests.find((r) => r.method === 'PATCH');
    expect(patch?.body).toMatchObject({ name: 'Acme 2', end_card: { enabled: true, headline: 'Hi', cta: 'Go', url: 'acme.com', seconds: 4 } });
    expect(patch?.body).not.toHaveProperty('is_default');
    // Escape closes the dialog without saving
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes a kit after confirmation, and makes another the default', async () => {
    fakeBrandApi([makeKit('k1', 'Acme', { is_default: true }), makeKit('k2', 'Beta')]);
    const user = userEvent.setup();
    await renderPage();
    await user.click(await screen.findByRole('button', { name: 'Make Beta the default' }));
    expect(await screen.findByText('Default kit changed')).toBeInTheDocument();
    expect(sentRequests.find((r) => r.method === 'PATCH')).toMatchObject({ path: '/api/brand-kits/k2/', body: { is_default: true } });
    await waitFor(() => expect(within(screen.getByRole('listitem', { name: 'Beta' })).getByText('Default')).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete Acme' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this brand kit?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Acme' })).not.toBeInTheDocument());
    expect(sentRequests.find((r) => r.method === 'DELETE')?.path).toBe('/api/brand-kits/k1/');
  });
});

describe('kit form rules', () => {
  it('checks colours, lengths and addresses as the API does', () => {
    const form = { ...emptyForm(false), name: 'x', colors: { primary: 'red', secondary: '#12345', text: '#FFFFFF', background: '#000000' } };
    expect(Object.keys(validate(form))).toEqual(['colors.primary', 'colors.secondary']);
    expect(validate({ ...emptyForm(false), name: '  ' }).name).toBeTruthy();
    for (const ok of ['acme.com', 'https://acme.com/x?y=1', 'shop.acme.co.uk']) expect(looksLikeUrl(ok)).toBe(true);
    for (const bad of ['javascript:alert(1)', 'ftp://acme.com', 'acme', 'a b.com', 'https://u:p@acme.com']) expect(looksLikeUrl(bad)).toBe(false);
    expect(requestOf({ ...emptyForm(false), name: ' A ', isDefault: true }, true)).not.toHaveProperty('is_default');
    expect(requestOf({ ...emptyForm(false), name: ' A ', isDefault: true }, false)).toMatchObject({ name: 'A', is_default: true, font_id: null, context_id: null });
  });
});
