import { RefreshCw } from 'lucide-react';
import { describeError } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** The error state of a list that did not load: what failed, why in the product's words, and Retry. */
export function LoadError({ what, error, onRetry, className }: { what: string; error: unknown; onRetry: () => void; className?: string }) {
  return (
    <div role="alert" className={cn('flex flex-col items-center gap-3 rounded-lg border border-dashed px-6 py-10 text-center', className)}>
      <p className="text-sm font-medium">We could not load {what}.</p>
      <p className="text-sm text-muted-foreground">{describeError(error, 'Please try again in a moment.')}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden /> Retry
      </Button>
    </div>
  );
}
