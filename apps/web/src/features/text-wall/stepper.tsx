import { Check } from 'lucide-react';
import { cn } from '@/lib/utils';
import { STEPS } from './builder-state';

/** The builder's steps as buttons: done ones show a tick, and one the user cannot reach yet is disabled. */
export function Stepper({ step, onStep, canReach }: { step: number; onStep: (step: number) => void; canReach: (step: number) => boolean }) {
  return (
    <ol className="mb-6 grid grid-cols-4 gap-2" aria-label="Steps">
      {STEPS.map((label, i) => (
        <li key={label}>
          <button
            type="button"
            onClick={() => onStep(i)}
            disabled={!canReach(i)}
            aria-current={step === i ? 'step' : undefined}
            className={cn(
              'flex w-full items-center gap-2 rounded-md border px-3 py-2 text-left text-sm transition disabled:opacity-50',
              step === i ? 'border-primary bg-primary/5 font-medium' : 'hover:bg-accent',
            )}
          >
            <span className={cn('flex size-6 shrink-0 items-center justify-center rounded-full text-xs', i < step ? 'bg-primary text-primary-foreground' : 'bg-muted')}>
              {i < step ? <Check className="size-3.5" aria-hidden /> : i + 1}
            </span>
            <span className="truncate">{label}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}
