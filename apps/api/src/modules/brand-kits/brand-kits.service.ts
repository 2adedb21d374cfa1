import { randomUUID } from 'node:crypto';
import { FONT_FAMILIES } from '@hookwall/video/schemas';
import type { BrandKitColors, BrandKitEndCard } from '@hookwall/db';
import type { AppDeps } from '../../core/deps.ts';
import { AppError, fieldError, notFound, permissionDenied } from '../../core/errors.ts';
import { isUuid } from '../../core/uuid.ts';
import { getContext } from '../contexts/contexts.service.ts';
import { withStorageReserved } from '../quotas/quotas.service.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import * as repo from './brand-kits.repository.ts';
import { DEFAULT_COLORS, DEFAULT_END_CARD, DEFAULT_LOGO_SCALE, type BrandKitInput } from './brand-kits.schemas.ts';
import { LogoError, processLogo } from './logo-image.ts';

/**
 * Brand kits (docs/brand-kits.md): several per team, exactly one of them the default while the
 * team has any. Every change to a team's kits runs in a transaction holding the team's row, so
 * the default is switched, and promoted when the default is deleted, with nobody in between.
 */

/** kits a team may keep: enough for an agency's clients, not a way to fill the database */
export const MAX_KITS_PER_TEAM = 200;


export async function serializeKit(deps: AppDeps, { kit, uploadedFamily }: repo.KitWithFont) {
  return {
    id: kit.id,
    name: kit.name,
    is_default: kit.isDefault,
    colors: { ...DEFAULT_COLORS, ...kit.colors },
    font_id: kit.brandFontId ?? kit.fontFamily ?? null,
    font_family: uploadedFamily ?? kit.fontFamily ?? null,
    logo_url: kit.logoKey ? await deps.storage.getUrl(kit.logoKey, { contentType: 'image/png' }) : null,
    logo_position: kit.logoPosition as 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' | 'none',
    logo_scale: kit.logoScale,
    text_style: kit.textStyle,
    caption_style: kit.captionStyle as 'highlight' | 'karaoke' | 'pop' | 'plain',
    end_card: { ...DEFAULT_END_CARD, ...kit.endCard },
    context_id: kit.contextId,
    created_at: kit.createdAt.toISOString(),
    updated_at: kit.updatedAt.toISOString(),
  };
}
export type SerializedKit = Awaited<ReturnType<typeof serializeKit>>;

/** Members read; only admins change a team's kits. */
function requireWriter(access: TeamAccess) {
  if (!access.isAdmin) throw permissionDenied('Read-only members cannot change brand kits.');
}

/** The kit, or 404 (another team's id too: nothing is revealed). */
async function kitOr404(deps: AppDeps, access: TeamAccess, id: string) {
  const found = await repo.findKit(deps.db, access.team.id, id);
  if (!found) throw notFound();
  return found;
}

/** A foreign key the write named is gone (PostgreSQL's 23503): its constraint's name, else null. */
function foreignKeyViolation(error: unknown): string | null {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23503') return e.constraint ?? '';
  }
  return null;
}

const unknownFont = () =>
  fieldError({ font_id: `Choose one of the built-in fonts (${FONT_FAMILIES.join(', ')}) or a font your team uploaded.` });
const unknownContext = () => fieldError({ context_id: 'No product context of your team has this id.' });

/**
 * `font_id` as stored: a built-in family (matched without regard to case) or a brand font of the
 * team, locked until the transaction ends so it cannot be deleted under the kit being saved. An id
 * of another team's font is the same 400 as an unknown one, like every id in a body.
 */
async function resolveFont(tx: repo.Executor, teamId: number, fontId: string | null): Promise<{ fontFamily: string | null; brandFontId: string | null }> {
  if (fontId === null || fontId === '') return { fontFamily: null, brandFontId: null };
  const builtIn = FONT_FAMILIES.find((f) => f.toLowerCase() === fontId.toLowerCase());
  if (builtIn) return { fontFamily: builtIn, brandFontId: null };
  if (!isUuid(fontId)) throw unknownFont();
  const font = await repo.findFontForShare(tx, teamId, fontId.toLowerCase());
  if (!font) throw unknownFont();
  return { fontFamily: null, brandFontId: font.id };
}

