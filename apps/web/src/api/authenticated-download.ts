import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { refreshAccessToken } from './base-api';
import { tokenStorage } from '@/app/token-storage';

/** The file name of a Content-Disposition header, if any. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1]!.trim());
  const plain = /filename="?([^";]+)"?/i.exec(header);
  return plain ? plain[1]!.trim() : null;
}

/** Saves a blob as a file through a temporary link. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * GETs a team file with the bearer token and the X-Team-Slug header (a plain link would carry
 * neither), refreshing the access token once on a 401, and saves it.
 */
export async function downloadTeamFile(path: string, { teamSlug, dispatch, fallbackName }: { teamSlug: string | undefined; dispatch: BaseQueryApi['dispatch']; fallbackName: string }) {
  const send = () => {
    const headers = new Headers();
    const access = tokenStorage.getAccess();
    if (access) headers.set('authorization', `Bearer ${access}`);
    if (teamSlug) headers.set('x-team-slug', teamSlug);
    return fetch(new URL(path, window.location.origin), { headers });
  };
  let response = await send();
  if (response.status === 401 && (await refreshAccessToken(dispatch))) response = await send();
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  saveBlob(await response.blob(), filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName);
}
