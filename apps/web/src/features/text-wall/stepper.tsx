import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import { STEPS } from './builder-state';

/**
 * The builder's steps as buttons: done ones show a tick, and one the user cannot reach yet is
 * disabled. On a phone the five names do not fit side by side: the other steps show their number
 * (their name stays their accessible name and tooltip) and the current one its name in full.
 */
export function Stepper({ step, onStep, canReach }: { step: number; onStep: (step: number) => void; canReach: (step: number) => boolean }) {
  return (
    <ol className="mb-6 flex gap-2 sm:grid sm:grid-cols-5" aria-label="Steps">
      {STEPS.map((label, i) => {
        const isCurrent = step === i;
        return (
          <li key={label} className={cn(isCurrent ? 'min-w-0 flex-1' : 'flex-none')}>
            <button
              type="button"
              onClick={() => onStep(i)}
              disabled={!canReach(i)}
              aria-current={isCurrent ? 'step' : undefined}
              title={label}
              className={cn(
                'flex w-full items-center gap-2 rounded-md border px-2 py-2 text-left text-sm transition disabled:opacity-50 sm:px-3',
                isCurrent ? 'border-primary bg-primary/5 font-medium' : 'hover:bg-accent',
              )}
            >
              <span className={cn('flex size-6 shrink-0 items-center justify-center rounded-full text-xs', i < step ? 'bg-primary text-primary-foreground' : 'bg-muted')}>
                {i < step ? <Check className="size-3.5" aria-hidden /> : i + 1}
              </span>
              <span className={cn('truncate', !isCurrent && 'sr-only sm:not-sr-only')}>{label}</span>
              {isCurrent && <span aria-hidden className="ml-auto shrink-0 text-xs font-normal text-muted-foreground sm:hidden">{`${i + 1} of ${STEPS.length}`}</span>}
            </button>
          </li>
        );
      })}
    </ol>
  );
}
