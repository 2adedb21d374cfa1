import { MAX_NAME_CHARS } from '@hookwall/video/limits';
import type { Context } from '@/api/api';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { INLINE, type BuilderDispatch, type BuilderState } from './builder-state';

/** Step 1: the product context the texts are written from, or a new one described here. */
export function ProductStep({
  contexts,
  isLoading,
  contextId,
  state,
  dispatch,
}: {
  contexts: Context[];
  isLoading: boolean;
  /** the effective choice (builder-state.ts `effectiveContextId`) */
  contextId: string;
  state: Pick<BuilderState, 'inlineName' | 'inlineContent'>;
  dispatch: BuilderDispatch;
}) {
  return (
    <section className="grid gap-4" aria-labelledby="step-product">
      <h2 id="step-product" className="text-lg font-semibold">
        Which product are these videos for?
      </h2>
      {isLoading ? (
        <Skeleton className="h-9 w-full" />
      ) : (
        <div className="grid gap-1.5">
          <Label htmlFor="wizard-context">Product context</Label>
          <Select value={contextId} onValueChange={(value) => dispatch({ type: 'set', patch: { contextId: value } })}>
            <SelectTrigger id="wizard-context">
              <SelectValue placeholder="Choose a product context" />
            </SelectTrigger>
            <SelectContent>
              {contexts.map((c) => (
                <SelectItem key={c.id} value={String(c.id)}>
                  {c.name}
                </SelectItem>
              ))}
              <SelectItem value={INLINE}>Write a new one here…</SelectItem>
            </SelectContent>
          </Select>
        </div>
      )}
      {contextId === INLINE && (
        <div className="grid gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor="wizard-name">Product name</Label>
            {/* a context's name has the same limit as a video's (the API's contexts.schemas.ts) */}
            <Input
              id="wizard-name"
              dir="auto"
              maxLength={MAX_NAME_CHARS}
              value={state.inlineName}
              onChange={(e) => dispatch({ type: 'set', patch: { inlineName: e.target.value } })}
              placeholder="Glow Serum"
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="wizard-content">What it does and what makes it special</Label>
            <textarea
              id="wizard-content"
              dir="auto"
              rows={5}
              value={state.inlineContent}
              onChange={(e) => dispatch({ type: 'set', patch: { inlineContent: e.target.value } })}
              className="rounded-md border bg-background px-3 py-2 text-sm"
              placeholder={'Gives dull skin a glow in 7 days.\nWhat makes it special:\n- Vitamin C\n- Vegan'}
            />
            <p className="text-xs text-muted-foreground">It is saved to your product contexts when the texts are written.</p>
          </div>
        </div>
      )}
    </section>
  );
}
