import { useState } from 'react';
import { api, usePatchApiBrandVideosByIdMutation, type BrandVideo, type GetApiBrandVideosApiArg } from '@/api/api';
import { describeError } from '@/api/errors';
import { useAppDispatch } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { TagInput } from './tag-input';

/**
 * Edits one clip's tags (open while `video` is set). Saving shows the new tags on the clip's card at
 * once: `listArgs` are the arguments of the cached list page the card is in.
 */
export function TagsDialog({ video, onClose, listArgs, suggestions }: { video: BrandVideo | null; onClose: () => void; listArgs: GetApiBrandVideosApiArg; suggestions: string[] }) {
  const dispatch = useAppDispatch();
  const [patchVideo, patchState] = usePatchApiBrandVideosByIdMutation();

  const onSave = async (clip: BrandVideo, tags: string[]) => {
    // optimistic: the card shows the new tags at once, and goes back if the server refuses
    const undo = dispatch(
      api.util.updateQueryData('getApiBrandVideos', listArgs, (draft) => {
        const row = draft.results.find((v) => v.id === clip.id);
        if (row) row.tags = tags;
      }),
    );
    onClose();
    try {
      await patchVideo({ id: clip.id, patchedBrandVideoRequest: { tags } }).unwrap();
      toast({ variant: 'success', title: 'Tags saved', description: `${clip.title} now has ${tags.length === 1 ? '1 tag' : `${tags.length} tags`}.` });
    } catch (error) {
      undo.undo();
      toast({ variant: 'destructive', title: 'Could not save the tags', description: describeError(error) });
    }
  };

  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Edit tags</DialogTitle>
          <DialogDescription>Tags of “{video?.title}”, to find clips and pick them for composites.</DialogDescription>
        </DialogHeader>
        {/* keyed by clip: the tags edited start from the clip's each time one is opened */}
        {video && <TagsForm key={video.id} initial={video.tags} suggestions={suggestions} isSaving={patchState.isLoading} onCancel={onClose} onSave={(tags) => void onSave(video, tags)} />}
      </DialogContent>
    </Dialog>
  );
}

function TagsForm({ initial, suggestions, isSaving, onCancel, onSave }: { initial: string[]; suggestions: string[]; isSaving: boolean; onCancel: () => void; onSave: (tags: string[]) => void }) {
  const [tags, setTags] = useState(initial);
  return (
    <>
      <TagInput value={tags} onChange={setTags} label="Add a tag" suggestions={suggestions} autoFocus />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => onSave(tags)} disabled={isSaving}>
          Save tags
        </Button>
      </DialogFooter>
    </>
  );
}
