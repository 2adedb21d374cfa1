import { MAX_COMPOSITES_PER_CALL } from '@hookwall/video/limits';
import { Film } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useGetApiBrandVideosQuery, usePostApiCompositeVideosBulkCreateHookProductDemoMutation, type BrandVideo, type CompositeVideo } from '@/api/api';
import { describeError, fieldErrorsOf } from '@/api/errors';
import { useAppSelector } from '@/app/hooks';
import { CompositionPlayer } from '@/components/composition-player';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/use-toast';
import { DEFAULT_KIT, KitPicker, kitRequest, kitStylePatch, useBrandKits, type KitChoice } from '@/features/brand';
import { MusicPicker, musicChoiceOf, musicRequest, type MusicChoice } from '@/features/music';
import { SaveTemplateButton, TemplatePicker, type TemplateOf } from '@/features/templates';
import { withTeamKey } from '@/lib/team-cache-key';
import { ClipPicker } from './clip-picker';
import { AspectField, ClipFitField, firstUnder, PresetField } from './composite-fields';
import { useFocusFirstError } from './focus-first-error';
import type { KeptDraft } from './kept-draft';
import { hookDemoDraftFrom, hookDemoDraftRequest, HookDemoTextFields, styleWithBars, type HookDemoDraft, type HookDemoField } from './hook-demo-fields';
import { hookDemoSetupOf, templateOfHookDemo } from './hook-demo-template';
import { PairTexts, pairsOf, pairTexts } from './pair-texts';
import { usePreviewSpeech } from '@/features/text-wall';
import { NO_VOICE_OVER, VoiceOverFields, voiceOverRequest, type VoiceOverDraft } from './voice-over-fields';


/** What a new batch's form holds, kept while the Videos page lives (closing by Escape loses nothing). */
export interface HookDemoKept {
  hookIds: string[];
  demoIds: string[];
  draft: HookDemoDraft;
  ownTexts: Record<string, string>;
  voiceOver?: VoiceOverDraft;
  music?: MusicChoice | null;
  brandKit?: KitChoice;
}

const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The dialog's subtitle: what the hooks and demos picked make. */
export function pairsSummary(hooks: number, demos: number): string {
  if (!hooks && !demos) return 'Pick hooks and demos: every hook is joined to every demo, so 2 hooks and 3 demos make 6 videos.';
  if (!demos) return `${count(hooks, 'hook')} picked: pick a demo too, every hook is joined to every demo.`;
  if (!hooks) return `${count(demos, 'demo')} picked: pick a hook too, every hook is joined to every demo.`;
  return `Every hook is joined to every demo: ${count(hooks, 'hook')} and ${count(demos, 'demo')} make ${count(hooks * demos, 'video')}.`;
}

/** The batch call's text fields, by the draft's names. */
const FIELDS: Record<string, HookDemoField> = { overlay_texts: 'hookText', demo_text: 'demoText', caption_text: 'captionText', product_name: 'productName', end_card_text: 'endCardText', brand_color: 'brandColor' };

/**
 * Hook + product demo composites: pick hooks and demos, a hook text per pair, preview the first,
 * create every combination. With `source` (duplicate and edit) it starts from that composite's
 * clips, texts and look; with `template` (a template opened from the home page) from its setup,
 * so that Create makes the batch (the team's kits are loaded before it opens); else from `kept`
 * (what was typed before it was closed), which it keeps up to date and empties once the videos
 * are made.
 */
export function CompositeDialog({
  open,
  onOpenChange,
  onCreated,
  source,
  template,
  kept,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCreated?: (jobId: string) => void;
  source?: CompositeVideo;
  template?: TemplateOf<'hook-product-demo'>;
  kept?: KeptDraft<HookDemoKept>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open && (
        <HookDemoForm
          key={source?.id ?? (template ? `template:${template.id}` : 'new')}
          source={source}
          template={source ? undefined : template}
          kept={source ? undefined : kept}
          onClose={() => onOpenChange(false)}
          onCreated={onCreated}
        />
      )}
    </Dialog>
  );
}

