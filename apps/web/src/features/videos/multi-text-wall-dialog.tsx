import { Layers } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import {
  useGetApiTextWallBackgroundVideosQuery,
  usePatchApiCompositeVideosByIdMutation,
  usePostApiCompositeVideosByIdRenderMutation,
  usePostApiCompositeVideosMutation,
  type CompositeVideo,
} from '@/api/api';
import { describeError, fieldErrorsOf } from '@/api/errors';
import { useAppSelector } from '@/app/hooks';
import { CompositionPlayer } from '@/components/composition-player';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { DEFAULT_KIT, KitPicker, kitRequest, kitStylePatch, useBrandKits } from '@/features/brand';
import { MusicPicker, musicRequest } from '@/features/music';
import { SaveTemplateButton, TemplatePicker, type TemplateOf } from '@/features/templates';
import { withTeamKey } from '@/lib/team-cache-key';
import { AspectField, ClipFitField, errorsUnder, firstUnder, PresetField, TRIGGER } from './composite-fields';
import { useFocusFirstError } from './focus-first-error';
import type { KeptDraft } from './kept-draft';
import { checkDraft, configOf, draftFrom, previewPropsOf, totalSeconds, type MultiWallDraft, type Transition } from './multi-text-wall-state';
import { multiWallDraftOf, templateOfMultiWall } from './multi-text-wall-template';
import { WallsEditor } from './walls-editor';

/**
 * What the dialog does: make a new one (from a template opened from the home page, whose kits are
 * loaded before it opens), change `source` and render it again, or start a new one from `source`.
 */
export type CompositeDialogMode = { mode: 'create'; template?: TemplateOf<'multi-text-wall'> } | { mode: 'edit' | 'duplicate'; source: CompositeVideo };

const TITLES = { create: 'Multi text wall', edit: 'Edit multi text wall', duplicate: 'Duplicate multi text wall' } as const;

/**
 * A multi text wall ('multi-text-wall'): several walls in sequence, each its text, length and
 * background from the team's library, with a transition, a format and a style; a live preview
 * and the total length. Creates it (POST /api/composite-videos/, rendered at once) or, editing,
 * saves it (PATCH) and renders it again. A new one starts from `kept` (what was typed before it
 * was closed), kept up to date and emptied once it is created.
 */