async function resolveContext(deps: AppDeps, access: TeamAccess, contextId: number | null): Promise<number | null> {
  if (contextId === null) return null;
  let context;
  try {
    context = await getContext(deps, access, contextId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') throw unknownContext();
    throw error;
  }
  if (context.type !== 'product') throw fieldError({ context_id: 'Link a product context: this one is a general context.' });
  return context.id;
}

/** The write of a kit, with a foreign key that went missing meanwhile (a context deleted at that moment) said on its field. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const constraint = foreignKeyViolation(error);
    if (constraint === null) throw error;
    if (constraint.includes('context')) throw unknownContext();
    if (constraint.includes('font')) throw unknownFont();
    throw notFound();
  }
}

export async function listKits(deps: AppDeps, access: TeamAccess, limit: number, offset: number) {
  const { count, rows } = await repo.listKits(deps.db, access.team.id, limit, offset);
  return { count, rows: await Promise.all(rows.map((row) => serializeKit(deps, row))) };
}

export async function getKit(deps: AppDeps, access: TeamAccess, id: string) {
  return serializeKit(deps, await kitOr404(deps, access, id));
}

/** The values a request sets, merged into `current` where a field is an object filled in part. */
function valuesOf(input: BrandKitInput, current: { colors: BrandKitColors; endCard: BrandKitEndCard }) {
  const values: Partial<repo.BrandKitInsert> = {};
  if (input.name !== undefined) values.name = input.name;
  if (input.colors !== undefined) values.colors = { ...current.colors, ...stripUndefined(input.colors) };
  if (input.logo_position !== undefined) values.logoPosition = input.logo_position;
  if (input.logo_scale !== undefined) values.logoScale = input.logo_scale;
  if (input.text_style !== undefined) values.textStyle = stripUndefined(input.text_style);
  if (input.caption_style !== undefined) values.captionStyle = input.caption_style;
  if (input.end_card !== undefined) values.endCard = { ...current.endCard, ...stripUndefined(input.end_card) };
  return values;
}

const stripUndefined = <T extends object>(value: T): Partial<T> => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;

export async function createKit(deps: AppDeps, access: TeamAccess, input: BrandKitInput & { name: string }) {
  requireWriter(access);
  const teamId = access.team.id;
  const contextId = input.context_id === undefined ? null : await resolveContext(deps, access, input.context_id);
  const id = randomUUID();
  await writing(() =>
    repo.inTransaction(deps.db, async (tx) => {
      await repo.lockTeam(tx, teamId);
      const existing = await repo.countKits(tx, teamId);
      if (existing >= MAX_KITS_PER_TEAM) {
        throw fieldError({ non_field_errors: `Your team has ${MAX_KITS_PER_TEAM} brand kits, the most it may keep. Delete one you no longer use first.` });
      }
      const font = await resolveFont(tx, teamId, input.font_id ?? null);
      // the team's first kit is its default, whatever was asked
      const isDefault = existing === 0 || input.is_default === true;
      if (isDefault) await repo.clearDefault(tx, teamId, id);
      await repo.insertKit(tx, {
        id,
        teamId,
        name: input.name,
        isDefault,
        colors: { ...DEFAULT_COLORS },
        endCard: { ...DEFAULT_END_CARD },
        logoScale: DEFAULT_LOGO_SCALE,
        ...valuesOf(input, { colors: { ...DEFAULT_COLORS }, endCard: { ...DEFAULT_END_CARD } }),
        ...font,
        contextId,
      });
    }),
  );
  return getKit(deps, access, id);
}

export async function updateKit(deps: AppDeps, access: TeamAccess, id: string, input: BrandKitInput) {
  await kitOr404(deps, access, id);
  requireWriter(access);
  const teamId = access.team.id;
  const contextId = input.context_id === undefined ? undefined : await resolveContext(deps, access, input.context_id);
  await writing(() =>
    repo.inTransaction(deps.db, async (tx) => {
      await repo.lockTeam(tx, teamId);
      const found = await repo.findKit(tx, teamId, id);
      if (!found) throw notFound();
      const { kit } = found;
      const values = valuesOf(input, { colors: { ...DEFAULT_COLORS, ...kit.colors }, endCard: { ...DEFAULT_END_CARD, ...kit.endCard } });
      if (input.font_id !== undefined) Object.assign(values, await resolveFont(tx, teamId, input.font_id));
      if (contextId !== undefined) values.contextId = contextId;
      if (input.is_default === true && !kit.isDefault) {
        await repo.clearDefault(tx, teamId, id);
        values.isDefault = true;
      }
      if (input.is_default === false && kit.isDefault) {
        throw fieldError({ is_default: 'This is the team’s default kit. Make another kit the default instead; this one then stops being it.' });
      }
      await repo.updateKit(tx, teamId, id, values);
    }),
  );
  return getKit(deps, access, id);
}

export async function deleteKit(deps: AppDeps, access: TeamAccess, id: string) {
  await kitOr404(deps, access, id);
  requireWriter(access);
  const teamId = access.team.id;
  const deleted = await repo.inTransaction(deps.db, async (tx) => {
    await repo.lockTeam(tx, teamId);
    const row = await repo.deleteKit(tx, teamId, id);
    if (!row) throw notFound();
    // the team keeps a default while it has kits: the oldest one left
    if (row.isDefault) await repo.promoteOldestKit(tx, teamId);
    return row;
  });
  if (deleted.logoKey) await deps.storage.delete(deleted.logoKey).catch(() => undefined);
}

// ---- logos ----

/** 404 for a kit the team does not have, 403 for a read-only member: checked before an upload is read. */
export async function assertKitWritable(deps: AppDeps, access: TeamAccess, id: string) {
  await kitOr404(deps, access, id);
  requireWriter(access);
}

export const logoError = (message: string) => fieldError({ logo: message });

/**
 * `POST /api/brand-kits/{id}/logo/`: the logo checked and drawn as a PNG (logo-image.ts), stored
 * under the team's folder, and set on the kit in place of the one before, whose file is removed.
 * Counts toward the team's storage (413 when it does not fit).
 */
export async function uploadLogo(deps: AppDeps, access: TeamAccess, id: string, upload: Buffer) {
  const before = await kitOr404(deps, access, id);
  requireWriter(access);
  const teamId = access.team.id;
  let logo;
  try {
    logo = await processLogo(upload);
  } catch (error) {
    if (error instanceof LogoError) throw logoError(error.message);
    throw error;
  }
  const key = `teams/${teamId}/brand-logos/${randomUUID()}.png`;
  await deps.storage.write(key, logo.png, { contentType: 'image/png' });
  let replaced: string | null;
  try {
    const swap = async (tx: repo.Executor) => {
      await repo.lockTeam(tx, teamId);
      const found = await repo.findKit(tx, teamId, id);
      if (!found) throw notFound();
      await repo.updateKit(tx, teamId, id, { logoKey: key, logoSize: logo.png.length, logoWidth: logo.width, logoHeight: logo.height });
      return found.kit.logoKey;
    };
    // the reservation runs `swap` in its transaction when a quota is set, else on the plain database: then it gets one of its own
    replaced = await withStorageReserved(deps, teamId, Math.max(0, logo.png.length - before.kit.logoSize), (tx) =>
      tx === deps.db ? repo.inTransaction(deps.db, swap) : swap(tx),
    );
  } catch (error) {
    await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
  if (replaced && replaced !== key) await deps.storage.delete(replaced).catch(() => undefined);
  return getKit(deps, access, id);
}

/** `DELETE /api/brand-kits/{id}/logo/`: the kit shows no logo; its file is removed. Deleting none is no error. */
export async function deleteLogo(deps: AppDeps, access: TeamAccess, id: string) {
  await kitOr404(deps, access, id);
  requireWriter(access);
  const teamId = access.team.id;
  const removed = await repo.inTransaction(deps.db, async (tx) => {
    await repo.lockTeam(tx, teamId);
    const found = await repo.findKit(tx, teamId, id);
    if (!found) throw notFound();
    if (!found.kit.logoKey) return null;
    await repo.updateKit(tx, teamId, id, { logoKey: null, logoSize: 0, logoWidth: null, logoHeight: null });
    return found.kit.logoKey;
  });
  if (removed) await deps.storage.delete(removed).catch(() => undefined);
}
