import { X } from 'lucide-react';
import { useState } from 'react';
import { usePostApiBrandVideosBulkTagMutation } from '@/api/api';
import { describeError } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { normalizeTag } from './clip-format';

/** Adds a tag to, or removes it from, every selected clip at once. */
export function BulkTagBar({ ids, onClear }: { ids: string[]; onClear: () => void }) {
  const [tag, setTag] = useState('');
  const [bulkTag, state] = usePostApiBrandVideosBulkTagMutation();
  const run = async (action: 'add' | 'remove') => {
    const value = normalizeTag(tag);
    if (!value) return;
    try {
      const { updated } = await bulkTag({ brandVideoBulkTagRequest: { ids, [action]: [value] } }).unwrap();
      toast({
        variant: 'success',
        title: action === 'add' ? 'Tag added' : 'Tag removed',
        description: `${action === 'add' ? 'Added' : 'Removed'} “${value}” ${action === 'add' ? 'to' : 'from'} ${updated === 1 ? '1 clip' : `${updated} clips`}.`,
      });
      setTag('');
    } catch (error) {
      toast({ variant: 'destructive', title: 'Could not update the tags', description: describeError(error) });
    }
  };
  return (
    <div role="region" aria-label="Bulk tagging" className="sticky top-2 z-30 mb-4 flex flex-col gap-2 rounded-lg border bg-background/95 p-2 shadow-md backdrop-blur sm:flex-row sm:items-center">
      <span className="px-1 text-sm font-medium whitespace-nowrap">{ids.length} selected</span>
      <form
        className="flex flex-1 flex-wrap gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          void run('add');
        }}
      >
        <Input aria-label="Tag for the selected clips" placeholder="Tag" maxLength={40} value={tag} onChange={(e) => setTag(e.target.value)} className="h-8 min-w-32 flex-1 sm:max-w-56" />
        <Button type="submit" size="sm" disabled={!tag.trim() || state.isLoading}>
          Add tag
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={!tag.trim() || state.isLoading} onClick={() => void run('remove')}>
          Remove tag
        </Button>
      </form>
      <Button variant="ghost" size="sm" onClick={onClear} className="self-start sm:self-auto">
        <X aria-hidden /> Clear selection
      </Button>
    </div>
  );
}
