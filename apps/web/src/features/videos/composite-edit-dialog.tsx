import { Film } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useGetApiBrandVideosByIdQuery, usePatchApiCompositeVideosByIdMutation, usePostApiCompositeVideosByIdRenderMutation, type CompositeVideo } from '@/api/api';
import { describeError, fieldErrorsOf } from '@/api/errors';
import { useAppSelector } from '@/app/hooks';
import { CompositionPlayer } from '@/components/composition-player';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { toast } from '@/components/ui/use-toast';
import { MusicPicker, musicChoiceOf, musicRequest, type MusicChoice } from '@/features/music';
import { withTeamKey } from '@/lib/team-cache-key';
import { AspectField, ClipFitField, errorsUnder, firstUnder, PresetField } from './composite-fields';
import { hookDemoDraftFrom, HookDemoTextFields, styleWithBars, type HookDemoDraft } from './hook-demo-fields';

/**
 * Edit a hook + demo composite: its texts (hook, demo, caption, the end card's product name and
 * call to action), brand colour, format, style, the clips' placement and the music; saved with PATCH
 * /api/composite-videos/{id}/, then rendered again. Its clips stay (Duplicate and edit picks others).
 */
export function CompositeEditDialog({ source, onOpenChange }: { source: CompositeVideo | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={!!source} onOpenChange={onOpenChange}>
      {source && <EditForm key={source.id} source={source} onClose={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function EditForm({ source, onClose }: { source: CompositeVideo; onClose: () => void }) {
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const hook = useGetApiBrandVideosByIdQuery(withTeamKey({ id: source.hook_video_id ?? '' }, teamSlug), { skip: !teamSlug || !source.hook_video_id });
  const demo = useGetApiBrandVideosByIdQuery(withTeamKey({ id: source.product_demo_video_id ?? '' }, teamSlug), { skip: !teamSlug || !source.product_demo_video_id });
  const [draft, setDraft] = useState<HookDemoDraft>(() => hookDemoDraftFrom(source));
  const [music, setMusic] = useState<MusicChoice | null>(() => musicChoiceOf(source.music));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [patch, patchState] = usePatchApiCompositeVideosByIdMutation();
  const [render, renderState] = usePostApiCompositeVideosByIdRenderMutation();
  const isBusy = patchState.isLoading || renderState.isLoading;
  const update = (next: Partial<HookDemoDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setErrors({});
  };
  const previewProps = useMemo(
    () => ({
      hook: hook.data?.url && hook.data.duration ? { url: hook.data.url, durationInSeconds: hook.data.duration } : null,
      demo: demo.data?.url && demo.data.duration ? { url: demo.data.url, durationInSeconds: demo.data.duration } : null,
      ...draft,
      style: styleWithBars(draft),
    }),
    [hook.data, demo.data, draft],
  );

  const submit = async () => {
    setFormError(null);
    const { hookText, demoText, captionText, productName, endCardText, brandColor, aspect } = draft;
    try {
      const config = { hookText, demoText, captionText, productName, endCardText, brandColor, aspect, style: styleWithBars(draft) };
      // no music sends null: the music the video had is taken off
      await patch({ id: source.id, compositeVideoRequest: { config, music: musicRequest(music).music ?? null } }).unwrap();
    } catch (e) {
      const all = fieldErrorsOf(e);
      const fields = { ...errorsUnder(all, 'config.'), ...(firstUnder(all, 'music') ? { music: firstUnder(all, 'music')! } : {}) };
      setErrors(fields);
      if (!Object.keys(fields).length) setFormError(describeError(e));
      return;
    }
    try {
      await render({ id: source.id, body: {} }).unwrap();
      toast({ title: 'Saved', description: 'The video is rendering again with your changes.' });
    } catch (e) {
      // saved all the same: say so, and why it is not rendering
      toast({ variant: 'destructive', title: 'Saved, but not rendered', description: describeError(e) });
    }
    onClose();
  };

  return (
    <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-4xl" onInteractOutside={(e) => isBusy && e.preventDefault()}>
      <DialogHeader>
        <DialogTitle>Edit hook + product demo</DialogTitle>
        <DialogDescription>
          {hook.data?.title ?? 'Hook'} + {demo.data?.title ?? 'demo'}: change the texts and the look, then render it again.
        </DialogDescription>
      </DialogHeader>
      <div className="grid min-w-0 gap-6 md:grid-cols-[minmax(0,1fr)_220px]">
        <div className="grid min-w-0 content-start gap-4">
          <HookDemoTextFields idPrefix="composite-edit" draft={draft} onChange={update} errors={errors} />
          <div className="grid gap-3 sm:grid-cols-[repeat(2,minmax(0,1fr))]">
            <AspectField id="composite-edit-aspect" value={draft.aspect} onChange={(aspect) => update({ aspect })} error={errors.aspect} />
            <PresetField id="composite-edit-style" style={draft.style} onChange={(style) => update({ style })} error={firstUnder(errors, 'style')} />
          </div>
          <ClipFitField name="composite-edit-clip-fit" style={draft.style} onChange={(style) => update({ style })} barColor={draft.brandColor} />
          <MusicPicker
            idPrefix="composite-edit"
            value={music}
            onChange={(next) => {
              setMusic(next);
              setErrors({});
            }}
            error={errors.music}
          />
        </div>
        <div className="grid content-start gap-2">
          <span className="text-sm font-medium">Preview</span>
          <CompositionPlayer compositionId="hook-product-demo" props={previewProps} label="Preview of the edited video" className="mx-auto w-full max-w-[220px]" />
        </div>
      </div>
      <FormAlert>{formError}</FormAlert>
      <DialogFooter className="items-center gap-2">
        <Button variant="outline" onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} disabled={isBusy}>
          <Film aria-hidden /> {isBusy ? 'Saving…' : 'Save and render'}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
