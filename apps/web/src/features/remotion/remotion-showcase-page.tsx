import { Link } from '@tanstack/react-router';
import { AuthCard } from '@/components/auth-card';
import { Button } from '@/components/ui/button';

export function RemotionShowcasePage() {
  return (
    <AuthCard title="What Hookwall makes" description="Text walls, hook + product demo composites and multi-text walls, rendered as vertical videos.">
      <div className="mb-6 grid grid-cols-3 gap-3" aria-hidden>
        {['from-indigo-500 to-violet-500', 'from-rose-500 to-orange-400', 'from-emerald-500 to-cyan-500'].map((g) => (
          <div key={g} className={`aspect-[9/16] rounded-lg bg-gradient-to-b ${g} shadow-sm`} />
        ))}
      </div>
      <Button asChild className="w-full">
        <Link to="/signup">Start making videos</Link>
      </Button>
    </AuthCard>
  );
}
