import { AlertCircle, CheckCircle2, Clock, Loader2, Ban, PencilLine } from 'lucide-react';
import { cn } from '@/lib/utils';
import { STATUS_LABELS, type VideoStatus } from './video-items';

const TONES: Record<VideoStatus, string> = {
  draft: 'bg-muted text-muted-foreground',
  queued: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  rendering: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
  completed: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  cancelled: 'bg-muted text-muted-foreground',
};
const ICONS = { draft: PencilLine, queued: Clock, rendering: Loader2, completed: CheckCircle2, failed: AlertCircle, cancelled: Ban } as const;

export function StatusBadge({ status, className }: { status: VideoStatus; className?: string }) {
  const Icon = ICONS[status];
  return (
    <span className={cn('inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium', TONES[status], className)}>
      <Icon className={cn('size-3', status === 'rendering' && 'animate-spin')} aria-hidden />
      {STATUS_LABELS[status]}
    </span>
  );
}

/** A labelled progress bar (0..1) for a render. */
export function RenderProgress({ value, label, className }: { value: number; label: string; className?: string }) {
  const percent = Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <div className={cn('grid gap-1', className)}>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-1.5 overflow-hidden rounded-full bg-muted">
        <div className="h-full rounded-full bg-primary transition-[width] duration-500" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-xs tabular-nums text-muted-foreground">{percent}%</span>
    </div>
  );
}
