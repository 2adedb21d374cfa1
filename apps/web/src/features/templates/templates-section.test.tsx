import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { VideoTemplate } from '@/api/api';
import { expectConsole } from '@/test/console';
import { makeBrandKit, makeTeam, makeTemplate, page } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { TemplatesSection } from './templates-section';

const KIT = 'c0000000-0000-4000-8000-000000000001';
const ui = (isAdmin = true) => ({ ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: makeTeam({ id: 1, slug: 'acme', name: 'Acme', is_admin: isAdmin }), isInitialDataFetched: true } });

const spring = makeTemplate('a0000000-0000-4000-8000-000000000001', 'Spring sale 🌸', {
  composition: 'text-wall',
  brand_kit_id: KIT,
  settings: { background_video_ids: [], aspect: '4:5', count: 12, voice: { voice_id: 'espeak:fr', speed: 1 }, music: { track_id: 'm1', volume: 0.3 } },
});
const demo = makeTemplate('a0000000-0000-4000-8000-000000000002', 'Demo ads', {
  composition: 'hook-product-demo',
  settings: { hook_video_ids: ['h1', 'h2'], product_demo_video_ids: ['d1'], aspect: '1:1' },
});
const story = makeTemplate('a0000000-0000-4000-8000-000000000003', 'Story', { composition: 'multi-text-wall', settings: { texts: ['One', 'Two', 'Three'], background_video_ids: [] } });

/** The templates the API holds, changed by the PATCH and DELETE the section sends. */
function fakeTemplates(templates: VideoTemplate[]) {
  let rows = [...templates];
  server.use(
    apiHandler('get', '/api/brand-kits/', page([makeBrandKit(KIT, 'Acme kit', { is_default: true })])),
    apiHandler('get', '/api/video-templates/', () => HttpResponse.json(page(rows))),
    apiHandler('patch', '/api/video-templates/{id}/', ({ params, body }) => {
      if (rows.some((t) => t.id !== params.id && t.name.toLowerCase() === body.name?.toLowerCase())) {
        return apiError(400, { name: [`Your team already has a template called “${body.name}”. Choose another name, or rename that one first.`] });
      }
      rows = rows.map((t) => (t.id === params.id ? { ...t, name: body.name ?? t.name } : t));
      return HttpResponse.json(rows.find((t) => t.id === params.id)!);
    }),
    apiHandler('delete', '/api/video-templates/{id}/', ({ params }) => {
      rows = rows.filter((t) => t.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

describe('the home page’s templates', () => {
  it('says there are none yet, with the way to the builder', async () => {
    await renderWithStore(<TemplatesSection />, { preloadedState: ui() });
    expect(await screen.findByText(/No templates yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Create text walls/ })).toHaveAttribute('href', '/create/text-wall');
    expect(screen.queryByRole('list', { name: 'Templates' })).not.toBeInTheDocument();
  });

  it('lists each template with what it makes; a click (or Enter) opens its builder with the template in the address', async () => {
    fakeTemplates([spring, demo, story]);
    const { router } = await renderWithStore(<TemplatesSection />, { preloadedState: ui() });
    const list = await screen.findByRole('list', { name: 'Templates' });
    const links = within(list).getAllByRole('link');
    // each link is the template's name, described by what it makes
    expect(links.map((l) => l.textContent)).toEqual(['Spring sale 🌸', 'Demo ads', 'Story']);
    expect(links[0]).toHaveAccessibleDescription('Text walls · 4:5 · 12 texts · voiced · music · kit Acme kit');
    expect(links[1]).toHaveAccessibleDescription('Hook + demo · 1:1 · 2 hooks × 1 demo · no brand kit');
    expect(links[2]).toHaveAccessibleDescription('Multi text wall · 9:16 · 3 walls · no brand kit');
    expect(links[0]).toHaveAttribute('href', `/create/text-wall?template=${spring.id}`);
    expect(links[1]).toHaveAttribute('href', `/videos?template=${demo.id}`);
    expect(links[2]).toHaveAttribute('href', `/videos?template=${story.id}`);

    // the keyboard reaches the first template and opens it
    await userEvent.tab();
    expect(links[0]).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/text-wall'));
    expect(router.state.location.search).toEqual({ template: spring.id });
  });

  it('renames a template; a name the team already has is said under the field and nothing changes', async () => {
    fakeTemplates([spring, demo]);
    await renderWithStore(<TemplatesSection />, { preloadedState: ui() });
    await userEvent.click(await screen.findByRole('button', { name: 'Rename Demo ads' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename template' });
    const input = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(input).toHaveValue('Demo ads');
    expect(input).toHaveFocus();

    await userEvent.clear(input);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Name the template.');
    expect(sentRequests.filter((r) => r.method === 'PATCH')).toHaveLength(0);

    expectConsole(/^Request failed: PATCH \/api\/video-templates\//);
    await userEvent.type(input, 'SPRING SALE 🌸');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('already has a template called “SPRING SALE 🌸”');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(input);
    await userEvent.type(input, '  Demo ads, square  {Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentRequests.filter((r) => r.method === 'PATCH').at(-1)).toMatchObject({ path: `/api/video-templates/${demo.id}/`, body: { name: 'Demo ads, square' } });
    expect(await screen.findByRole('listitem', { name: 'Demo ads, square' })).toBeInTheDocument();
  });

  it('deletes a template once asked again; Cancel keeps it', async () => {
    fakeTemplates([spring, demo]);
    await renderWithStore(<TemplatesSection />, { preloadedState: ui() });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Spring sale 🌸' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this template?' });
    expect(dialog).toHaveTextContent('“Spring sale 🌸” will be deleted for everyone in your team');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sentRequests.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Delete Spring sale 🌸' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this template?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Spring sale 🌸' })).not.toBeInTheDocument());
    expect(sentRequests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/video-templates/${spring.id}/`]);
    expect(screen.getByRole('listitem', { name: 'Demo ads' })).toBeInTheDocument();
  });

  it('shows six, then all of them; read-only members open templates but cannot rename or delete them', async () => {
    fakeTemplates(Array.from({ length: 8 }, (_, i) => makeTemplate(`t0000000-0000-4000-8000-00000000001${i}`, `Template ${i + 1}`, { composition: 'text-wall', settings: { background_video_ids: [] } })));
    await renderWithStore(<TemplatesSection />, { preloadedState: ui(false) });
    const list = await screen.findByRole('list', { name: 'Templates' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(6);
    const more = screen.getByRole('button', { name: 'Show all 8 templates' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.queryByRole('button', { name: /^Rename|^Delete/ })).not.toBeInTheDocument();
  });

  it('says when the templates could not load, and Retry asks again', async () => {
    expectConsole(/^Request failed: GET \/api\/video-templates\//);
    let calls = 0;
    server.use(apiHandler('get', '/api/video-templates/', () => (++calls === 1 ? apiError(500, { detail: 'A server error occurred.' }) : HttpResponse.json(page([spring])))));
    await renderWithStore(<TemplatesSection />, { preloadedState: ui() });
    expect(await screen.findByText('We could not load your templates.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('listitem', { name: 'Spring sale 🌸' })).toBeInTheDocument();
    expect(calls).toBe(2);
  });
});
