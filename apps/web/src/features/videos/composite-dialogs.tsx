import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { CompositeVideo, VideoTemplate } from '@/api/api';
import type { TemplateOf } from '@/features/templates';
import { CompositeDialog, type HookDemoKept } from './composite-dialog';
import { CompositeEditDialog } from './composite-edit-dialog';
import { MultiTextWallDialog, type CompositeDialogMode } from './multi-text-wall-dialog';
import { useKeptDraft } from './kept-draft';
import type { MultiWallDraft } from './multi-text-wall-state';
import type { VideoItem } from './video-items';

/**
 * The dialogs that make, edit and copy composites, for the videos page: a hook + demo batch (new,
 * or copied from a composite), a multi text wall (new, edited or copied), a hook + demo edited.
 * A text wall is copied in the builder (`/create/text-wall?from=`), as before. What was typed in a
 * new one is kept while the page lives: closed by Escape or a click outside, it opens as it was.
 * `template` (the page's `?template=`, loaded with the team's kits) opens its composition's dialog
 * with its setup; `onTemplateClosed` is called when that dialog closes, made or not.
 */
export function useCompositeDialogs(
  onBatchCreated: (jobId: string) => void,
  { template, onTemplateClosed }: { template?: VideoTemplate; onTemplateClosed?: () => void } = {},
): {
  newHookDemo: () => void;
  newMultiTextWall: () => void;
  duplicate: (item: VideoItem) => void;
  edit: (item: VideoItem) => void;
  dialogs: ReactNode;
} {
  const navigate = useNavigate();
  const [hookDemo, setHookDemo] = useState<{ source?: CompositeVideo } | null>(null);
  const [multiWall, setMultiWall] = useState<CompositeDialogMode | null>(null);
  const [editing, setEditing] = useState<CompositeVideo | null>(null);
  const hookDemoKept = useKeptDraft<HookDemoKept>();
  const multiWallKept = useKeptDraft<MultiWallDraft>();
  const isMulti = (c: CompositeVideo | undefined) => c?.composition_id === 'multi-text-wall';
  // a dialog the user opened wins over the template's
  const hookDemoTemplate = !hookDemo && template?.composition === 'hook-product-demo' ? (template as TemplateOf<'hook-product-demo'>) : undefined;
  const multiWallTemplate = !multiWall && template?.composition === 'multi-text-wall' ? (template as TemplateOf<'multi-text-wall'>) : undefined;
  return {
    newHookDemo: () => setHookDemo({}),
    newMultiTextWall: () => setMultiWall({ mode: 'create' }),
    duplicate: (item) => {
      if (item.kind === 'text_wall') void navigate({ to: '/create/text-wall', search: { from: item.id } });
      else if (isMulti(item.composite)) setMultiWall({ mode: 'duplicate', source: item.composite! });
      else if (item.composite) setHookDemo({ source: item.composite });
    },
    edit: (item) => {
      if (isMulti(item.composite)) setMultiWall({ mode: 'edit', source: item.composite! });
      else if (item.composite) setEditing(item.composite);
    },
    dialogs: (
      <>
        <CompositeDialog
          open={!!hookDemo || !!hookDemoTemplate}
          source={hookDemo?.source}
          template={hookDemoTemplate}
          onOpenChange={(open) => {
            if (open) return;
            setHookDemo(null);
            if (hookDemoTemplate) onTemplateClosed?.();
          }}
          onCreated={onBatchCreated}
          kept={hookDemoKept}
        />
        <MultiTextWallDialog
          state={multiWall ?? (multiWallTemplate ? { mode: 'create', template: multiWallTemplate } : null)}
          onOpenChange={(open) => {
            if (open) return;
            setMultiWall(null);
            if (multiWallTemplate) onTemplateClosed?.();
          }}
          kept={multiWallKept}
        />
        <CompositeEditDialog source={editing} onOpenChange={(open) => !open && setEditing(null)} />
      </>
    ),
  };
}
