import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppDeps } from '../../core/deps.ts';
import { AVATAR_CONTENT_TYPES, type AvatarExt } from './users.service.ts';

const LEGACY_FILE = /^[0-9a-f-]{36}\.(png|jpg|gif|svg)$/;

/**
 * Versions before avatars went through the storage interface wrote them to
 * `{DATA_DIR}/media/avatars/{uuid}.{ext}`, with the key `avatars/{uuid}.{ext}` in the database.
 * At start, each file still there is copied to storage under that same key (so every stored
 * `avatar_url` keeps working, on local disk or S3) and then removed; the directory goes when empty.
 * Nothing to do (one failed `readdir`) on a machine that never had such files.
 */
export async function moveLegacyAvatars(deps: Pick<AppDeps, 'config' | 'storage'>): Promise<number> {
  const dir = join(deps.config.DATA_DIR, 'media', 'avatars');
  const files = await readdir(dir).catch(() => null);
  if (!files) return 0;
  let moved = 0;
  for (const file of files) {
    if (!LEGACY_FILE.test(file)) continue;
    const key = `avatars/${file}`;
    if (!(await deps.storage.head(key))) {
      const ext = file.split('.').pop() as AvatarExt;
      await deps.storage.write(key, await readFile(join(dir, file)), { contentType: AVATAR_CONTENT_TYPES[ext] });
    }
    await rm(join(dir, file), { force: true });
    moved++;
  }
  await rmdir(dir).catch(() => undefined);
  await rmdir(join(deps.config.DATA_DIR, 'media')).catch(() => undefined);
  return moved;
}