export function MultiTextWallDialog({ state, onOpenChange, kept }: { state: CompositeDialogMode | null; onOpenChange: (open: boolean) => void; kept?: KeptDraft<MultiWallDraft> }) {
  return (
    <Dialog open={!!state} onOpenChange={onOpenChange}>
      {/* a new key for each video edited or copied: the form starts again from it */}
      {state && (
        <MultiTextWallForm
          key={state.mode === 'create' ? (state.template ? `template:${state.template.id}` : 'new') : `${state.mode}:${state.source.id}`}
          state={state}
          kept={state.mode === 'create' ? kept : undefined}
          onClose={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  );
}

function MultiTextWallForm({ state, kept, onClose }: { state: CompositeDialogMode; kept?: KeptDraft<MultiWallDraft>; onClose: () => void }) {
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const library = useGetApiTextWallBackgroundVideosQuery(withTeamKey({ pageSize: 100, status: 'ready' as const }, teamSlug), { skip: !teamSlug });
  const backgrounds = useMemo(() => library.data?.results ?? [], [library.data]);
  const byId = useMemo(() => new Map(backgrounds.map((bg) => [bg.id, bg])), [backgrounds]);
  const { kits } = useBrandKits();
  // a template opened wins over what was typed before
  const [draft, setDraft] = useState<MultiWallDraft>(() =>
    state.mode === 'create' && state.template ? multiWallDraftOf(state.template, kits) : (kept?.read() ?? draftFrom(state.mode === 'create' ? null : state.source)),
  );
  useEffect(() => {
    kept?.write(draft);
  }, [kept, draft]);
  const { ref: fieldsRef, request: focusFirstError } = useFocusFirstError<HTMLDivElement>();
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [hasTried, setHasTried] = useState(false);
  const [create, createState] = usePostApiCompositeVideosMutation();
  const [patch, patchState] = usePatchApiCompositeVideosByIdMutation();
  const [render, renderState] = usePostApiCompositeVideosByIdRenderMutation();
  const isBusy = createState.isLoading || patchState.isLoading || renderState.isLoading;
  const isEdit = state.mode === 'edit';

  const update = (next: Partial<MultiWallDraft>) => {
    setDraft((d) => ({ ...d, ...next }));
    setServerErrors({});
  };
  // the checks made here show once the user has tried to save; the API's until the next change
  const errors = { ...(hasTried ? checkDraft(draft) : {}), ...serverErrors };
  const preview = useMemo(() => previewPropsOf(draft, byId), [draft, byId]);
  const seconds = totalSeconds(draft);

  const submit = async () => {
    setHasTried(true);
    setFormError(null);
    if (Object.keys(checkDraft(draft)).length) return focusFirstError();
    const config = configOf(draft);
    try {
      // editing, no music sends null: the music the video had is taken off
      if (isEdit) await patch({ id: state.source.id, compositeVideoRequest: { config, music: musicRequest(draft.music).music ?? null } }).unwrap();
      else await create({ compositeVideoCreateRequest: { composition_id: 'multi-text-wall', config, ...musicRequest(draft.music), ...kitRequest(draft.brandKit ?? DEFAULT_KIT) } }).unwrap();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      const mine = { ...errorsUnder(fields, 'config.'), ...(firstUnder(fields, 'music') ? { music: firstUnder(fields, 'music')! } : {}) };
      setServerErrors(mine);
      focusFirstError();
      // what no field shows: another field's message, or the server's detail
      const rest = Object.entries(fields).filter(([k]) => !k.startsWith('config.') && k !== 'music' && !k.startsWith('music.'));
      if (!Object.keys(mine).length || rest.length) setFormError(rest[0]?.[1] ?? describeError(e));
      return;
    }
    if (!isEdit) {
      kept?.write(null);
      toast({ title: 'Multi text wall on its way', description: 'It appears in your videos as it renders.' });
    } else {
      try {
        await render({ id: state.source.id, body: {} }).unwrap();
        toast({ title: 'Saved', description: 'The video is rendering again with your changes.' });
      } catch (e) {
        // saved all the same: say so, and why it is not rendering
        toast({ variant: 'destructive', title: 'Saved, but not rendered', description: describeError(e) });
      }
    }
    onClose();
  };

  return (
    <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-4xl" onInteractOutside={(e) => isBusy && e.preventDefault()}>
      <DialogHeader>
        <DialogTitle>{TITLES[state.mode]}</DialogTitle>
        <DialogDescription>Several walls of text in sequence, with transitions: a story, a list, a before and after.</DialogDescription>
      </DialogHeader>
      {!isEdit && (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <TemplatePicker
            id="mtw-template"
            composition="multi-text-wall"
            onPick={(picked) => {
              update(multiWallDraftOf(picked, kits));
              toast({ title: 'Template applied', description: `The walls and look of “${picked.name}” are in the form.` });
            }}
          />
          <SaveTemplateButton
            setup={() => templateOfMultiWall(draft, kits)}
            saves="Keeps this setup under a name: the walls’ texts and backgrounds (used in turn), the first wall’s length for every wall, the transition, format, style, brand kit and music."
          />
        </div>
      )}
      <div ref={fieldsRef} className="grid min-w-0 gap-6 md:grid-cols-[minmax(0,1fr)_240px]">
        <div className="grid min-w-0 content-start gap-4">
          <WallsEditor walls={draft.walls} onChange={(walls) => update({ walls })} backgrounds={backgrounds} errors={errors} />
          {library.isError ? (
            <p className="text-sm text-muted-foreground" role="status">
              The background library could not be loaded: the walls can use the brand gradient meanwhile.{' '}
              <Button variant="link" className="h-auto p-0" onClick={() => void library.refetch()}>
                Retry
              </Button>
            </p>
          ) : (
            library.isSuccess &&
            backgrounds.length === 0 && <p className="text-sm text-muted-foreground">No backgrounds in the library yet: the walls use the brand gradient.</p>
          )}
          <div className="grid gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))]">
            <div className="grid min-w-0 gap-1.5">
              <Label htmlFor="mtw-transition">Transition</Label>
              <Select value={draft.transition} onValueChange={(v) => update({ transition: v as Transition })}>
                <SelectTrigger id="mtw-transition" className={TRIGGER}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="fade">Fade</SelectItem>
                  <SelectItem value="slide">Slide</SelectItem>
                  <SelectItem value="none">Cut</SelectItem>
                </SelectContent>
              </Select>
            </div>
            <AspectField id="mtw-aspect" value={draft.aspect} onChange={(aspect) => update({ aspect })} error={errors.aspect} />
            <PresetField id="mtw-style" style={draft.style} onChange={(style) => update({ style })} error={firstUnder(errors, 'style')} />
          </div>
          <ClipFitField name="mtw-clip-fit" style={draft.style} onChange={(style) => update({ style })} />
          <MusicPicker idPrefix="mtw" value={draft.music} onChange={(music) => update({ music })} error={errors.music} />
          {/* an edited video keeps the kit it was made with */}
          {!isEdit && (
            <KitPicker
              id="mtw-brand-kit"
              value={draft.brandKit ?? DEFAULT_KIT}
              kits={kits}
              onChange={(brandKit, kit) => update({ brandKit, ...(kit ? { style: { ...draft.style, ...kitStylePatch(kit) } } : {}) })}
            />
          )}
        </div>
        <div className="grid content-start gap-2 md:sticky md:top-0 md:self-start">
          <span className="text-sm font-medium">Preview</span>
          <CompositionPlayer compositionId="multi-text-wall" props={preview} label="Preview of the multi text wall" className="mx-auto w-full max-w-[240px]" />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Total length: <span className="font-medium tabular-nums text-foreground">{seconds.toFixed(1)} s</span>
            {draft.transition !== 'none' && draft.walls.length > 1 ? ' (the transitions overlap the walls)' : ''}
          </p>
        </div>
      </div>
      <FormAlert>{formError}</FormAlert>
      <DialogFooter className="items-center gap-2">
        <Button variant="outline" onClick={onClose} disabled={isBusy}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} disabled={isBusy}>
          <Layers aria-hidden /> {isBusy ? 'Saving…' : isEdit ? 'Save and render' : 'Create video'}
        </Button>
      </DialogFooter>
    </DialogContent>
  );
}