/** A duplicated composite's voice-over, else none. */
function voiceOverFrom(source?: CompositeVideo): VoiceOverDraft {
  if (!source?.voice) return NO_VOICE_OVER;
  const config = source.config as { voiceoverText?: string; speechStart?: 'demo' | 'hook'; captions?: { style: VoiceOverDraft['captions'] } | null };
  return { voiceId: source.voice.voice_id, speed: source.voice.speed, script: config.voiceoverText ?? '', start: config.speechStart ?? 'demo', captions: config.captions?.style ?? null };
}

/** The chosen ids in the order of the list (the order the pairs are shown and sent), those not in it last. */
function inListOrder(ids: string[], clips: BrandVideo[]): string[] {
  const listed = clips.filter((c) => ids.includes(c.id)).map((c) => c.id);
  return [...listed, ...ids.filter((id) => !listed.includes(id))];
}

function HookDemoForm({
  source,
  template,
  kept,
  onClose,
  onCreated,
}: {
  source?: CompositeVideo;
  template?: TemplateOf<'hook-product-demo'>;
  kept?: KeptDraft<HookDemoKept>;
  onClose: () => void;
  onCreated?: (jobId: string) => void;
}) {
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const { kits } = useBrandKits();
  // a template opened wins over what was typed before (read once, when the form opens)
  const [start] = useState(() => (template ? hookDemoSetupOf(template, kits) : null));
  const [restored] = useState(() => (start ? null : kept?.read()));
  const hooks = useGetApiBrandVideosQuery(withTeamKey({ kind: 'hook' as const, status: 'ready' as const, pageSize: 100 }, teamSlug), { skip: !teamSlug });
  const demos = useGetApiBrandVideosQuery(withTeamKey({ kind: 'product_demo' as const, status: 'ready' as const, pageSize: 100 }, teamSlug), { skip: !teamSlug });
  const [hookIds, setHookIds] = useState<string[]>(() => start?.hookIds ?? restored?.hookIds ?? (source?.hook_video_id ? [source.hook_video_id] : []));
  const [demoIds, setDemoIds] = useState<string[]>(() => start?.demoIds ?? restored?.demoIds ?? (source?.product_demo_video_id ? [source.product_demo_video_id] : []));
  const [draft, setDraft] = useState<HookDemoDraft>(() => start?.draft ?? restored?.draft ?? hookDemoDraftFrom(source));
  const [ownTexts, setOwnTexts] = useState<Record<string, string>>(() => restored?.ownTexts ?? {});
  const [voiceOver, setVoiceOver] = useState<VoiceOverDraft>(() => start?.voiceOver ?? restored?.voiceOver ?? voiceOverFrom(source));
  const [music, setMusic] = useState<MusicChoice | null>(() => start?.music ?? restored?.music ?? musicChoiceOf(source?.music));
  // the team's default kit unless a template or the kept form says otherwise (a copy too, as before the picker)
  const [brandKit, setBrandKit] = useState<KitChoice>(() => start?.brandKit ?? restored?.brandKit ?? DEFAULT_KIT);
  useEffect(() => {
    kept?.write({ hookIds, demoIds, draft, ownTexts, voiceOver, music, brandKit });
  }, [kept, hookIds, demoIds, draft, ownTexts, voiceOver, music, brandKit]);
  const applyTemplate = (picked: TemplateOf<'hook-product-demo'>) => {
    const setup = hookDemoSetupOf(picked, kits);
    setHookIds(setup.hookIds);
    setDemoIds(setup.demoIds);
    setDraft(setup.draft);
    setOwnTexts({});
    setVoiceOver(setup.voiceOver);
    setMusic(setup.music);
    setBrandKit(setup.brandKit);
    setErrors({});
    toast({ title: 'Template applied', description: `The setup of “${picked.name}” is in the form.` });
  };
  // the preview reads the script with the very speech asset the render will use
  const previewSpeech = usePreviewSpeech(voiceOver.voiceId, voiceOver.speed, voiceOver.script.trim() || null);
  const { ref: fieldsRef, request: focusFirstError } = useFocusFirstError<HTMLDivElement>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [create, createState] = usePostApiCompositeVideosBulkCreateHookProductDemoMutation();

  const hookList = useMemo(() => hooks.data?.results ?? [], [hooks.data]);
  const demoList = useMemo(() => demos.data?.results ?? [], [demos.data]);
  const clips = useMemo(() => new Map([...hookList, ...demoList].map((c) => [c.id, c])), [hookList, demoList]);
  const orderedHooks = inListOrder(hookIds, hookList);
  const orderedDemos = inListOrder(demoIds, demoList);
  const pairs = pairsOf(orderedHooks, orderedDemos, clips);
  const texts = pairs.length > 1 ? pairTexts(pairs, ownTexts, draft.hookText) : [draft.hookText];
  const tooMany = pairs.length > MAX_COMPOSITES_PER_CALL;
  const hooksSpeak = orderedHooks.some((id) => !!clips.get(id)?.transcript?.words.length);

  const update = (patch: Partial<HookDemoDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
  };
  const first = pairs[0];
  const firstText = texts[0] ?? '';
  const previewProps = useMemo(
    () => ({
      hook: first?.hook?.url && first.hook.duration ? { url: first.hook.url, durationInSeconds: first.hook.duration } : null,
      demo: first?.demo?.url && first.demo.duration ? { url: first.demo.url, durationInSeconds: first.demo.duration } : null,
      ...draft,
      hookText: firstText,
      style: styleWithBars(draft),
      // the voice-over's words and the first hook's own, captioned as the render will
      hookWords: first?.hook?.transcript?.words ?? [],
      captions: voiceOver.captions ? { style: voiceOver.captions } : null,
      ...(previewSpeech.status === 'ready' ? { speech: previewSpeech.speech, speechStart: voiceOver.start } : {}),
    }),
    [first, draft, firstText, previewSpeech, voiceOver.start, voiceOver.captions],
  );

  const submit = async () => {
    setFormError(null);
    try {
      const result = await create({
        bulkCreateHookProductDemoRequest: {
          hook_video_ids: orderedHooks,
          product_demo_video_ids: orderedDemos,
          // one per pair, in the pairs' order: pair i gets overlay_texts[i]
          overlay_texts: texts.some((t) => t.trim()) ? texts : [],
          ...hookDemoDraftRequest(draft),
          ...voiceOverRequest(voiceOver, hooksSpeak),
          ...musicRequest(music),
          ...kitRequest(brandKit),
        },
      }).unwrap();
      kept?.write(null);
      toast({ title: 'Composites on their way', description: `${result.total} video${result.total === 1 ? '' : 's'} queued for rendering.` });
      onClose();
      onCreated?.(result.job_id);
    } catch (e) {
      const fields = fieldErrorsOf(e);
      const mapped: Record<string, string> = {};
      for (const [key, message] of Object.entries(fields)) {
        const [name, index] = key.split('.');
        if (name === 'overlay_texts' && index !== undefined && pairs.length > 1) mapped[`pair.${index}`] = message;
        else if (name === 'voiceover_texts') mapped.script = message;
        else if (name === 'voice') mapped[index === undefined ? 'voice' : index] = message;
        else mapped[FIELDS[name!] ?? name!] = message;
      }
      setErrors(mapped);
      focusFirstError();
      if (!Object.keys(fields).length) setFormError(describeError(e));
    }
  };
  const pairErrors = Object.fromEntries(Object.entries(errors).flatMap(([k, v]) => (k.startsWith('pair.') ? [[Number(k.slice(5)), v]] : [])));

  return (
    <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-4xl" onInteractOutside={(e) => createState.isLoading && e.preventDefault()}>
      <DialogHeader>
        <DialogTitle>Hook + product demo</DialogTitle>
        <DialogDescription aria-live="polite">{pairsSummary(hookIds.length, demoIds.length)}</DialogDescription>
      </DialogHeader>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <TemplatePicker id="composite-template" composition="hook-product-demo" onPick={applyTemplate} />
        <SaveTemplateButton
          setup={() => templateOfHookDemo({ hookIds: orderedHooks, demoIds: orderedDemos, draft, voiceOver, music, brandKit }, kits)}
          saves="Keeps this setup under a name: the hooks and demos picked, the text typed for every video, the end card, format, style, brand kit, voice-over and music. Hook texts changed for one pair are not kept."
        />
      </div>
      <div ref={fieldsRef} className="grid min-w-0 gap-6 md:grid-cols-[minmax(0,1fr)_220px]">
        <div className="grid min-w-0 content-start gap-4">
          <ClipPicker id="composite-hooks" title="Hooks" clips={hookList} isLoading={hooks.isLoading} selected={hookIds} onChange={setHookIds} error={errors.hook_video_ids} empty="No hook clips yet. Upload clips on Product demos and mark them as hooks." />
          <ClipPicker id="composite-demos" title="Product demos" clips={demoList} isLoading={demos.isLoading} selected={demoIds} onChange={setDemoIds} error={errors.product_demo_video_ids} empty="No product demos yet. Upload one on Product demos." />
          <HookDemoTextFields
            idPrefix="composite"
            draft={draft}
            onChange={update}
            errors={errors}
            hookLabel={pairs.length > 1 ? 'Text over the hook (every video)' : 'Text over the hook'}
            afterHook={pairs.length > 1 && !tooMany && <PairTexts pairs={pairs} own={ownTexts} shared={draft.hookText} onChange={setOwnTexts} errors={pairErrors} />}
          />
          <div className="grid gap-3 sm:grid-cols-[repeat(2,minmax(0,1fr))]">
            <AspectField id="composite-aspect" value={draft.aspect} onChange={(aspect) => update({ aspect })} error={errors.aspect} />
            <PresetField id="composite-style" style={draft.style} onChange={(style) => update({ style })} error={firstUnder(errors, 'style')} />
          </div>
          <ClipFitField name="composite-clip-fit" style={draft.style} onChange={(style) => update({ style })} barColor={draft.brandColor} />
          <KitPicker
            id="composite-brand-kit"
            value={brandKit}
            kits={kits}
            error={errors.brand_kit_id}
            // the kit's colours and font go into the style, as in the builder
            onChange={(choice, kit) => {
              setBrandKit(choice);
              if (kit) update({ style: { ...draft.style, ...kitStylePatch(kit) } });
              else setErrors({});
            }}
          />
          <VoiceOverFields
            draft={voiceOver}
            onChange={(patch) => {
              setVoiceOver((v) => ({ ...v, ...patch }));
              setErrors({});
            }}
            errors={{ voice: errors.voice, script: errors.script, speed: errors.speed, start: errors.start }}
            preview={previewSpeech}
            hooksSpeak={hooksSpeak}
          />
          <MusicPicker
            idPrefix="composite"
            value={music}
            onChange={(next) => {
              setMusic(next);
              setErrors({});
            }}
            error={errors.music}
          />
        </div>
        {/* the preview stays in view while the form scrolls */}
        <div className="grid content-start gap-2 md:sticky md:top-0 md:self-start">
          <span className="text-sm font-medium">Preview</span>
          <CompositionPlayer compositionId="hook-product-demo" props={previewProps} label="Preview of the first pair" className="mx-auto w-full max-w-[220px]" />
        </div>
      </div>
      <FormAlert>{formError}</FormAlert>
      <DialogFooter className="items-center gap-2">
        {tooMany && <p className="text-sm text-destructive">At most {MAX_COMPOSITES_PER_CALL} videos at once.</p>}
        <Button variant="outline" onClick={onClose} disabled={createState.isLoading}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} disabled={pairs.length === 0 || tooMany || createState.isLoading}>
          <Film aria-hidden /> {createState.isLoading ? 'Creating…' : pairs.length === 0 ? 'Create videos' : `Create ${pairs.length} video${pairs.length === 1 ? '' : 's'}`}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
