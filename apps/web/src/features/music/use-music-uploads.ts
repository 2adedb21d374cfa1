import { useCallback, useState } from 'react';
import { api } from '@/api/api';
import type { AppDispatch } from '@/app/store';
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

type SetItems = (change: (items: TrackUpload[]) => TrackUpload[]) => void;
interface Job {
  key: string;
  file: File;
  teamSlug: string;
  dispatch: AppDispatch;
}

let nextKey = 0;

/** The uploads of one page, sent one after the other; `setItems` is told how each goes. */
function createUploader(setItems: SetItems) {
  const waiting: Job[] = [];
  const controllers = new Map<string, AbortController>();
  let busy = false;
  const patch = (key: string, change: Partial<TrackUpload>) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const pump = () => {
    if (busy) return;
    const job = waiting.shift();
    if (!job) return;
    busy = true;
    const controller = new AbortController();
    controllers.set(job.key, controller);
    patch(job.key, { status: 'uploading', loaded: 0 });
    void uploadTrack(job.file, {
      teamSlug: job.teamSlug,
      dispatch: job.dispatch,
      signal: controller.signal,
      // all of it sent: the server now checks and converts the track
      onProgress: ({ loaded }) => patch(job.key, loaded >= job.file.size ? { status: 'processing', loaded: job.file.size } : { loaded }),
    })
      .then((track) => {
        patch(job.key, { status: 'done', loaded: job.file.size });
        job.dispatch(api.util.invalidateTags(['Music Tracks']));
        toast({ variant: 'success', title: 'Track added', description: `“${track.name}” is ready to go under your videos.` });
      })
      .catch((error: unknown) => {
        if (error instanceof TrackUploadCancelled) patch(job.key, { status: 'cancelled' });
        else patch(job.key, { status: 'failed', error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        controllers.delete(job.key);
        busy = false;
        pump();
      });
  };

  return {
    add(files: File[], teamSlug: string, dispatch: AppDispatch) {
      const added = files.map((file) => ({ key: `track-${++nextKey}`, file, teamSlug, dispatch }));
      waiting.push(...added);
      setItems((list) => [...list, ...added.map(({ key, file }) => ({ key, file, status: 'queued' as const, loaded: 0 }))]);
      pump();
    },
    cancel(key: string) {
      const controller = controllers.get(key);
      if (controller) return controller.abort();
      const at = waiting.findIndex((j) => j.key === key);
      if (at >= 0) waiting.splice(at, 1);
      patch(key, { status: 'cancelled' });
    },
  };
}

/**
 * The Music page's uploads, one after the other (each is checked and converted by the server,
 * which takes a few seconds): a row per file with its progress, its reason when refused, and
 * cancel. The list of tracks is read again after each one that is added.
 */
export function useMusicUploads() {
  const dispatch = useAppDispatch();
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const [items, setItems] = useState<TrackUpload[]>([]);
  const [uploader] = useState(() => createUploader(setItems));
  const add = useCallback((files: File[]) => teamSlug && uploader.add(files, teamSlug, dispatch), [uploader, teamSlug, dispatch]);
  const dismiss = useCallback((key: string) => setItems((list) => list.filter((i) => i.key !== key)), []);
  const clearFinished = useCallback(() => setItems((list) => list.filter((i) => i.status === 'queued' || i.status === 'uploading' || i.status === 'processing')), []);
  const active = items.filter((i) => i.status === 'queued' || i.status === 'uploading' || i.status === 'processing').length;
  return { items, add, cancel: uploader.cancel, dismiss, clearFinished, active };
}

export type MusicUploads = ReturnType<typeof useMusicUploads>;
