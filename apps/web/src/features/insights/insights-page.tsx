import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { FileSpreadsheet, Play, Sparkles, Trash2, Trophy, Upload, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { z } from 'zod';
import {
  useDeleteApiAdResultsImportsByIdMutation,
  useGetApiAdResultsImportsQuery,
  useGetApiCompositeVideosByIdQuery,
  useGetApiInsightsQuery,
  useGetApiTextWallVideosByIdQuery,
  type AdResultImport,
  type AdResultImportCreated,
  type InsightGroup,
} from '@/api/api';
import { describeError } from '@/api/errors';
import { useAppSelector } from '@/app/hooks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EmptyState, PageHeader } from '@/components/layout/page-header';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { withTeamKey } from '@/lib/team-cache-key';
import { cn } from '@/lib/utils';
import { fromComposite, fromTextWall, VideoPlayerDialog } from '@/features/videos';
import { InsightsChart } from './insights-chart';
import { EXPORT_ACCEPT, MAX_EXPORT_BYTES, useImportAdResultsMutation } from './insights-api';
import { dash, fmtMetric, fmtMoney, fmtPercent, fmtRatio, fmtWhole, GROUPINGS, METRICS, NETWORK_LABELS, VERDICT_LABELS, type GroupBy, type Metric } from './insights-format';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The metric, the grouping and the dates live in the URL, so a reload or a shared link shows the same ranking. */
export const insightsSearchSchema = z.object({
  metric: z.enum(['ctr', 'hook_rate', 'cpa', 'roas']).optional().catch(undefined),
  group_by: z.enum(['video', 'text', 'background', 'style', 'voice', 'brand_kit']).optional().catch(undefined),
  since: day.optional().catch(undefined),
  until: day.optional().catch(undefined),
});
export type InsightsSearch = z.infer<typeof insightsSearchSchema>;

/** `/insights`: which hook won, from the ads managers' exports the team imported (docs/ad-results.md). */
export function InsightsPage() {
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const isAdmin = useAppSelector((s) => s.ui.currentTeam?.is_admin ?? true);
  const params = insightsSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const setParams = (next: Partial<InsightsSearch>) => void navigate({ to: '.', search: (prev: Record<string, unknown>) => ({ ...prev, ...next }), replace: true });
  const metric: Metric = params.metric ?? 'ctr';
  const groupBy: GroupBy = params.group_by ?? 'video';
  const insights = useGetApiInsightsQuery(withTeamKey({ metric, groupBy, since: params.since, until: params.until }, teamSlug), { skip: !teamSlug });
  const imports = useGetApiAdResultsImportsQuery(withTeamKey({ pageSize: 50 }, teamSlug), { skip: !teamSlug });
  const [playing, setPlaying] = useState<InsightGroup | null>(null);
  const [deleting, setDeleting] = useState<AdResultImport | null>(null);
  const [lastImport, setLastImport] = useState<AdResultImportCreated | null>(null);
  const [deleteImport, deleteState] = useDeleteApiAdResultsImportsByIdMutation();
  const closePlayer = useCallback(() => setPlaying(null), []);

  const onConfirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteImport({ id: deleting.id }).unwrap();
      toast({ variant: 'success', title: 'Import deleted', description: `The rows of “${deleting.file_name}” no longer count.` });
      if (lastImport?.id === deleting.id) setLastImport(null);
      setDeleting(null);
    } catch (err) {
      toast({ variant: 'destructive', title: 'Could not delete the import', description: describeError(err) });
    }
  };

  const hasImports = (imports.data?.count ?? 0) > 0;
  const results = insights.data?.results ?? [];
  const metricInfo = METRICS.find((m) => m.value === metric)!;

  let body;
  if (insights.isLoading || (!teamSlug && !insights.data)) {
    body = (
      <div role="status" aria-label="Loading insights" className="grid gap-3 rounded-lg border p-4">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-6 w-full" />
        ))}
      </div>
    );
  } else if (insights.isError && !insights.data) {
    body = <LoadError what="the insights" error={insights.error} onRetry={() => void insights.refetch()} />;
  } else if (results.length === 0) {
    body = (
      <EmptyState
        icon={Trophy}
        title={hasImports ? 'No result matches a video yet' : 'No ad results yet'}
        description={
          <>
            Every video has an ad code (like <span className="whitespace-nowrap font-mono">HW-7KR2MX</span>) on its card and in its file name. Put it in the ad’s name in Meta Ads Manager, TikTok Ads Manager or Google Ads, export a report with one row per ad (CSV or Excel), and import it here.
            {hasImports && (params.since || params.until) ? ' Or widen the dates.' : ''}
          </>
        }
        action={isAdmin ? <ImportButton onImported={setLastImport} /> : undefined}
      />
    );
  } else {
    body = (
      <section aria-label="Ranking" aria-busy={insights.isFetching} className={cn('grid gap-6 rounded-lg border bg-card p-4', insights.isFetching && 'opacity-60 transition-opacity')}>
        <InsightsChart metric={metric} results={results} />
        <RankingTable metric={metric} groupBy={groupBy} results={results} minImpressions={insights.data?.min_impressions ?? 0} onPlay={setPlaying} canMake={isAdmin} />
      </section>
    );
  }

  return (
    <>
      <PageHeader
        title="Insights"
        description="Which hook won: your ads’ results from Meta, TikTok and Google, ranked by video, text, background, style, voice or brand kit."
        actions={isAdmin && (hasImports || results.length > 0) ? <ImportButton onImported={setLastImport} /> : undefined}
      />
      {lastImport && <ImportSummary result={lastImport} onClose={() => setLastImport(null)} />}
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="insights-metric">Rank by</Label>
          <Select value={metric} onValueChange={(v) => setParams({ metric: v as Metric })}>
            <SelectTrigger id="insights-metric" className="w-60" aria-label="Rank by">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {METRICS.map((m) => (
                <SelectItem key={m.value} value={m.value}>
                  {m.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="insights-group">Group by</Label>
          <Select value={groupBy} onValueChange={(v) => setParams({ group_by: v as GroupBy })}>
            <SelectTrigger id="insights-group" className="w-40" aria-label="Group by">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {GROUPINGS.map((g) => (
                <SelectItem key={g.value} value={g.value}>
                  {g.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="insights-since">From</Label>
          <Input id="insights-since" type="date" className="w-40" value={params.since ?? ''} max={params.until} onChange={(e) => setParams({ since: e.target.value || undefined })} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="insights-until">To</Label>
          <Input id="insights-until" type="date" className="w-40" value={params.until ?? ''} min={params.since} onChange={(e) => setParams({ until: e.target.value || undefined })} />
        </div>
        {(params.since || params.until) && (
          <Button variant="ghost" size="sm" onClick={() => setParams({ since: undefined, until: undefined })}>
            <X aria-hidden /> All dates
          </Button>
        )}
      </div>
      {(insights.data?.currencies.length ?? 0) > 1 && results.length > 0 && (
        <p role="note" className="mb-3 text-xs text-muted-foreground">
          These results are in {insights.data!.currencies.join(' and ')}: spend, CPA and ROAS add them as written. Pick dates, or delete an import, to compare one currency.
        </p>
      )}
      <p className="sr-only" aria-live="polite">
        {results.length > 0 ? `${results.length} ${results.length === 1 ? 'group' : 'groups'} ranked by ${metricInfo.short}.` : ''}
      </p>
      {body}
      <ImportsList imports={imports.data?.results ?? []} isLoading={imports.isLoading} canDelete={isAdmin} onDelete={setDeleting} />
      {playing && <GroupPlayer group={playing} onClose={closePlayer} />}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this import?"
        description={<>The rows of “{deleting?.file_name}” will no longer count in the insights, for everyone in your team.</>}
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isBusy={deleteState.isLoading}
        onConfirm={() => void onConfirmDelete()}
      />
    </>
  );
}

/** "Import results": picks a CSV or XLSX export and sends it at once. */
function ImportButton({ onImported }: { onImported: (result: AdResultImportCreated) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [importFile, state] = useImportAdResultsMutation();
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > MAX_EXPORT_BYTES) {
      toast({ variant: 'destructive', title: 'This file is too large', description: 'Exports are taken up to 20 MB. Export a shorter period, or fewer columns.' });
      return;
    }
    try {
      const result = await importFile({ file }).unwrap();
      onImported(result);
      // an export whose columns were not recognised is kept, but it ranks nothing: not a success
      if (Object.keys(result.columns.mapped).length === 0) toast({ variant: 'info', title: 'Imported, but no column was recognised', description: 'Nothing from this file counts yet. Export the report from Meta, TikTok or Google Ads with its own column names.' });
      else toast({ variant: 'success', title: 'Results imported', description: `${result.matched} of ${result.rows} rows matched your videos.` });
    } catch (err) {
      toast({ variant: 'destructive', title: 'Could not import this file', description: describeError(err) });
    }
  };
  return (
    <>
      <input ref={input} type="file" accept={EXPORT_ACCEPT} className="sr-only" tabIndex={-1} aria-hidden onChange={(e) => void onChange(e)} data-testid="import-file" />
      <Button onClick={() => input.current?.click()} disabled={state.isLoading}>
        <Upload aria-hidden /> {state.isLoading ? 'Importing…' : 'Import results'}
      </Button>
    </>
  );
}

/** What the last import found: its network and period, the rows matched, and what it could not use. */
function ImportSummary({ result, onClose }: { result: AdResultImportCreated; onClose: () => void }) {
  const nothingMapped = Object.keys(result.columns.mapped).length === 0;
  return (
    <section aria-label="Last import" className="mb-6 grid gap-2 rounded-lg border bg-card p-4 text-sm">
      <div className="flex items-start gap-2">
        <FileSpreadsheet className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
        <p className="flex-1">
          <span className="font-medium" dir="auto">
            {result.file_name}
          </span>
          : {NETWORK_LABELS[result.network]}
          {result.period ? `, ${result.period.start} to ${result.period.end}` : ''}. {result.rows} row{result.rows === 1 ? '' : 's'}, {result.matched} matched to your videos
          {result.replaced ? `, ${result.replaced} replacing rows imported before` : ''}
          {result.totals_skipped ? `, ${result.totals_skipped} totals row${result.totals_skipped === 1 ? '' : 's'} skipped` : ''}.
        </p>
        <Button variant="ghost" size="icon" className="size-7" onClick={onClose} aria-label="Close the import summary">
          <X aria-hidden />
        </Button>
      </div>
      {nothingMapped && (
        <p role="alert" className="text-destructive">
          No column of this file was recognised, so nothing was counted. Export it from Meta Ads Manager, TikTok Ads Manager or Google Ads in English or French.
        </p>
      )}
      {result.unmatched_count > 0 && (
        <details>
          <summary className="cursor-pointer">{result.unmatched_count} ad{result.unmatched_count === 1 ? '' : 's'} without one of your ad codes</summary>
          <ul className="mt-1 list-disc pl-6 text-muted-foreground">
            {result.unmatched.map((name) => (
              <li key={name} dir="auto">
                {name}
              </li>
            ))}
          </ul>
        </details>
      )}
      {result.rejected_count > 0 && (
        <details>
          <summary className="cursor-pointer">{result.rejected_count} row{result.rejected_count === 1 ? '' : 's'} not counted</summary>
          <ul className="mt-1 list-disc pl-6 text-muted-foreground">
            {result.rejected.map((r) => (
              <li key={r.line}>
                Line {r.line}
                {r.ad_name ? ` (${r.ad_name})` : ''}: {r.reason}
              </li>
            ))}
          </ul>
        </details>
      )}
      {result.overlap_count > 0 && (
        <p className="text-muted-foreground">
          {result.overlap_count} row{result.overlap_count === 1 ? '' : 's'} overlap periods imported before: only the latest import of each ad counts, never both.
        </p>
      )}
    </section>
  );
}

function VerdictBadge({ verdict }: { verdict: InsightGroup['verdict'] }) {
  if (verdict === 'winner')
    return (
      <Badge variant="success">
        <Trophy className="size-3" aria-hidden /> {VERDICT_LABELS.winner}
      </Badge>
    );
  return <Badge variant={verdict === 'behind' ? 'secondary' : 'outline'}>{VERDICT_LABELS[verdict]}</Badge>;
}

function RankingTable({
  metric,
  groupBy,
  results,
  minImpressions,
  onPlay,
  canMake,
}: {
  metric: Metric;
  groupBy: GroupBy;
  results: InsightGroup[];
  minImpressions: number;
  onPlay: (group: InsightGroup) => void;
  /** "Make more like this" for those who may make videos */
  canMake: boolean;
}) {
  const metricInfo = METRICS.find((m) => m.value === metric)!;
  const grouping = GROUPINGS.find((g) => g.value === groupBy)!;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="mb-2 text-left text-xs text-muted-foreground">
          Ranked by {metricInfo.short}, best first. Under {fmtWhole(minImpressions)} impressions a group has too little data to judge; a winner’s 95% interval lies wholly beyond every other group’s.
        </caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-2 pr-2">#</th>
            <th scope="col" className="py-2 pr-2">{grouping.label}</th>
            <th scope="col" className="py-2 pr-2 text-right">Videos</th>
            <th scope="col" className="py-2 pr-2 text-right">Impressions</th>
            <th scope="col" className="py-2 pr-2 text-right">CTR (95%)</th>
            <th scope="col" className="py-2 pr-2 text-right">Hook rate</th>
            <th scope="col" className="py-2 pr-2 text-right">Spend</th>
            <th scope="col" className="py-2 pr-2 text-right">Results</th>
            <th scope="col" className="py-2 pr-2 text-right">CPA</th>
            <th scope="col" className="py-2 pr-2 text-right">ROAS</th>
            <th scope="col" className="py-2 pr-2">Verdict</th>
            <th scope="col" className="py-2">
              <span className="sr-only">Play</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {results.map((r, i) => (
            <tr key={r.key} className={cn('border-b last:border-0', r.verdict === 'winner' && 'bg-success/5')}>
              {/* a group with too little data is shown where its figure puts it, but not given a rank */}
              <td className="py-2 pr-2 text-muted-foreground">{r.verdict === 'too_little_data' ? <span aria-label="Not ranked: too little data">–</span> : results.slice(0, i + 1).filter((o) => o.verdict !== 'too_little_data').length}</td>
              <th scope="row" className="max-w-64 py-2 pr-2 text-left font-medium">
                <span className="line-clamp-2" dir="auto">
                  {r.label}
                </span>
                {groupBy === 'video' && <span className="font-mono text-xs font-normal text-muted-foreground">{r.ad_codes[0]}</span>}
                {metric !== 'ctr' && <span className="block text-xs font-normal text-muted-foreground">{metricInfo.short}: {fmtMetric(metric, r.value)}</span>}
              </th>
              <td className="py-2 pr-2 text-right tabular-nums">{r.videos}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{fmtWhole(r.impressions)}</td>
              <td className="py-2 pr-2 text-right tabular-nums">
                {fmtPercent(r.ctr)}
                {r.ctr_low !== null && r.ctr_high !== null && (
                  <span className="block text-xs text-muted-foreground">
                    {fmtPercent(r.ctr_low)}–{fmtPercent(r.ctr_high)}
                  </span>
                )}
              </td>
              <td className="py-2 pr-2 text-right tabular-nums">{fmtPercent(r.hook_rate)}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{fmtMoney(r.spend)}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{r.conversions === null ? dash : fmtWhole(r.conversions)}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{fmtMoney(r.cost_per_result)}</td>
              <td className="py-2 pr-2 text-right tabular-nums">{fmtRatio(r.roas)}</td>
              <td className="py-2 pr-2">
                <VerdictBadge verdict={r.verdict} />
              </td>
              <td className="py-2">
                {r.video_ids.length > 0 && (
                  <div className="flex flex-wrap gap-1">
                    {/* every group's video plays in place (a marketer compares the losers too); a winner can be made more of */}
                    <Button variant={r.verdict === 'winner' ? 'outline' : 'ghost'} size="sm" onClick={() => onPlay(r)} aria-label={`Play ${r.label}`}>
                      <Play aria-hidden /> Play
                    </Button>
                    {canMake && r.verdict === 'winner' && r.first_video_type === 'text_wall' && (
                      // the builder with the best video's setup, and new texts like the group's winners
                      <Button asChild size="sm" aria-label={`Make more like this: ${r.label}`}>
                        <Link to="/create/text-wall" search={{ from: r.video_ids[0]!, like: r.video_ids.slice(0, 20).join(',') }}>
                          <Sparkles aria-hidden /> Make more like this
                        </Link>
                      </Button>
                    )}
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Plays a group's first video (the one with the most impressions) in the videos' player dialog. */
function GroupPlayer({ group, onClose }: { group: InsightGroup; onClose: () => void }) {
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const id = group.video_ids[0]!;
  const isWall = group.first_video_type === 'text_wall';
  const wall = useGetApiTextWallVideosByIdQuery(withTeamKey({ id }, teamSlug), { skip: !isWall });
  const composite = useGetApiCompositeVideosByIdQuery(withTeamKey({ id }, teamSlug), { skip: isWall });
  const item = isWall ? (wall.data ? fromTextWall(wall.data) : null) : composite.data ? fromComposite(composite.data) : null;
  const error = isWall ? wall.error : composite.error;
  const isUnplayable = !!item && !item.outputUrl;
  // said once, after the render: a failed load or a video without its MP4 closes the player
  useEffect(() => {
    if (error) toast({ variant: 'destructive', title: 'Could not open the video', description: describeError(error) });
    else if (isUnplayable) toast({ variant: 'info', title: 'This video is not rendered', description: 'Render it again from the Videos page to play it here.' });
    else return;
    onClose();
  }, [error, isUnplayable, onClose]);
  return <VideoPlayerDialog item={error || isUnplayable ? null : item} onClose={onClose} />;
}

function ImportsList({ imports, isLoading, canDelete, onDelete }: { imports: AdResultImport[]; isLoading: boolean; canDelete: boolean; onDelete: (item: AdResultImport) => void }) {
  if (isLoading || imports.length === 0) return null;
  return (
    <section aria-labelledby="imports-title" className="mt-8 grid gap-2">
      <h2 id="imports-title" className="text-base font-semibold">
        Imports
      </h2>
      <ul className="divide-y rounded-lg border">
        {imports.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
            <FileSpreadsheet className="size-4 shrink-0 text-muted-foreground" aria-hidden />
            <span className="min-w-0 flex-1 truncate font-medium" dir="auto" title={item.file_name}>
              {item.file_name}
            </span>
            <span className="text-xs text-muted-foreground">
              {NETWORK_LABELS[item.network]}
              {item.period ? ` · ${item.period.start} to ${item.period.end}` : ''} · {item.matched} of {item.rows} rows matched
              {item.current_rows < item.rows ? ` · ${item.rows - item.current_rows} replaced by a later import` : ''}
            </span>
            {canDelete && (
              <Button variant="ghost" size="icon" className="size-8 text-destructive hover:text-destructive" onClick={() => onDelete(item)} aria-label={`Delete the import ${item.file_name}`}>
                <Trash2 aria-hidden />
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
