import { MAX_OVERLAY_TEXT_CHARS } from '@hookwall/video/limits';
import { RotateCcw } from 'lucide-react';
import type { BrandVideo } from '@/api/api';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { FieldMessage } from './composite-fields';

/** A (hook, demo) pair of a batch, in the order the API makes them. */
export interface Pair {
  key: string;
  hook: BrandVideo | undefined;
  demo: BrandVideo | undefined;
}

/**
 * The pairs of hooks × demos in the order POST bulk_create_hook_product_demo/ makes them: the hooks
 * in the order sent, each with every demo in turn; its overlay_texts[i] is pair i's hook text.
 */
export function pairsOf(hookIds: string[], demoIds: string[], clips: Map<string, BrandVideo>): Pair[] {
  return hookIds.flatMap((h) => demoIds.map((d) => ({ key: `${h}:${d}`, hook: clips.get(h), demo: clips.get(d) })));
}

/** Each pair's hook text: its own when the user changed it, else the text typed for all. */
export function pairTexts(pairs: Pair[], own: Record<string, string>, shared: string): string[] {
  return pairs.map((p) => own[p.key] ?? shared);
}

/** One hook text per pair, prefilled with the shared text, each editable on its own. */
export function PairTexts({ pairs, own, shared, onChange, errors }: { pairs: Pair[]; own: Record<string, string>; shared: string; onChange: (own: Record<string, string>) => void; errors: Record<number, string> }) {
  const texts = pairTexts(pairs, own, shared);
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1 text-sm font-medium">Hook text for each video</legend>
      <p className="text-xs text-muted-foreground">Each starts with the text above; change any to test another hook on that pair.</p>
      <ol className="grid max-h-72 min-w-0 gap-2 overflow-y-auto pr-1">
        {pairs.map((pair, i) => {
          const name = `${pair.hook?.title ?? 'Hook'} + ${pair.demo?.title ?? 'Demo'}`;
          const id = `pair-text-${i}`;
          const isOwn = own[pair.key] !== undefined;
          return (
            <li key={pair.key} className="grid min-w-0 gap-1">
              <label htmlFor={id} className="flex min-w-0 items-baseline gap-2 text-xs text-muted-foreground">
                <span className="shrink-0 tabular-nums">{i + 1}.</span>
                <span className="min-w-0 truncate" title={name}>
                  {name}
                </span>
              </label>
              <div className="flex min-w-0 gap-1">
                <Input
                  id={id}
                  dir="auto"
                  value={texts[i]}
                  maxLength={MAX_OVERLAY_TEXT_CHARS}
                  onChange={(e) => onChange({ ...own, [pair.key]: e.target.value })}
                  aria-label={`Hook text for ${name}`}
                  aria-invalid={errors[i] ? true : undefined}
                  aria-describedby={errors[i] ? `${id}-error` : undefined}
                  className="min-w-0"
                />
                {isOwn && (
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-9 shrink-0"
                    onClick={() => onChange(Object.fromEntries(Object.entries(own).filter(([k]) => k !== pair.key)))}
                    aria-label={`Use the shared text for ${name}`}
                  >
                    <RotateCcw aria-hidden />
                  </Button>
                )}
              </div>
              <FieldMessage id={`${id}-error`} error={errors[i]} />
            </li>
          );
        })}
      </ol>
    </fieldset>
  );
}
