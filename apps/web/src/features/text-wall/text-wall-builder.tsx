import { useBlocker, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight, Sparkles } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import {
  useGetApiContextsQuery,
  useGetApiTextWallBackgroundVideosQuery,
  usePostApiContextsMutation,
  usePostApiTextWallVideosBulkCreateMutation,
  type TextWallBackgroundVideo,
  type TextWallVideo,
} from '@/api/api';
import { describeError, fieldErrorsOf } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { focusFirstError } from '@/features/videos';
import { withTeamKey } from '@/lib/team-cache-key';
import { BackgroundsStep } from './backgrounds-step';
import { INLINE, STEP, STEPS, useBuilderState, type BuilderAction } from './builder-state';
import { chosenKit, kitEndCard, kitRequest, useBrandKits } from '@/features/brand';
import { SaveTemplateButton, TemplatePicker, type TemplateOf } from '@/features/templates';
import { usePickerTracks } from '@/features/music';
import { builderFieldErrors, builderMusicRequest, clearFieldErrors, endCardRequest, NO_FIELD_ERRORS, voiceRequest, type BuilderFieldErrors } from './create-request';
import { clearDraft, draftKey, hasUnsavedWork, loadDraft, saveDraft } from './draft';
import { styleRequest, videoCount } from './matrix';
import { VideoCountSummary } from './matrix-choice';
import { PreviewPanel } from './preview-panel';
import { ProductStep } from './product-step';
import { StyleStep } from './style-step';
import { Stepper } from './stepper';
import { builderPatchOf, templateOfBuilder } from './template-state';
import { TemplateStartNotice, useTemplateStart } from './template-start';
import { TextsStep } from './texts-step';
import { VoiceStep } from './voice-step';
import { useGetApiVoicesQuery } from './voices-api';

/**
 * The five steps (product, texts, backgrounds, voice, style) beside the live preview, then one bulk
 * request. `source` (duplicate and edit) is the video whose text, background and style it starts from;
 * `template` (a template opened from the home page) the setup it starts from, its texts written on
 * the way to the last step (template-start.tsx). The team's kits are loaded when it mounts with one.
 */
