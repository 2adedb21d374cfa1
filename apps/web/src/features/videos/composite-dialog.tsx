import { MAX_COMPOSITES_PER_CALL, MAX_OVERLAY_TEXT_CHARS } from '@hookwall/video/limits';
import { Film } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useGetApiBrandVideosQuery, usePostApiCompositeVideosBulkCreateHookProductDemoMutation, type BrandVideo } from '@/api/api';
import { describeError } from '@/api/errors';
import { useAppSelector } from '@/app/hooks';
import { CompositionPlayer } from '@/components/composition-player';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { withTeamKey } from '@/lib/team-cache-key';

function ClipPicker({ title, clips, isLoading, selected, onChange, empty }: { title: string; clips: BrandVideo[]; isLoading: boolean; selected: string[]; onChange: (ids: string[]) => void; empty: string }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">{title}</legend>
      {isLoading ? (
        <Skeleton className="h-24 w-full" />
      ) : clips.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid max-h-56 gap-1 overflow-y-auto pr-1">
          {clips.map((clip) => {
            const isOn = selected.includes(clip.id);
            return (
              <li key={clip.id}>
                <label className="flex cursor-pointer items-center gap-3 rounded-md border p-2 hover:bg-accent">
                  <Checkbox checked={isOn} onCheckedChange={(v) => onChange(v === true ? [...selected, clip.id] : selected.filter((id) => id !== clip.id))} aria-label={`Use ${clip.title}`} />
                  {clip.thumbnail_url ? <img src={clip.thumbnail_url} alt="" className="h-12 w-8 rounded object-cover" /> : <span className="h-12 w-8 rounded bg-muted" />}
                  <span className="min-w-0 flex-1 truncate text-sm">{clip.title}</span>
                  <span className="text-xs tabular-nums text-muted-foreground">{clip.duration ? `${clip.duration.toFixed(1)} s` : ''}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
    </fieldset>
  );
}

/** Hook + product demo composites: pick hooks and demos, preview a pair, create every combination. */
export function CompositeDialog({ open, onOpenChange, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; onCreated?: (jobId: string) => void }) {
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const hooks = useGetApiBrandVideosQuery(withTeamKey({ kind: 'hook' as const, status: 'ready' as const, pageSize: 100 }, teamSlug), { skip: !open || !teamSlug });
  const demos = useGetApiBrandVideosQuery(withTeamKey({ kind: 'product_demo' as const, status: 'ready' as const, pageSize: 100 }, teamSlug), { skip: !open || !teamSlug });
  const [hookIds, setHookIds] = useState<string[]>([]);
  const [demoIds, setDemoIds] = useState<string[]>([]);
  const [hookText, setHookText] = useState('');
  const [caption, setCaption] = useState('');
  const [productName, setProductName] = useState('');
  const [create, createState] = usePostApiCompositeVideosBulkCreateHookProductDemoMutation();
  const pairs = hookIds.length * demoIds.length;
  const hook = hooks.data?.results.find((c) => c.id === hookIds[0]);
  const demo = demos.data?.results.find((c) => c.id === demoIds[0]);
  const previewProps = useMemo(
    () => ({
      hook: hook?.url && hook.duration ? { url: hook.url, durationInSeconds: hook.duration } : null,
      demo: demo?.url && demo.duration ? { url: demo.url, durationInSeconds: demo.duration } : null,
      hookText,
      captionText: caption,
      productName,
    }),
    [hook, demo, hookText, caption, productName],
  );
  const submit = async () => {
    try {
      const result = await create({
        bulkCreateHookProductDemoRequest: { hook_video_ids: hookIds, product_demo_video_ids: demoIds, overlay_texts: hookText ? [hookText] : [], caption_text: caption, product_name: productName },
      }).unwrap();
      toast({ title: 'Composites on their way', description: `${result.total} video${result.total === 1 ? '' : 's'} queued for rendering.` });
      onOpenChange(false);
      setHookIds([]);
      setDemoIds([]);
      onCreated?.(result.job_id);
    } catch (e) {
      toast({ variant: 'destructive', title: 'Could not create the videos', description: describeError(e) });
    }
  };
  return (
    <Dialog open={open} onOpenChange={(next) => !createState.isLoading && onOpenChange(next)}>
      <DialogContent className="max-h-[92vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Hook + product demo</DialogTitle>
          <DialogDescription>Every hook you pick is joined to every demo: 3 hooks and 2 demos make 6 videos.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-6 md:grid-cols-[1fr_220px]">
          <div className="grid gap-4">
            <ClipPicker title="Hooks" clips={hooks.data?.results ?? []} isLoading={hooks.isLoading} selected={hookIds} onChange={setHookIds} empty="No hook clips yet. Upload clips on Product demos and mark them as hooks." />
            <ClipPicker title="Product demos" clips={demos.data?.results ?? []} isLoading={demos.isLoading} selected={demoIds} onChange={setDemoIds} empty="No product demos yet. Upload one on Product demos." />
            <div className="grid gap-1.5">
              <Label htmlFor="composite-hook-text">Text over the hook</Label>
              <Input id="composite-hook-text" value={hookText} maxLength={MAX_OVERLAY_TEXT_CHARS} onChange={(e) => setHookText(e.target.value)} placeholder="Wait for it… 👀" dir="auto" />
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <div className="grid gap-1.5">
                <Label htmlFor="composite-caption">Caption bar</Label>
                <Input id="composite-caption" value={caption} maxLength={MAX_OVERLAY_TEXT_CHARS} onChange={(e) => setCaption(e.target.value)} placeholder="20% off today" dir="auto" />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="composite-product">Product name (end card)</Label>
                <Input id="composite-product" value={productName} maxLength={80} onChange={(e) => setProductName(e.target.value)} dir="auto" />
              </div>
            </div>
          </div>
          <div className="grid content-start gap-2">
            <span className="text-sm font-medium">Preview</span>
            <CompositionPlayer compositionId="hook-product-demo" props={previewProps} label="Preview of the first pair" />
          </div>
        </div>
        <DialogFooter className="items-center gap-2">
          {pairs > MAX_COMPOSITES_PER_CALL && <p className="text-sm text-destructive">At most {MAX_COMPOSITES_PER_CALL} videos at once.</p>}
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={createState.isLoading}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={pairs === 0 || pairs > MAX_COMPOSITES_PER_CALL || createState.isLoading}>
            <Film aria-hidden /> {createState.isLoading ? 'Creating…' : pairs === 0 ? 'Create videos' : `Create ${pairs} video${pairs === 1 ? '' : 's'}`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
