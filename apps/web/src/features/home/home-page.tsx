import { Link } from '@tanstack/react-router';
import { ArrowRight, FileText, Film, Sparkles } from 'lucide-react';
import { useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/layout/page-header';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const STEPS = [
  { to: '/context', icon: FileText, title: 'Add your product context', text: 'Tell us what your product does so we can write hooks for it.' },
  { to: '/product-demos', icon: Film, title: 'Upload a product demo', text: 'A few seconds of your product in action, filmed vertically.' },
  { to: '/create/text-wall', icon: Sparkles, title: 'Create your first videos', text: 'Pick hooks and backgrounds; we render dozens at once.' },
] as const;

export function HomePage() {
  const user = useAppSelector((s) => s.session.user);
  const team = useAppSelector((s) => s.ui.currentTeam);
  const firstName = user?.first_name || user?.get_display_name?.split(' ')[0] || 'there';
  return (
    <>
      <PageHeader title={`Welcome back, ${firstName}`} description={team ? `You are working in ${team.name}.` : undefined} />
      <h2 className="mb-3 text-sm font-semibold text-muted-foreground">Get started in three steps</h2>
      <ol className="grid gap-4 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.to}>
            <Link to={step.to} className="group block h-full rounded-lg focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none">
              <Card className="h-full gap-3 transition-shadow group-hover:shadow-md">
                <CardHeader>
                  <span className="mb-2 flex size-9 items-center justify-center rounded-md bg-accent text-accent-foreground">
                    <step.icon className="size-4" aria-hidden />
                  </span>
                  <CardTitle className="text-base">
                    {index + 1}. {step.title}
                  </CardTitle>
                  <CardDescription>{step.text}</CardDescription>
                </CardHeader>
                <CardContent className="mt-auto flex items-center gap-1 text-sm font-medium text-primary">
                  Start <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden />
                </CardContent>
              </Card>
            </Link>
          </li>
        ))}
      </ol>
    </>
  );
}