export function TextWallBuilder({ teamSlug, source, like, template }: { teamSlug: string | undefined; source?: TextWallVideo; like?: string[]; template?: TemplateOf<'text-wall'> }) {
  const navigate = useNavigate();
  const contexts = useGetApiContextsQuery(withTeamKey({ pageSize: 100, ordering: '-updated_at' }, teamSlug), { skip: !teamSlug });
  const backgrounds = useGetApiTextWallBackgroundVideosQuery(withTeamKey({ pageSize: 100, status: 'ready' as const }, teamSlug), { skip: !teamSlug });
  const [createContext] = usePostApiContextsMutation();
  const [bulkCreate, bulkState] = usePostApiTextWallVideosBulkCreateMutation();
  const voices = useGetApiVoicesQuery(undefined, { skip: !teamSlug });
  const { kits } = useBrandKits();
  // the draft of this team's builder (or of this copy), restored on mount and saved on every change
  const key = teamSlug ? draftKey(teamSlug, source?.id, like, template?.id) : null;
  // more like the winners: the video's setup, not its text, and the texts step open to write new ones
  const { state, dispatch: apply, contextId, cleanTexts, tooMany, canReach } = useBuilderState(source, contexts.data?.results, () => ({
    ...(like ? { texts: [''], step: STEP.texts } : {}),
    ...(template ? builderPatchOf(template, kits) : {}),
    ...(key ? loadDraft(key) : null),
  }));
  const { step } = state;
  // opened from a template with no texts yet (a reload keeps the draft's): the copywriter writes them
  const [startsFromTemplate] = useState(() => !!template && !hasUnsavedWork(state));
  const templateStart = useTemplateStart({ active: startsFromTemplate, contextId, state, dispatch: apply });
  // the API's field errors of the last Create, each gone once its field is changed
  const [fieldErrors, setFieldErrors] = useState<BuilderFieldErrors>(NO_FIELD_ERRORS);
  const dispatch = (action: BuilderAction) => {
    apply(action);
    setFieldErrors((errors) => clearFieldErrors(errors, action));
  };
  // a refused Create opens the step of the first field in error; once it shows, that field gets the focus
  const stepCard = useRef<HTMLDivElement>(null);
  const [focusTick, setFocusTick] = useState(0);
  useEffect(() => {
    if (focusTick) focusFirstError(stepCard.current);
  }, [focusTick]);
  // a voice of the draft that the list no longer has (removed from the configuration): silent again
  const voiceList = voices.data?.results;
  useEffect(() => {
    if (voiceList && state.voiceId !== null && !voiceList.some((v) => v.id === state.voiceId)) apply({ type: 'set', patch: { voiceId: null } });
  }, [voiceList, state.voiceId, apply]);
  // a track of the draft that the team no longer has (deleted since): no music again
  const music = usePickerTracks();
  useEffect(() => {
    if (music.isComplete && state.musicTrackId !== null && !music.tracks.some((t) => t.id === state.musicTrackId)) apply({ type: 'set', patch: { musicTrackId: null } });
  }, [music.isComplete, music.tracks, state.musicTrackId, apply]);
  // set once the videos are created: the draft is gone and leaving loses nothing
  const created = useRef(false);
  useEffect(() => {
    if (key && !created.current) saveDraft(key, state);
  }, [key, state]);
  // leaving for another page (or closing the tab) with texts not yet made into videos asks first
  const leaving = useBlocker({
    shouldBlockFn: ({ current, next }) => !created.current && current.pathname !== next.pathname,
    enableBeforeUnload: () => !created.current,
    disabled: !hasUnsavedWork(state),
    withResolver: true,
  });

  const bgList = useMemo(() => backgrounds.data?.results ?? [], [backgrounds.data]);
  const chosenBackgrounds = useMemo(
    () => state.backgroundIds.map((id) => bgList.find((b) => b.id === id)).filter((b): b is TextWallBackgroundVideo => !!b),
    [state.backgroundIds, bgList],
  );

  const ensureContextId = async (): Promise<number | null> => {
    if (contextId && contextId !== INLINE) return Number(contextId);
    const name = state.inlineName.trim();
    const content = state.inlineContent.trim();
    if (!name || !content) {
      toast({ variant: 'destructive', title: 'Describe the product first', description: 'Give it a name and say what it does.' });
      return null;
    }
    const created = await createContext({ contextRequest: { name, type: 'product', content } }).unwrap();
    dispatch({ type: 'set', patch: { contextId: String(created.id) } });
    return created.id;
  };

  const onCreate = async () => {
    setFieldErrors(NO_FIELD_ERRORS);
    try {
      const result = await bulkCreate({
        bulkVideoJobCreateRequest: {
          texts: cleanTexts,
          background_video_ids: state.backgroundIds,
          ...styleRequest(state),
          ...voiceRequest(state),
          ...kitRequest(state.brandKit),
          ...endCardRequest(state, kitEndCard(chosenKit(state.brandKit, kits))),
          ...builderMusicRequest(state),
          aspect: state.aspect,
          ...(contextId && contextId !== INLINE ? { context_id: Number(contextId) } : {}),
        },
      }).unwrap();
      created.current = true;
      if (key) clearDraft(key);
      toast({ title: 'Videos on their way', description: `${result.total} video${result.total === 1 ? '' : 's'} queued for rendering.` });
      void navigate({ to: '/videos', search: { job: result.job_id } });
    } catch (e) {
      const errors = builderFieldErrors(fieldErrorsOf(e));
      setFieldErrors(errors);
      if (errors.step !== null) {
        goTo(errors.step);
        setFocusTick((n) => n + 1);
      }
      toast({ variant: 'destructive', title: 'Could not create the videos', description: describeError(e) });
    }
  };

  const goTo = (next: number) => dispatch({ type: 'set', patch: { step: next } });
  // one video per text, or (a test matrix) per text × background × style
  const { total: count, sum, tooMany: matrixTooMany } = videoCount(state, cleanTexts.length);
  return (
    <>
      {template && <TemplateStartNotice name={template.name} phase={templateStart} contexts={contexts.data?.results ?? []} contextId={contextId} count={state.count} />}
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <TemplatePicker
          id="wizard-template"
          composition="text-wall"
          onPick={(picked) => {
            dispatch({ type: 'applyTemplate', setup: builderPatchOf(picked, kits) });
            toast({ title: 'Template applied', description: `The setup of “${picked.name}” is in the builder; your texts and product stay.` });
          }}
        />
        <SaveTemplateButton
          setup={() => templateOfBuilder(state, kits)}
          saves="Keeps this setup under a name: format, style, brand kit, backgrounds, voice and captions, length and music, and how many texts to write in which tone, formula and language. Not the texts: a batch started from it writes new ones from your product."
        />
      </div>
      {/* a step already passed stays open, so the user can always go back */}
      <Stepper step={step} onStep={goTo} canReach={(s) => s <= step || canReach(s)} />
      <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
        <Card>
          <CardContent ref={stepCard} className="grid gap-5 p-5">
            {step === STEP.product && <ProductStep contexts={contexts.data?.results ?? []} isLoading={contexts.isLoading} contextId={contextId} state={state} dispatch={dispatch} />}
            {step === STEP.texts && <TextsStep state={state} dispatch={dispatch} contextId={contextId} ensureContextId={ensureContextId} tooMany={tooMany} errors={fieldErrors.texts} error={fieldErrors.textsAll} like={like} />}
            {step === STEP.backgrounds && (
              <BackgroundsStep teamSlug={teamSlug} backgrounds={bgList} isLoading={backgrounds.isLoading} backgroundIds={state.backgroundIds} style={state.style} combine={state.combine} dispatch={dispatch} />
            )}
            {step === STEP.voice && (
              <VoiceStep
                state={state}
                dispatch={dispatch}
                voices={voiceList ?? []}
                isLoading={voices.isLoading}
                error={voices.isError ? voices.error : null}
                onRetry={() => void voices.refetch()}
                errors={fieldErrors}
              />
            )}
            {step === STEP.style && <StyleStep state={state} dispatch={dispatch} errors={fieldErrors} />}
            {step === STEPS.length - 1 && <VideoCountSummary sum={sum} total={count} tooMany={matrixTooMany} />}
            <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-4">
              <Button variant="outline" onClick={() => goTo(Math.max(0, step - 1))} disabled={step === 0}>
                <ArrowLeft aria-hidden /> Back
              </Button>
              {step < STEPS.length - 1 ? (
                <Button onClick={() => goTo(step + 1)} disabled={!canReach(step + 1)}>
                  Next <ArrowRight aria-hidden />
                </Button>
              ) : (
                <Button onClick={() => void onCreate()} disabled={count === 0 || tooMany || matrixTooMany || bulkState.isLoading} aria-describedby={matrixTooMany ? 'wizard-count-limit' : undefined}>
                  <Sparkles aria-hidden /> {bulkState.isLoading ? 'Creating…' : `Create ${count} video${count === 1 ? '' : 's'}`}
                </Button>
              )}
            </div>
          </CardContent>
        </Card>
        <PreviewPanel texts={cleanTexts} backgrounds={chosenBackgrounds} state={state} dispatch={dispatch} total={count} />
      </div>
      <Dialog open={leaving.status === 'blocked'} onOpenChange={(open) => !open && leaving.reset?.()}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Leave without creating the videos?</DialogTitle>
            <DialogDescription>
              Your texts are not videos yet. Leave and they wait here as a draft while this tab is open; discard them and they are gone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => leaving.reset?.()}>
              Stay
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                created.current = true;
                if (key) clearDraft(key);
                leaving.proceed?.();
              }}
            >
              Discard and leave
            </Button>
            <Button onClick={() => leaving.proceed?.()}>Keep draft and leave</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
