import { Link } from '@tanstack/react-router';
import { ArrowRight, CheckCircle2, FileText, Film, Sparkles } from 'lucide-react';
import { useGetApiBrandVideosQuery, useGetApiContextsQuery } from '@/api/api';
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
  const done: Record<(typeof STEPS)[number]['key'], boolean> = {
    context: (contexts.data?.count ?? 0) > 0,
    demo: (demos.data?.count ?? 0) > 0,
    // Until the video API lands there is no list to ask; the step stays open.
    videos: false,
  };
  const anyDone = Object.values(done).some(Boolean);
  const loaded = !!teamSlug && !contexts.isLoading && !demos.isLoading;
  // A user whose team has done nothing yet is new here: welcomed, not welcomed back.
  const title = loaded && anyDone ? `Welcome back, ${firstName}` : `Welcome, ${firstName}`;
  return (
    <>
      <PageHeader title={title} description={team ? `You are working in ${team.name}.` : undefined} />
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
