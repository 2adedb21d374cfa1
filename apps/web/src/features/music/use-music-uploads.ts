import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/api/api';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { toast } from '@/components/ui/use-toast';
import { TrackUploadCancelled, uploadTrack } from './upload-track';

export type UploadStatus = 'queued' | 'uploading' | 'processing' | 'done' | 'failed' | 'cancelled';

export interface TrackUpload {
  key: string;
  file: File;
  status: UploadStatus;
  /** bytes sent */
  loaded: number;
  error?: string;
}

let nextKey = 0;

/**
 * The Music page's uploads, one after the other (each is checked and converted by the server,
 * which takes a few seconds): a row per file with its progress, its reason when refused, and
 * cancel. The list of tracks is read again after each one that is added.
 */
export function useMusicUploads() {
  const dispatch = useAppDispatch();
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const [items, setItems] = useState<TrackUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const running = useRef(false);

  const patch = useCallback((key: string, change: Partial<TrackUpload>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i))), []);

  const next = items.find((i) => i.status === 'queued');
  useEffect(() => {
    if (!next || running.current || !teamSlug) return;
    running.current = true;
    const controller = new AbortController();
    controllers.current.set(next.key, controller);
    patch(next.key, { status: 'uploading', loaded: 0 });
    void uploadTrack(next.file, {
      teamSlug,
      dispatch,
      signal: controller.signal,
      onProgress: ({ loaded }) => patch(next.key, loaded >= next.file.size ? { status: 'processing', loaded: next.file.size } : { loaded }),
    })
      .then((track) => {
        patch(next.key, { status: 'done', loaded: next.file.size });
        dispatch(api.util.invalidateTags(['Music Tracks']));
        toast({ variant: 'success', title: 'Track added', description: `“${track.name}” is ready to go under your videos.` });
      })
      .catch((error: unknown) => {
        if (error instanceof TrackUploadCancelled) patch(next.key, { status: 'cancelled' });
        else patch(next.key, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        controllers.current.delete(next.key);
        running.current = false;
        // the next queued file, if any
        setItems((list) => [...list]);
      });
  }, [next, teamSlug, dispatch, patch]);

  const add = useCallback((files: File[]) => setItems((list) => [...list, ...files.map((file) => ({ key: `track-${++nextKey}`, file, status: 'queued' as const, loaded: 0 }))]), []);
  const cancel = useCallback(
    (key: string) => {
      const controller = controllers.current.get(key);
      if (controller) controller.abort();
      else patch(key, { status: 'cancelled' });
    },
    [patch],
  );
  const dismiss = useCallback((key: string) => setItems((list) => list.filter((i) => i.key !== key)), []);
  const clearFinished = useCallback(() => setItems((list) => list.filter((i) => i.status === 'queued' || i.status === 'uploading' || i.status === 'processing')), []);
  const active = items.filter((i) => i.status === 'queued' || i.status === 'uploading' || i.status === 'processing').length;
  return { items, add, cancel, dismiss, clearFinished, active };
}

export type MusicUploads = ReturnType<typeof useMusicUploads>;
