import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdResultImport, AdResultImportCreated, InsightGroup, Insights, TextWallVideo } from '@/api/api';
import { expectConsole } from '@/test/console';
import { makeTeam } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { InsightsPage } from './insights-page';

const team = makeTeam({ id: 1, slug: 'acme', name: 'Acme' });
const preloadedState = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: team, isInitialDataFetched: true } };
const readOnly = { ...preloadedState, ui: { ...preloadedState.ui, currentTeam: { ...team, is_admin: false } } };

const group = (i: number, overrides: Partial<InsightGroup> = {}): InsightGroup => ({
  key: `v${i}`,
  label: `Hook ${i}`,
  videos: 1,
  video_ids: [`v${i}`],
  ad_codes: [`HW-2345A${i}`],
  first_video_type: 'text_wall',
  impressions: 20000,
  clicks: 200,
  ctr: 0.01,
  ctr_low: 0.0087,
  ctr_high: 0.0115,
  hook_rate: 0.25,
  spend: 124,
  conversions: 8,
  cost_per_result: 15.5,
  roas: 3.87,
  value: 0.01,
  value_low: 0.0087,
  value_high: 0.0115,
  verdict: 'behind',
  ...overrides,
});
const ranking = (results: InsightGroup[], metric: Insights['metric'] = 'ctr', currencies = ['EUR']): Insights => ({ metric, group_by: 'video', since: null, until: null, min_impressions: 1000, currencies, results });
const winner = group(1, { impressions: 40000, clicks: 1600, ctr: 0.04, ctr_low: 0.0381, ctr_high: 0.042, value: 0.04, value_low: 0.0381, value_high: 0.042, verdict: 'winner' });
const few = group(12, { impressions: 500, clicks: 9, ctr: 0.018, ctr_low: 0.0095, ctr_high: 0.034, value: 0.018, value_low: 0.0095, value_high: 0.034, verdict: 'too_little_data' });
const anImport: AdResultImport = {
  id: 'i1',
  file_name: 'Spring-launch-Ads.csv',
  network: 'meta',
  currency: 'EUR',
  rows: 14,
  current_rows: 14,
  matched: 12,
  unmatched: ['Carousel'],
  unmatched_count: 1,
  columns: { mapped: { ad_name: 'Ad name', impressions: 'Impressions' }, kept: ['Delivery status'] },
  period: { start: '2026-01-05', end: '2026-01-11' },
  overlaps: [],
  created_at: '2026-01-12T09:00:00Z',
};
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

function fakeApi({ insights = ranking([winner, group(2), few]), imports = [anImport] }: { insights?: Insights; imports?: AdResultImport[] } = {}) {
  server.use(
    apiHandler('get', '/api/insights/', ({ request }) => {
      const metric = (new URL(request.url).searchParams.get('metric') ?? 'ctr') as Insights['metric'];
      return HttpResponse.json({ ...insights, metric });
    }),
    apiHandler('get', '/api/ad-results/imports/', page(imports)),
  );
}

