import { Loader2, Upload, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  useDeleteApiTextWallBackgroundVideosByIdMutation,
  usePostApiTextWallBackgroundVideosByIdConfirmUploadMutation,
  usePostApiTextWallBackgroundVideosByIdUploadUrlMutation,
  usePostApiTextWallBackgroundVideosMutation,
  type TextWallBackgroundVideo,
} from '@/api/api';
import { describeError } from '@/api/errors';
import { toastRejected } from '@/components/file-uploader/file-uploader';
import { UPLOAD_ERROR_TITLE, validateFiles } from '@/components/file-uploader/file-rules';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { CLIP_ACCEPT, clipContentType, formatTimeLeft, MAX_CLIP_BYTES, putFileWithProgress, titleOf, UploadCancelledError } from '@/features/product-demos';

interface Progress {
  name: string;
  size: number;
  loaded: number;
  bytesPerSecond: number;
  status: 'uploading' | 'processing';
}

/**
 * "Upload a background": the clip uploads' flow (create, upload URL, PUT with progress, confirm; see
 * docs/media.md) for a text-wall background, with its progress shown here. A failed or cancelled
 * upload removes the background it created; a ready one is handed to `onReady` (the step chooses it).
 */
export function BackgroundUpload({ onReady, disabled }: { onReady: (background: TextWallBackgroundVideo) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [create] = usePostApiTextWallBackgroundVideosMutation();
  const [uploadUrl] = usePostApiTextWallBackgroundVideosByIdUploadUrlMutation();
  const [confirm] = usePostApiTextWallBackgroundVideosByIdConfirmUploadMutation();
  const [remove] = useDeleteApiTextWallBackgroundVideosByIdMutation();
  useEffect(() => () => controller.current?.abort(), []);

  const upload = async (file: File) => {
    const abort = new AbortController();
    controller.current = abort;
    const startedAt = Date.now();
    setProgress({ name: file.name, size: file.size, loaded: 0, bytesPerSecond: 0, status: 'uploading' });
    let id: string | null = null;
    try {
      const contentType = clipContentType(file);
      if (!contentType) throw new Error('File type not supported');
      const created = await create({ textWallBackgroundVideoRequest: { name: titleOf(file.name), filename: file.name, content_type: contentType, size: file.size } }).unwrap();
      id = created.id;
      const target = await uploadUrl({ id, body: {} }).unwrap();
      await putFileWithProgress(target.upload_url, file, {
        method: target.method,
        headers: target.headers,
        signal: abort.signal,
        onProgress: ({ loaded }) => {
          const seconds = (Date.now() - startedAt) / 1000;
          setProgress((p) => p && { ...p, loaded, bytesPerSecond: seconds > 0.5 ? loaded / seconds : 0 });
        },
      });
      setProgress((p) => p && { ...p, loaded: file.size, status: 'processing' });
      const ready = await confirm({ id, body: {} }).unwrap();
      if (ready.status !== 'ready') throw new Error(ready.error ?? 'This file is not a video we can read.');
      onReady(ready);
      toast({ title: 'Background uploaded', description: `${ready.name} is chosen for your videos.` });
    } catch (error) {
      if (id) void remove({ id }).unwrap().catch(() => {});
      if (!(error instanceof UploadCancelledError)) {
        const reason = error instanceof Error ? error.message : describeError(error, 'The upload failed. Please try again.');
        toast({ variant: 'destructive', title: UPLOAD_ERROR_TITLE, description: `${file.name}: ${reason}` });
      }
    } finally {
      controller.current = null;
      setProgress(null);
    }
  };

  const take = (files: FileList | null) => {
    const { accepted, rejected } = validateFiles(Array.from(files ?? []), { maxSize: MAX_CLIP_BYTES, accept: CLIP_ACCEPT, multiple: false });
    toastRejected(rejected);
    if (accepted[0]) void upload(accepted[0]);
  };

  const percent = progress && progress.size > 0 ? Math.min(100, Math.round((progress.loaded / progress.size) * 100)) : 0;
  const rate = progress?.bytesPerSecond ?? 0;
  const timeLeft = progress?.status === 'uploading' && rate > 0 ? formatTimeLeft((progress.size - progress.loaded) / rate) : '';
  return (
    <div className="grid gap-2">
      <input
        ref={input}
        type="file"
        accept={CLIP_ACCEPT.join(',')}
        className="sr-only"
        tabIndex={-1}
        aria-label="Background video file"
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
      <Button type="button" variant="outline" size="sm" className="justify-self-start" disabled={disabled || !!progress} onClick={() => input.current?.click()}>
        <Upload aria-hidden /> Upload a background
      </Button>
      {progress && (
        <div className="grid gap-1 rounded-md border p-2.5">
          <div className="flex items-center gap-2 text-sm">
            <span className="min-w-0 flex-1 truncate" title={progress.name}>
              {progress.name}
            </span>
            {progress.status === 'uploading' && (
              <Button variant="ghost" size="icon" className="size-7" aria-label={`Cancel ${progress.name}`} onClick={() => controller.current?.abort()}>
                <X aria-hidden />
              </Button>
            )}
          </div>
          <div role="progressbar" aria-label={`Uploading ${progress.name}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-1.5 w-full overflow-hidden rounded-full bg-muted">
            <div className={cn('h-full rounded-full bg-primary transition-[width]', progress.status === 'processing' && 'animate-pulse')} style={{ width: `${percent}%` }} />
          </div>
          <p className="flex justify-between text-xs text-muted-foreground" aria-live="polite">
            {progress.status === 'processing' ? (
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
    </div>
  );
}
