import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../core/deps.ts';
import { conflict, fieldError, notFound, permissionDenied } from '../../core/errors.ts';
import { withStorageReserved } from '../quotas/quotas.service.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import * as repo from './brand-kits.repository.ts';
import { FONT_CONTENT_TYPES, FontError, readFont, renderPreview, type FontFormat } from './font-file.ts';

/**
 * A team's uploaded fonts (docs/brand-kits.md, Fonts): checked and read by font-file.ts, stored
 * with a PNG of their family's name under the team's folder (both count toward its storage and
 * go with the team), used by kits through `font_id`. A font a kit uses cannot be deleted (409
 * naming the kits).
 */

/** fonts a team may keep */
export const MAX_FONTS_PER_TEAM = 100;

export const fontError = (message: string) => fieldError({ font: message });

export async function serializeFont(deps: AppDeps, row: repo.BrandFontRow) {
  return {
    id: row.id,
    family: row.family,
    weight: row.weight,
    style: row.style as 'normal' | 'italic',
    format: row.format as FontFormat,
    preview_url: await deps.storage.getUrl(row.previewKey, { contentType: 'image/png' }),
    file_url: await deps.storage.getUrl(row.storageKey, { contentType: row.contentType, filename: `${row.family}.${row.format}` }),
    created_at: row.createdAt.toISOString(),
  };
}

export function requireWriter(access: TeamAccess) {
  if (!access.isAdmin) throw permissionDenied('Read-only members cannot change brand fonts.');
}

export async function listFonts(deps: AppDeps, access: TeamAccess, limit: number, offset: number) {
  const { count, rows } = await repo.listFonts(deps.db, access.team.id, limit, offset);
  return { count, rows: await Promise.all(rows.map((row) => serializeFont(deps, row))) };
}

export async function getFont(deps: AppDeps, access: TeamAccess, id: string) {
  const row = await repo.findFont(deps.db, access.team.id, id);
  if (!row) throw notFound();
  return serializeFont(deps, row);
}

/** `POST /api/brand-fonts/`: 201 with the font, or 400 on `font` saying why it is refused; nothing is stored then. */
export async function uploadFont(deps: AppDeps, access: TeamAccess, upload: Buffer) {
  requireWriter(access);
  const teamId = access.team.id;
  let font;
  let preview: Buffer;
  try {
    font = await readFont(upload);
    preview = await renderPreview(font.previewSvg).catch(() => {
      throw new FontError('This font’s letters could not be drawn: the file may be damaged.');
    });
  } catch (error) {
    if (error instanceof FontError) throw fontError(error.message);
    throw error;
  }
  if ((await repo.listFonts(deps.db, teamId, 1, 0)).count >= MAX_FONTS_PER_TEAM) {
    throw fontError(`Your team has ${MAX_FONTS_PER_TEAM} fonts, the most it may keep. Delete one you no longer use first.`);
  }
  const id = randomUUID();
  // under the team's folder: deleting the team deletes them
  const storageKey = `teams/${teamId}/brand-fonts/${id}.${font.format}`;
  const previewKey = `teams/${teamId}/brand-fonts/${id}-preview.png`;
  const contentType = FONT_CONTENT_TYPES[font.format];
  await deps.storage.write(storageKey, upload, { contentType });
  try {
    await deps.storage.write(previewKey, preview, { contentType: 'image/png' });
    const size = upload.length + preview.length;
    const row = await withStorageReserved(deps, teamId, size, (tx) =>
      repo.insertFont(tx, { id, teamId, family: font.family, weight: font.weight, style: font.style, format: font.format, storageKey, contentType, previewKey, size }),
    );
    return serializeFont(deps, row);
  } catch (error) {
    await Promise.all([deps.storage.delete(storageKey), deps.storage.delete(previewKey)].map((p) => p.catch(() => undefined)));
    throw error;
  }
}

function fontInUse(kits: { id: string; name: string }[]) {
  const names = kits.map((k) => `“${k.name}”`);
  const list = names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
  return conflict(`This font is used by the brand kit${kits.length === 1 ? '' : 's'} ${list}. Choose another font in ${kits.length === 1 ? 'it' : 'them'} first.`, { kits });
}

/** `DELETE /api/brand-fonts/{id}/`: 204, or 409 naming the kits that use it (the font stays). */
export async function deleteFont(deps: AppDeps, access: TeamAccess, id: string) {
  if (!(await repo.findFont(deps.db, access.team.id, id))) throw notFound();
  requireWriter(access);
  const teamId = access.team.id;
  let deleted: repo.BrandFontRow | null;
  try {
    deleted = await repo.inTransaction(deps.db, async (tx) => {
      await repo.lockTeam(tx, teamId);
      const users = await repo.kitsUsingFont(tx, teamId, id);
      if (users.length > 0) throw fontInUse(users);
      return repo.deleteFont(tx, teamId, id);
    });
  } catch (error) {
    // a kit was pointed at it at that very moment: the foreign key kept it
    for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      if (e.code === '23503') throw fontInUse(await repo.kitsUsingFont(deps.db, teamId, id));
    }
    throw error;
  }
  if (!deleted) throw notFound();
  await Promise.all([deps.storage.delete(deleted.storageKey), deps.storage.delete(deleted.previewKey)].map((p) => p.catch(() => undefined)));
}