describe('the insights page', () => {
  it('ranks the groups in a table and a chart of their intervals, the winner marked and playable in place', async () => {
    fakeApi();
    const video: TextWallVideo = {
      ...{ id: 'v1', text: 'Hook 1', background_video_id: null, background_name: null, voice: null, captions: null, context_id: null, style: STYLE_PRESETS.bold.style, duration_seconds: 10, aspect: '9:16' },
      ...{ ad_code: 'HW-2345A1', music: null, brand_kit_id: null, end_card: null, bulk_job_id: null, render_job_id: 'r1', status: 'completed', progress: 100, output_url: 'https://cdn.example/v1.mp4', thumbnail_url: null, captions_url: null, error: null },
      ...{ created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' },
    };
    server.use(apiHandler('get', '/api/text-wall-videos/{id}/', video));
    await renderWithStore(<InsightsPage />, { preloadedState, path: '/insights' });
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Hook 1HW-2345A1', 'Hook 2HW-2345A2', 'Hook 12HW-2345A12']);
    expect(within(rows[0]!).getByText('Winner')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('4.00%')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('3.81%–4.20%')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Too little data')).toBeInTheDocument();
    expect(screen.getByText(/Under 1,000 impressions a group has too little data/)).toBeInTheDocument();
    // the chart: one interval per group, in the same order
    const chart = screen.getByRole('img', { name: /ctr of each group with its 95% interval/ });
    expect([...chart.querySelectorAll('[data-testid="interval"]')].map((g) => g.getAttribute('data-verdict'))).toEqual(['winner', 'behind', 'too_little_data']);
    // the imports are listed
    expect(screen.getByRole('region', { name: 'Imports' })).toHaveTextContent('Spring-launch-Ads.csv');
    // a winner can be made more of: the builder with its setup, writing texts like the group's videos
    expect(within(rows[0]!).getByRole('link', { name: 'Make more like this: Hook 1' })).toHaveAttribute('href', '/create/text-wall?from=v1&like=v1');
    // every group's video plays in place; only a winner is offered to be made more of
    expect(within(rows[1]!).getByRole('button', { name: 'Play Hook 2' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('link', { name: /Make more like this/ })).not.toBeInTheDocument();
    // ranks count the groups with enough data; one with too little is not ranked
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual(['1', '2', '–']);
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Play Hook 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hook 1' });
    expect(within(dialog).getByTestId('video-player')).toHaveAttribute('src', 'https://cdn.example/v1.mp4');
    expect(within(dialog).getByText('HW-2345A1')).toBeInTheDocument();
  });

  it('keeps the metric, the grouping and the dates in the URL and asks the API for them', async () => {
    fakeApi();
    const { router } = await renderWithStore(<InsightsPage />, { preloadedState, path: '/insights?metric=cpa&group_by=style' });
    await screen.findByRole('table');
    const last = () => sentRequests.findLast((r) => r.path === '/api/insights/')!;
    expect(last().params.get('metric')).toBe('cpa');
    expect(last().params.get('group_by')).toBe('style');
    await userEvent.click(screen.getByRole('combobox', { name: 'Rank by' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Return on ad spend (ROAS)' }));
    await waitFor(() => expect(last().params.get('metric')).toBe('roas'));
    await userEvent.type(screen.getByLabelText('From'), '2026-01-12');
    await waitFor(() => expect(last().params.get('since')).toBe('2026-01-12'));
    expect(router.state.location.search).toMatchObject({ metric: 'roas', group_by: 'style', since: '2026-01-12' });
    await userEvent.click(screen.getByRole('button', { name: 'All dates' }));
    await waitFor(() => expect(router.state.location.search).not.toHaveProperty('since'));
    expect(screen.queryByRole('button', { name: 'All dates' })).not.toBeInTheDocument();
  });

  it('without results, says how to import them; an import shows what it found, and the ranking follows', async () => {
    let imported = false;
    server.use(
      apiHandler('get', '/api/insights/', () => HttpResponse.json(ranking(imported ? [winner, group(2)] : []))),
      apiHandler('get', '/api/ad-results/imports/', () => HttpResponse.json(page(imported ? [anImport] : []))),
      apiHandler('post', '/api/ad-results/imports/', () => {
        imported = true;
        const created: AdResultImportCreated = {
          ...anImport,
          replaced: 0,
          overlap_count: 0,
          totals_skipped: 1,
          rejected: [{ line: 9, ad_name: 'Hook 7', reason: 'Link clicks: a negative figure (-3)' }],
          rejected_count: 1,
        };
        return HttpResponse.json(created, { status: 201 });
      }),
    );
    await renderWithStore(<InsightsPage />, { preloadedState, path: '/insights' });
    expect(await screen.findByText('No ad results yet')).toBeInTheDocument();
    expect(screen.getByText(/Put it in the ad’s name in Meta Ads Manager, TikTok Ads Manager or Google Ads/)).toBeInTheDocument();
    const file = new File(['Ad name,Impressions\nHook HW-2345A1,1000\n'], 'Spring-launch-Ads.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByTestId('import-file'), file);
    const summary = await screen.findByRole('region', { name: 'Last import' });
    expect(summary).toHaveTextContent('Spring-launch-Ads.csv: Meta, 2026-01-05 to 2026-01-11. 14 rows, 12 matched to your videos, 1 totals row skipped.');
    expect(within(summary).getByText('1 ad without one of your ad codes')).toBeInTheDocument();
    expect(within(summary).getByText('Line 9 (Hook 7): Link clicks: a negative figure (-3)')).toBeInTheDocument();
    const sent = sentRequests.findLast((r) => r.method === 'POST' && r.path === '/api/ad-results/imports/')!;
    // the file goes as multipart form data, in the field "file"
    expect(String(sent.body)).toMatch(/Content-Disposition: form-data; name="file"/);
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('a refused file says why; a file over 20 MB is not sent', async () => {
    expectConsole(/Request failed: POST \/api\/ad-results\/imports\//);
    fakeApi({ insights: ranking([]), imports: [] });
    server.use(apiHandler('post', '/api/ad-results/imports/', apiError(400, { file: ['This file is neither a CSV nor an XLSX export.'] })));
    await renderWithStore(<InsightsPage />, { preloadedState, path: '/insights' });
    await screen.findByText('No ad results yet');
    await userEvent.upload(screen.getByTestId('import-file'), new File(['%PDF'], 'report.pdf', { type: 'application/pdf' }), { applyAccept: false });
    expect(await screen.findByText('This file is neither a CSV nor an XLSX export.')).toBeInTheDocument();
    const posts = () => sentRequests.filter((r) => r.method === 'POST').length;
    const before = posts();
    const big = new File([new Uint8Array(21 * 1024 * 1024)], 'big.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByTestId('import-file'), big);
    expect(await screen.findByText(/Exports are taken up to 20 MB/)).toBeInTheDocument();
    expect(posts()).toBe(before);
  });

  it('deletes an import after asking; read-only members see no import or delete', async () => {
    let imports = [anImport];
    fakeApi();
    server.use(
      apiHandler('get', '/api/ad-results/imports/', () => HttpResponse.json(page(imports))),
      apiHandler('delete', '/api/ad-results/imports/{id}/', () => {
        imports = [];
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await renderWithStore(<InsightsPage />, { preloadedState, path: '/insights' });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete the import Spring-launch-Ads.csv' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this import?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Imports' })).not.toBeInTheDocument());
    expect(sentRequests.some((r) => r.method === 'DELETE' && r.path === '/api/ad-results/imports/i1/')).toBe(true);
  });

  it('a winner whose video is not rendered says so instead of playing', async () => {
    fakeApi();
    const unrendered: TextWallVideo = {
      ...{ id: 'v1', text: 'Hook 1', background_video_id: null, background_name: null, voice: null, captions: null, context_id: null, style: STYLE_PRESETS.bold.style, duration_seconds: 10, aspect: '9:16' },
      ...{ ad_code: 'HW-2345A1', music: null, brand_kit_id: null, end_card: null, bulk_job_id: null, render_job_id: null, status: 'draft', progress: 0, output_url: null, thumbnail_url: null, captions_url: null, error: null },
      ...{ created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' },
    };
    server.use(apiHandler('get', '/api/text-wall-videos/{id}/', unrendered));
    await renderWithStore(<InsightsPage />, { preloadedState, path: '/insights' });
    await userEvent.click(await screen.findByRole('button', { name: 'Play Hook 1' }));
    expect(await screen.findByText('This video is not rendered')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Hook 1' })).not.toBeInTheDocument();
  });

  it('says when the results mix currencies', async () => {
    fakeApi({ insights: ranking([winner, group(2)], 'ctr', ['EUR', 'USD']) });
    await renderWithStore(<InsightsPage />, { preloadedState, path: '/insights' });
    expect(await screen.findByRole('note')).toHaveTextContent('These results are in EUR and USD: spend, CPA and ROAS add them as written.');
  });

  it('read-only members see the ranking but neither import nor delete', async () => {
    fakeApi();
    await renderWithStore(<InsightsPage />, { preloadedState: readOnly, path: '/insights' });
    await screen.findByRole('table');
    expect(screen.queryByRole('button', { name: 'Import results' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete the import/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Make more like/ })).not.toBeInTheDocument();
  });

  it('a ranking that cannot load says so, with Retry', async () => {
    expectConsole(/Request failed: GET \/api\/insights\//);
    fakeApi();
    server.use(apiHandler('get', '/api/insights/', apiError(500, { detail: 'Server error.' })));
    await renderWithStore(<InsightsPage />, { preloadedState, path: '/insights' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the insights.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
