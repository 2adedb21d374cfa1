import type { AppDispatch } from '@/app/store';
import { refreshAccessToken } from '@/api/base-api';
import { tokenStorage } from '@/app/token-storage';

export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/svg+xml'];
export const RESIZE_THRESHOLD_BYTES = 1024 * 1024;
export const RESIZE_MAX_SIDE = 800;
export const RESIZE_QUALITY = 0.8;
export const AVATAR_UPLOAD_PATH = '/api/users/profile/upload-image/';

export function isAcceptedAvatar(file: File) {
  return AVATAR_TYPES.includes(file.type);
}

/** Images over 1 MB are resized to fit 800x800 and re-encoded as JPEG at quality 0.8 before upload. */
export async function resizeImage(file: File, maxSide = RESIZE_MAX_SIDE, quality = RESIZE_QUALITY): Promise<File> {
  const url = URL.createObjectURL(file);
  try {
    const image = await new Promise<HTMLImageElement>((resolve, reject) => {
      const img = new Image();
      img.onload = () => resolve(img);
      img.onerror = () => reject(new Error('Could not read the image'));
      img.src = url;
    });
    const scale = Math.min(1, maxSide / Math.max(image.naturalWidth, image.naturalHeight));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob) return file;
    return new File([blob], file.name.replace(/\.[^.]+$/, '') + '.jpg', { type: 'image/jpeg' });
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Multipart upload (field avatar); errors read from detail or the raw text. A 401 refreshes once and retries. */
export async function uploadAvatar(file: File, dispatch: AppDispatch): Promise<string | null> {
  const send = () => {
    const token = tokenStorage.getAccess();
    if (!token) throw new Error('Not authenticated');
    const body = new FormData();
    body.append('avatar', file);
    return fetch(AVATAR_UPLOAD_PATH, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
  };
  let response = await send();
  if (response.status === 401 && (await refreshAccessToken(dispatch))) response = await send();
  if (!response.ok) {
    const text = await response.text();
    let message = `Failed to upload avatar: ${response.status}`;
    try {
      const data = JSON.parse(text) as { detail?: string };
      if (data.detail) message = data.detail;
    } catch {
      if (text) message = text;
    }
    throw new Error(message);
  }
  const data = (await response.json().catch(() => ({}))) as { avatar_url?: string | null };
  return data.avatar_url ?? null;
}
