import { LayoutTemplate, Loader2 } from 'lucide-react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { usePostApiTextWallVideosGenerateTextsMutation, type Context } from '@/api/api';
import { describeError } from '@/api/errors';
import { toast } from '@/components/ui/use-toast';
import { INLINE, STEP, STEPS, type BuilderDispatch, type BuilderState } from './builder-state';
import { copyOptionsRequest, LANGUAGE_LABELS } from './copy-options';

/**
 * A batch started from a template (the home page's templates open `/create/text-wall?template=`):
 * the texts come from where the builder always takes them, the copywriter writing from the product
 * (the one chosen, else the most recent), as many as the template says, in its tone, formula and
 * language; then the builder opens its last step, where Create makes the batch in one click.
 * Nothing is written when the builder already has texts (a reload keeps its draft), and without a
 * product it waits on the Product step for one.
 */
export type TemplateStart = 'pending' | 'writing' | 'written' | 'no-product' | 'failed' | null;

export function useTemplateStart({
  active,
  contextId,
  state,
  dispatch,
}: {
  /** opened from a template, with no texts yet */
  active: boolean;
  /** the effective product context (builder-state.ts `effectiveContextId`): '' while the list loads */
  contextId: string;
  state: Pick<BuilderState, 'count' | 'copyOptions'>;
  dispatch: BuilderDispatch;
}): TemplateStart {
  const [generate, generating] = usePostApiTextWallVideosGenerateTextsMutation();
  // once: the effect runs twice under StrictMode, and a second batch of texts would cost again
  const started = useRef(false);
  const start = useEffectEvent(async (context: number) => {
    if (started.current) return;
    started.current = true;
    try {
      const result = await generate({ generateTextsRequest: { context_id: context, count: state.count, ...copyOptionsRequest(state.copyOptions) } }).unwrap();
      dispatch({ type: 'addTexts', texts: result.texts });
      dispatch({ type: 'set', patch: { step: result.texts.length ? STEPS.length - 1 : STEP.texts } });
      toast({
        title: 'Texts written',
        description: `${result.texts.length} text${result.texts.length === 1 ? '' : 's'} in ${LANGUAGE_LABELS[result.language]}${result.credits_spent ? ` for ${result.credits_spent} credits` : ''}. Check them, then create the videos.`,
      });
    } catch (e) {
      dispatch({ type: 'set', patch: { step: STEP.texts } });
      toast({ variant: 'destructive', title: 'Could not write texts', description: describeError(e) });
    }
  });
  const canStart = active && contextId !== '' && contextId !== INLINE;
  useEffect(() => {
    if (canStart) void start(Number(contextId));
  }, [canStart, contextId]);
  if (!active) return null;
  if (generating.isUninitialized) return contextId === INLINE ? 'no-product' : 'pending';
  return generating.isLoading ? 'writing' : generating.isSuccess ? 'written' : 'failed';
}

/** What the builder does with the template it was opened from, read out as it changes. */
export function TemplateStartNotice({ name, phase, contexts, contextId, count }: { name: string; phase: TemplateStart; contexts: Context[]; contextId: string; count: number }) {
  const product = contexts.find((c) => String(c.id) === contextId)?.name;
  let message: string;
  switch (phase) {
    case 'pending':
    case 'writing':
      message = product ? `Writing ${count} texts from “${product}”…` : `Writing ${count} texts…`;
      break;
    case 'written':
      message = 'Texts written from your product: check them and the style, then create the videos.';
      break;
    case 'no-product':
      message = 'Describe your product first: the texts are written from it.';
      break;
    case 'failed':
      message = 'The texts could not be written: generate them again, paste or upload them.';
      break;
    default:
      message = 'Its setup is applied.';
  }
  return (
    <div role="status" className="mb-4 flex items-center gap-2 rounded-md border border-dashed px-3 py-2 text-sm">
      {phase === 'pending' || phase === 'writing' ? <Loader2 className="size-4 shrink-0 animate-spin" aria-hidden /> : <LayoutTemplate className="size-4 shrink-0 text-muted-foreground" aria-hidden />}
      <span>
        <span className="font-medium" dir="auto">
          {name}
        </span>
        {`: ${message}`}
      </span>
    </div>
  );
}
