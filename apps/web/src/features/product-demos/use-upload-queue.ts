import { useCallback, useEffect, useRef, useState } from 'react';
import {
  useDeleteApiBrandVideosByIdMutation,
  usePostApiBrandVideosByIdConfirmUploadMutation,
  usePostApiBrandVideosByIdUploadUrlMutation,
  usePostApiBrandVideosMutation,
} from '@/api/api';
import { describeError } from '@/api/errors';
import { toast } from '@/components/ui/use-toast';
import { UPLOAD_ERROR_TITLE } from '@/components/file-uploader/file-rules';
import { clipContentType, titleOf, type ClipKind } from './clip-format';
import { putFileWithProgress, UploadCancelledError } from './upload-file';

export type UploadStatus = 'queued' | 'uploading' | 'processing' | 'ready' | 'failed' | 'cancelled';

export interface UploadItem {
  key: string;
  file: File;
  kind: ClipKind;
  status: UploadStatus;
  loaded: number;
  /** the upload's speed so far, measured as its progress arrives (0 in its first half second, too early to say) */
  bytesPerSecond: number;
  error: string | null;
  videoId: string | null;
}

const CONCURRENCY = 3;
let nextKey = 0;

/**
 * The upload modal's queue. Each file goes create → upload_url → PUT (XMLHttpRequest, with
 * progress) → confirm_upload; a cancelled or failed upload removes the clip it created. The queue
 * lives with the page, so closing the modal does not stop uploads.
 */
export function useUploadQueue() {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const running = useRef(new Set<string>());
  const [createVideo] = usePostApiBrandVideosMutation();
  const [requestUploadUrl] = usePostApiBrandVideosByIdUploadUrlMutation();
  const [confirmUpload] = usePostApiBrandVideosByIdConfirmUploadMutation();
  const [deleteVideo] = useDeleteApiBrandVideosByIdMutation();

  const update = useCallback((key: string, patch: Partial<UploadItem>) => {
    setItems((prev) => prev.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  const add = useCallback((files: File[], kind: ClipKind) => {
    setItems((prev) => [
      ...prev,
      ...files.map((file) => ({ key: `upload-${++nextKey}`, file, kind, status: 'queued' as const, loaded: 0, bytesPerSecond: 0, error: null, videoId: null })),
    ]);
  }, []);

  const run = useCallback(
    async (item: UploadItem) => {
      const controller = new AbortController();
      controllers.current.set(item.key, controller);
      running.current.add(item.key);
      const startedAt = Date.now();
      update(item.key, { status: 'uploading', loaded: 0, bytesPerSecond: 0, error: null });
      let videoId: string | null = null;
      try {
        const contentType = clipContentType(item.file);
        if (!contentType) throw new Error('File type not supported');
        const video = await createVideo({
          brandVideoRequest: { title: titleOf(item.file.name), filename: item.file.name, content_type: contentType, size: item.file.size, kind: item.kind },
        }).unwrap();
        videoId = video.id;
        update(item.key, { videoId });
        if (controller.signal.aborted) throw new UploadCancelledError();
        const target = await requestUploadUrl({ id: video.id, body: {} }).unwrap();
        await putFileWithProgress(target.upload_url, item.file, {
          method: target.method,
          headers: target.headers,
          signal: controller.signal,
          onProgress: ({ loaded }) => {
            const seconds = (Date.now() - startedAt) / 1000;
            update(item.key, { loaded, bytesPerSecond: seconds > 0.5 ? loaded / seconds : 0 });
          },
        });
        update(item.key, { status: 'processing', loaded: item.file.size });
        const confirmed = await confirmUpload({ id: video.id, body: {} }).unwrap();
        if (confirmed.status === 'failed') {
          // the server already dropped the file; the row keeps the reason and the failed clip goes too
          throw new Error(confirmed.error ?? 'This file is not a video we can read.');
        }
        update(item.key, { status: 'ready' });
      } catch (error) {
        if (videoId) void deleteVideo({ id: videoId }).unwrap().catch(() => {});
        if (error instanceof UploadCancelledError || controller.signal.aborted) {
          update(item.key, { status: 'cancelled' });
        } else {
          const reason = error instanceof Error ? error.message : describeError(error, 'The upload failed. Please try again.');
          update(item.key, { status: 'failed', error: reason });
          toast({ variant: 'destructive', title: UPLOAD_ERROR_TITLE, description: `${item.file.name}: ${reason}` });
        }
      } finally {
        controllers.current.delete(item.key);
        running.current.delete(item.key);
      }
    },
    [createVideo, requestUploadUrl, confirmUpload, deleteVideo, update],
  );

  // start queued uploads, a few at a time, once `start` has marked them
  const [isStarted, setIsStarted] = useState(false);
  useEffect(() => {
    if (!isStarted) return;
    const slots = CONCURRENCY - running.current.size;
    const next = items.filter((i) => i.status === 'queued' && !running.current.has(i.key)).slice(0, Math.max(0, slots));
    for (const item of next) void run(item);
    if (next.length === 0 && running.current.size === 0) setIsStarted(false);
  }, [isStarted, items, run]);

  const start = useCallback(() => setIsStarted(true), []);

  const cancel = useCallback((key: string) => {
    const controller = controllers.current.get(key);
    if (controller) controller.abort();
    else setItems((prev) => prev.filter((i) => i.key !== key || (i.status !== 'queued' && i.status !== 'failed' && i.status !== 'cancelled')));
  }, []);

  const setKind = useCallback((key: string, kind: ClipKind) => update(key, { kind }), [update]);
  const clearFinished = useCallback(() => setItems((prev) => prev.filter((i) => i.status === 'uploading' || i.status === 'processing' || i.status === 'queued')), []);

  useEffect(() => {
    const map = controllers.current;
    return () => map.forEach((c) => c.abort());
  }, []);

  const isBusy = items.some((i) => i.status === 'uploading' || i.status === 'processing');
  return { items, add, start, cancel, setKind, clearFinished, isBusy };
}
