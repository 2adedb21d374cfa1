import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { UserRow } from '@hookwall/db';
import { LocalStorage } from '@hookwall/storage';
import type { AppDeps } from '../../core/deps.ts';
import { AppError, notFound, permissionDenied } from '../../core/errors.ts';
import { setAvatarKey } from '../auth/auth.service.ts';
import { rasterizeSvg, sniffImage } from './avatar-check.ts';
import { countSignupsPerDay } from './users.repository.ts';

const DAY_MS = 86_400_000;

/** Staff dashboard: sign-ups per UTC day over the last 90 days, oldest first, days without any as 0. 403 for anyone else. */
export async function listSignupsPerDay(deps: AppDeps, user: UserRow, days = 90) {
  if (!user.isStaff) throw permissionDenied();
  const since = new Date(Date.now() - (days - 1) * DAY_MS);
  since.setUTCHours(0, 0, 0, 0);
  const byDay = await countSignupsPerDay(deps.db, since);
  return Array.from({ length: days }, (_, i) => {
    const date = new Date(since.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: byDay.get(date) ?? 0 };
  });
}

export const avatarError = (detail: string) => new AppError('bad_request', detail, { body: { detail } });

export const AVATAR_CONTENT_TYPES = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml' } as const;
export type AvatarExt = keyof typeof AVATAR_CONTENT_TYPES;

/**
 * Checks an uploaded avatar by its bytes, draws an SVG as a PNG, and stores it through the storage
 * interface (local disk or S3, like every other file) under `avatars/{uuid}.{ext}`; the user's
 * `avatar_url` becomes `/media/avatars/{uuid}.{ext}`, served by `openAvatar`.
 */
export async function uploadAvatar(deps: AppDeps, user: UserRow, upload: Buffer) {
  let bytes = upload;
  if (bytes.length === 0) throw avatarError('The file is empty.');
  const kind = sniffImage(bytes);
  if (!kind) throw avatarError('Please upload a valid image file (SVG, PNG, JPG or GIF). Other file formats are not supported.');
  let ext: AvatarExt = kind.ext;
  if (kind.ext === 'svg') {
    const png = await rasterizeSvg(bytes);
    if (!png) throw avatarError('This SVG contains content that is not allowed in a profile photo.');
    bytes = png;
    ext = 'png';
  }
  const key = `avatars/${randomUUID()}.${ext}`;
  await deps.storage.write(key, bytes, { contentType: AVATAR_CONTENT_TYPES[ext] });
  const saved = await setAvatarKey(deps, user, key);
  // the photo it replaces is no longer anyone's
  if (user.avatarKey && user.avatarKey !== key) await deps.storage.delete(user.avatarKey).catch(() => undefined);
  return { avatar_url: saved.avatar_url };
}

export type AvatarFile =
  | { kind: 'stream'; body: Readable; size: number; contentType: string }
  /** a signed, expiring URL of the object store (valid at least an hour, see `stableExpiry`) */
  | { kind: 'redirect'; url: string };

/**
 * An avatar as the media downloads are served: from local disk the app streams it, from S3 the
 * browser is sent to a signed URL. 404 when the object does not exist. `file` is checked by the
 * route (`{uuid}.{ext}`). SVGs were only stored by older versions (now drawn as PNG): from S3 they
 * come as attachments, so opening one never renders it as a page.
 */
export async function openAvatar(deps: AppDeps, file: string): Promise<AvatarFile> {
  const key = `avatars/${file}`;
  const ext = file.split('.').pop() as AvatarExt;
  const contentType = AVATAR_CONTENT_TYPES[ext];
  const info = await deps.storage.head(key);
  if (!info) throw notFound();
  if (deps.storage instanceof LocalStorage) return { kind: 'stream', body: await deps.storage.read(key), size: info.size, contentType };
  return { kind: 'redirect', url: await deps.storage.getUrl(key, { contentType, disposition: ext === 'svg' ? 'attachment' : 'inline' }) };
}
