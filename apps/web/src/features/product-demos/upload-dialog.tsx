import { CheckCircle2, FileVideo, Loader2, X, XCircle } from 'lucide-react';
import { useState } from 'react';
import { FileUploader } from '@/components/file-uploader/file-uploader';
import { formatBytes } from '@/components/file-uploader/file-rules';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { cn } from '@/lib/utils';
import { CLIP_ACCEPT, CLIP_KINDS, formatTimeLeft, MAX_CLIP_BYTES, type ClipKind } from './clip-format';
import type { UploadItem, useUploadQueue } from './use-upload-queue';

type Queue = ReturnType<typeof useUploadQueue>;

function KindSelect({ id, value, onChange, label, disabled, className }: { id?: string; value: ClipKind; onChange: (kind: ClipKind) => void; label: string; disabled?: boolean; className?: string }) {
  return (
    <Select value={value} onValueChange={(v) => onChange(v as ClipKind)} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {CLIP_KINDS.map((k) => (
          <SelectItem key={k.value} value={k.value}>
            {k.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}

function UploadRow({ item, queue }: { item: UploadItem; queue: Queue }) {
  const size = item.file.size;
  const percent = size > 0 ? Math.min(100, Math.round((item.loaded / size) * 100)) : 0;
  // the speed comes with the progress (use-upload-queue.ts): reading the clock here would make the render impure
  const rate = item.bytesPerSecond;
  const timeLeft = item.status === 'uploading' && rate > 0 && item.loaded < size ? formatTimeLeft((size - item.loaded) / rate) : '';
  const canCancel = item.status === 'queued' || item.status === 'uploading';
  const canRemove = item.status === 'failed' || item.status === 'cancelled';

  return (
    <li aria-label={item.file.name} data-status={item.status} className="grid gap-2 rounded-md border p-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <FileVideo className="size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="grid min-w-0 flex-1 basis-32">
          <span className="truncate text-sm font-medium" title={item.file.name}>
            {item.file.name}
          </span>
          <span className="text-xs text-muted-foreground">{formatBytes(size)}</span>
        </div>
        {item.status === 'queued' ? (
          <div className="order-last w-full sm:order-none sm:w-36">
            <KindSelect value={item.kind} onChange={(kind) => queue.setKind(item.key, kind)} label={`Kind of ${item.file.name}`} className="h-8" />
          </div>
        ) : (
          <span className="text-xs text-muted-foreground">{CLIP_KINDS.find((k) => k.value === item.kind)?.label}</span>
        )}
        {canCancel && (
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Cancel ${item.file.name}`} onClick={() => queue.cancel(item.key)}>
            <X aria-hidden />
          </Button>
        )}
        {canRemove && (
          <Button variant="ghost" size="icon" className="size-8" aria-label={`Remove ${item.file.name}`} onClick={() => queue.cancel(item.key)}>
            <X aria-hidden />
          </Button>
        )}
      </div>
      {(item.status === 'uploading' || item.status === 'processing') && (
        <div className="grid gap-1">
          <div
            role="progressbar"
            aria-label={`Uploading ${item.file.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1.5 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className={cn('h-full rounded-full bg-primary transition-[width]', item.status === 'processing' && 'animate-pulse')} style={{ width: `${percent}%` }} />
          </div>
          <p className="flex justify-between text-xs text-muted-foreground" aria-live="polite">
            {item.status === 'processing' ? (
              <span className="inline-flex items-center gap-1">
                <Loader2 className="size-3 animate-spin" aria-hidden /> Processing…
              </span>
            ) : (
              <span>{percent}%</span>
            )}
            <span>{timeLeft}</span>
          </p>
        </div>
      )}
      {item.status === 'ready' && (
        <p className="inline-flex items-center gap-1 text-xs text-success">
          <CheckCircle2 className="size-3.5" aria-hidden /> Uploaded
        </p>
      )}
      {item.status === 'failed' && (
        <p className="inline-flex items-start gap-1 text-xs text-destructive">
          <XCircle className="mt-px size-3.5 shrink-0" aria-hidden /> {item.error}
        </p>
      )}
      {item.status === 'cancelled' && <p className="text-xs text-muted-foreground">Cancelled</p>}
    </li>
  );
}

/** The /product-demos upload modal: drop zone, several files, a kind per file, per-file progress and cancel. */
export function UploadDialog({ open, onOpenChange, queue }: { open: boolean; onOpenChange: (open: boolean) => void; queue: Queue }) {
  const [kind, setKind] = useState<ClipKind>('product_demo');
  const queued = queue.items.filter((i) => i.status === 'queued').length;
  const hasFinished = queue.items.some((i) => i.status === 'ready' || i.status === 'failed' || i.status === 'cancelled');

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Upload clips</DialogTitle>
          <DialogDescription>Vertical MP4, MOV or WebM clips of a few seconds work best. Uploads continue if you close this window.</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor="upload-kind">New files are</Label>
          <KindSelect id="upload-kind" value={kind} onChange={setKind} label="Kind of new files" className="w-full sm:w-48" />
        </div>
        <FileUploader onFiles={(files) => queue.add(files, kind)} accept={CLIP_ACCEPT} maxSize={MAX_CLIP_BYTES} label="Drop videos here or click to choose" />
        {queue.items.length > 0 && (
          <ul aria-label="Uploads" className="grid max-h-72 gap-2 overflow-y-auto">
            {queue.items.map((item) => (
              <UploadRow key={item.key} item={item} queue={queue} />
            ))}
          </ul>
        )}
        <DialogFooter>
          {hasFinished && (
            <Button variant="ghost" onClick={queue.clearFinished}>
              Clear finished
            </Button>
          )}
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {queue.isBusy ? 'Hide' : 'Done'}
          </Button>
          <Button onClick={queue.start} disabled={queued === 0}>
            {queued > 1 ? `Upload ${queued} files` : 'Upload'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
