import type { MusicTrack } from '@/api/api';
import { refreshAccessToken } from '@/api/base-api';
import type { AppDispatch } from '@/app/store';
import { tokenStorage } from '@/app/token-storage';

export const MUSIC_TRACKS_PATH = '/api/music-tracks/';

/** Thrown when the user cancelled the upload (its row shows Cancelled, not an error). */
export class TrackUploadCancelled extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'TrackUploadCancelled';
  }
}

/**
 * What to tell the user when the API refuses a track: its message on `file` (why the file is not a
 * track) or `name`, else its detail (a full storage, a read-only member), else the status.
 */
export function refusalOf(status: number, body: string): string {
  try {
    const data: unknown = JSON.parse(body);
    if (data && typeof data === 'object') {
      const record = data as Record<string, unknown>;
      for (const field of ['file', 'name', 'non_field_errors']) {
        const messages = record[field];
        if (Array.isArray(messages) && typeof messages[0] === 'string') return messages[0];
      }
      if (typeof record.detail === 'string' && record.detail) return record.detail;
    }
  } catch {
    // a proxy's HTML page
  }
  if (status === 413) return 'The file is larger than 50 MB: a music track can be at most 50 MB.';
  return `The upload failed (HTTP ${status}). Please try again.`;
}

interface Progress {
  loaded: number;
  total: number;
}

function send(file: File, teamSlug: string, token: string, onProgress: (p: Progress) => void, signal?: AbortSignal): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new TrackUploadCancelled());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', MUSIC_TRACKS_PATH);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('X-Team-Slug', teamSlug);
    xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    // all of it sent: the server now checks and converts the track
    xhr.upload.onload = () => onProgress({ loaded: file.size, total: file.size });
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      resolve({ status: xhr.status, body: xhr.responseText });
    };
    xhr.onerror = () => {
      done();
      reject(new Error('The upload was interrupted. Check your connection and try again.'));
    };
    xhr.onabort = () => {
      done();
      reject(new TrackUploadCancelled());
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/**
 * Uploads a track (`POST /api/music-tracks/`, multipart field `file`) with XMLHttpRequest, so the
 * browser reports the upload's progress (fetch cannot); a 401 refreshes the session once and sends
 * it again. Resolves with the track the API made, or rejects with the reason in the user's words.
 */
export async function uploadTrack(file: File, options: { teamSlug: string; dispatch: AppDispatch; onProgress: (p: Progress) => void; signal?: AbortSignal }): Promise<MusicTrack> {
  const attempt = () => {
    const token = tokenStorage.getAccess();
    if (!token) throw new Error('Your session has ended. Sign in again, then upload the track.');
    return send(file, options.teamSlug, token, options.onProgress, options.signal);
  };
  let answer = await attempt();
  if (answer.status === 401 && (await refreshAccessToken(options.dispatch))) answer = await attempt();
  if (answer.status !== 201) throw new Error(refusalOf(answer.status, answer.body));
  return JSON.parse(answer.body) as MusicTrack;
}
