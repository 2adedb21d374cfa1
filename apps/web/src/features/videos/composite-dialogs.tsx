import { useNavigate } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { CompositeVideo } from '@/api/api';
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
 */
export function useCompositeDialogs(onBatchCreated: (jobId: string) => void): {
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
        <CompositeDialog open={!!hookDemo} source={hookDemo?.source} onOpenChange={(open) => !open && setHookDemo(null)} onCreated={onBatchCreated} kept={hookDemoKept} />
        <MultiTextWallDialog state={multiWall} onOpenChange={(open) => !open && setMultiWall(null)} kept={multiWallKept} />
        <CompositeEditDialog source={editing} onOpenChange={(open) => !open && setEditing(null)} />
      </>
    ),
  };
}
