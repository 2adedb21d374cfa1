import { Link } from '@tanstack/react-router';
import { ArrowRight, CheckCircle2, Coins, FileText, Film, Sparkles } from 'lucide-react';
import { useMemo, useState } from 'react';
import {
  useGetAByTeamSlugSubscriptionApiCreditsBalanceQuery,
  useGetApiBrandVideosQuery,
  useGetApiCompositeVideosQuery,
  useGetApiContextsQuery,
  useGetApiTextWallVideosQuery,
} from '@/api/api';
import { TemplatesSection } from '@/features/templates';
import { fromComposite, fromTextWall, isWorking, RenderProgress, VideoCard, VideoPlayerDialog, type VideoItem } from '@/features/videos';
import { Button } from '@/components/ui/button';
import { useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { withTeamKey } from '@/lib/team-cache-key';
import { cn } from '@/lib/utils';

const STEPS = [
  { key: 'context', to: '/context', icon: FileText, title: 'Add your product context', text: 'Tell us what your product does so we can write hooks for it.' },
  { key: 'demo', to: '/product-demos', icon: Film, title: 'Upload a product demo', text: 'A few seconds of your product in action, filmed vertically.' },
  { key: 'videos', to: '/create/text-wall', icon: Sparkles, title: 'Create your first videos', text: 'Pick hooks and backgrounds; we render dozens at once.' },
] as const;

export function HomePage() {
  const user = useAppSelector((s) => s.session.user);
  const team = useAppSelector((s) => s.ui.currentTeam);
  const firstName = user?.first_name || user?.get_display_name?.split(' ')[0] || 'there';
  const teamSlug = team?.slug;
  // One row is enough to know whether a step is done; the counts come with it.
  const contexts = useGetApiContextsQuery(withTeamKey({ page: 1, pageSize: 1 }, teamSlug), { skip: !teamSlug });
  const demos = useGetApiBrandVideosQuery(withTeamKey({ page: 1, limit: 1, kind: 'product_demo' as const }, teamSlug), { skip: !teamSlug });
  const walls = useGetApiTextWallVideosQuery(withTeamKey({ page: 1, pageSize: 6 }, teamSlug), { skip: !teamSlug, pollingInterval: 0 });
  const composites = useGetApiCompositeVideosQuery(withTeamKey({ page: 1, pageSize: 6 }, teamSlug), { skip: !teamSlug });
  const balance = useGetAByTeamSlugSubscriptionApiCreditsBalanceQuery({ teamSlug: teamSlug ?? '' }, { skip: !teamSlug });
  const recent = useMemo(
    () =>
      [...(walls.data?.results ?? []).map(fromTextWall), ...(composites.data?.results ?? []).map(fromComposite)]
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        .slice(0, 6),
    [walls.data, composites.data],
  );
  const running = recent.filter((v) => isWorking(v.status));
  const done: Record<(typeof STEPS)[number]['key'], boolean> = {
    context: (contexts.data?.count ?? 0) > 0,
    demo: (demos.data?.count ?? 0) > 0,
    videos: (walls.data?.count ?? 0) + (composites.data?.count ?? 0) > 0,
  };
  const [playing, setPlaying] = useState<VideoItem | null>(null);
  const anyDone = Object.values(done).some(Boolean);
  const loaded = !!teamSlug && !contexts.isLoading && !demos.isLoading && !walls.isLoading;
  // A user whose team has done nothing yet is new here: welcomed, not welcomed back.
  const title = loaded && anyDone ? `Welcome back, ${firstName}` : `Welcome, ${firstName}`;
  return (
    <>
      <PageHeader title={title} description={team ? `You are working in ${team.name}.` : undefined} />
      <div className="mb-8 grid gap-4 md:grid-cols-3">
        <Card className="gap-2">
          <CardHeader>
            <CardDescription className="flex items-center gap-1.5">
              <Coins className="size-4" aria-hidden /> Credits
            </CardDescription>
            <CardTitle className="text-2xl tabular-nums" aria-label="Credit balance">
              {balance.data ? balance.data.balance : '—'}
            </CardTitle>
          </CardHeader>
          <CardContent className="text-xs text-muted-foreground">
            <Link to="/settings/subscription" className="underline">
              Credits and subscription
            </Link>
          </CardContent>
        </Card>
        <Card className="gap-2 md:col-span-2">
          <CardHeader>
            <CardDescription>Rendering now</CardDescription>
            <CardTitle className="text-base">{running.length ? `${running.length} video${running.length === 1 ? '' : 's'} in progress` : 'Nothing rendering'}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            {running.slice(0, 3).map((v) => (
              <div key={v.id} className="grid gap-1">
                <span className="truncate text-sm" dir="auto">
                  {v.title}
                </span>
                <RenderProgress value={v.progress} label={`Rendering ${v.title}`} />
              </div>
            ))}
            {!running.length && (
              <Button asChild variant="outline" size="sm" className="justify-self-start">
                <Link to="/create/text-wall">
                  <Sparkles aria-hidden /> Create text walls
                </Link>
              </Button>
            )}
          </CardContent>
        </Card>
      </div>
      {/* a saved setup and one more click make the next batch */}
      {teamSlug && <TemplatesSection />}
      {recent.length > 0 && (
        <section className="mb-8" aria-labelledby="recent-videos">
          <div className="mb-3 flex items-baseline justify-between">
            <h2 id="recent-videos" className="text-sm font-semibold text-muted-foreground">
              Recent videos
            </h2>
            <Link to="/videos" className="text-sm font-medium text-primary">
              All videos
            </Link>
          </div>
          <div className="grid grid-cols-2 gap-x-3 gap-y-5 sm:grid-cols-3 lg:grid-cols-6">
            {recent.map((item) => (
              <VideoCard key={item.id} item={item} actions={{ onPlay: setPlaying }} />
            ))}
          </div>
        </section>
      )}
      <VideoPlayerDialog item={playing} onClose={() => setPlaying(null)} />
      <h2 className="mb-3 text-sm font-semibold text-muted-foreground">Get started in three steps</h2>
      <ol className="grid gap-4 md:grid-cols-3" aria-label="Get started" aria-busy={!loaded}>
        {STEPS.map((step, index) => (
          <li key={step.to} aria-label={`${step.title}${done[step.key] ? ' (done)' : ''}`}>
            <Link to={step.to} className="group block h-full rounded-lg focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
              <Card className="h-full gap-3 transition-shadow group-hover:shadow-md">
                <CardHeader>
                  <span
                    className={cn(
                      'mb-2 flex size-9 items-center justify-center rounded-md',
                      done[step.key] ? 'bg-emerald-100 text-emerald-700' : 'bg-accent text-accent-foreground',
                    )}
                  >
                    {done[step.key] ? <CheckCircle2 className="size-4" aria-hidden /> : <step.icon className="size-4" aria-hidden />}
                  </span>
                  <CardTitle className="text-base">
                    {index + 1}. {step.title}
                  </CardTitle>
                  <CardDescription>{step.text}</CardDescription>
                </CardHeader>
                <CardContent className="mt-auto flex items-center gap-1 text-sm font-medium text-primary">
                  {done[step.key] ? 'Done' : 'Start'} <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
                </CardContent>
              </Card>
            </Link>
          </li>
        ))}
      </ol>
    </>
  );
}
