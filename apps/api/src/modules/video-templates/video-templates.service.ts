import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { AppDeps } from '../../core/deps.ts';
import { issuesToFields } from '../../core/error-handler.ts';
import { AppError, fieldError, notFound, permissionDenied } from '../../core/errors.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import * as repo from './video-templates.repository.ts';
import { TEMPLATE_SETTINGS, type PatchedVideoTemplateInput, type TemplateComposition, type VideoTemplate, type VideoTemplateInput } from './video-templates.schemas.ts';

/**
 * Video templates (docs/video-templates.md): a batch's setup saved under a name, per team. Members
 * read them; admins save, rename and delete them, as with brand kits. A template's brand kit is one
 * of the team's (checked and locked while it is saved); its other ids (backgrounds, clips, music,
 * voice) are checked by the batch it starts, as that batch's endpoint checks them.
 */

/** templates a team may keep: plenty for every product and format, not a way to fill the database */
export const MAX_TEMPLATES_PER_TEAM = 200;

type Settings = Record<string, unknown>;

/**
 * The stored settings as the composition's schema reads them today. Saved settings were checked by
 * it; should a limit change since, the fields it now refuses are left out rather than failing the
 * read (a template must still open, and the batch checks what it is sent).
 */
export function readableSettings(composition: TemplateComposition, stored: unknown): Settings {
  const schema: z.ZodType<Settings> = TEMPLATE_SETTINGS[composition];
  const whole = schema.safeParse(stored);
  if (whole.success) return whole.data;
  const shape: Record<string, z.ZodType> = TEMPLATE_SETTINGS[composition].shape;
  const kept: Settings = {};
  for (const [field, fieldSchema] of Object.entries(shape)) {
    const parsed = fieldSchema.safeParse((stored as Settings | null)?.[field]);
    if (parsed.success && parsed.data !== undefined) kept[field] = parsed.data;
  }
  // what the checks across fields still refuse (a style and styles both kept) goes too
  for (let round = 0; round < shapeSize(shape); round++) {
    const again = schema.safeParse(kept);
    if (again.success) return again.data;
    const named = again.error.issues.map((issue) => issue.path[0]).filter((field) => typeof field === 'string' && field in kept);
    if (named.length === 0) break;
    for (const field of named) delete kept[field as string];
  }
  return schema.parse({});
}

const shapeSize = (shape: Record<string, unknown>) => Object.keys(shape).length;

export function serializeTemplate(row: repo.VideoTemplateRow) {
  const composition = row.composition as TemplateComposition;
  return {
    id: row.id,
    name: row.name,
    composition,
    brand_kit_id: row.brandKitId,
    settings: readableSettings(composition, row.settings),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  } as VideoTemplate;
}

function requireWriter(access: TeamAccess) {
  if (!access.isAdmin) throw permissionDenied('Read-only members cannot change video templates.');
}

async function templateOr404(deps: AppDeps, access: TeamAccess, id: string) {
  const row = await repo.findTemplate(deps.db, access.team.id, id);
  if (!row) throw notFound();
  return row;
}

const nameTaken = (name: string) => fieldError({ name: `Your team already has a template called “${name}”. Choose another name, or rename that one first.` });
const unknownKit = () => fieldError({ brand_kit_id: 'No brand kit of your team has this id.' });

/** `settings` checked as the composition's, with a refusal named by its place in the body (`settings.voice.speed`). */
function checkSettings(composition: TemplateComposition, settings: unknown): Settings {
  const parsed = (TEMPLATE_SETTINGS[composition] as z.ZodType<Settings>).safeParse(settings);
  if (parsed.success) return parsed.data;
  const fields = issuesToFields(parsed.error.issues.map((issue) => ({ ...issue, path: ['settings', ...issue.path] })));
  throw new AppError('validation', 'Invalid input.', { fields });
}

/** A constraint PostgreSQL refused the write on (23505 unique, 23503 foreign key): its code and name, else null. */
function violation(error: unknown): { code: string; constraint: string } | null {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505' || e.code === '23503') return { code: e.code, constraint: e.constraint ?? '' };
  }
  return null;
}

/**
 * A save, with what another save did meanwhile said on its field: a name taken by a concurrent
 * save of the same name (the unique index), a kit deleted at that moment (its foreign key).
 */
async function saving<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    const found = violation(error);
    if (!found) throw error;
    if (found.code === '23505' && name !== undefined) throw nameTaken(name);
    if (found.code === '23503' && found.constraint.includes('brand_kit')) throw unknownKit();
    throw error;
  }
}

/** The kit a template names: the team's (locked until the transaction ends), else a 400 on `brand_kit_id`. */
async function checkKit(tx: repo.Executor, teamId: number, kitId: string | null | undefined): Promise<string | null> {
  if (!kitId) return null;
  const id = kitId.toLowerCase();
  if (!(await repo.teamHasKit(tx, teamId, id))) throw unknownKit();
  return id;
}

export async function listTemplates(deps: AppDeps, access: TeamAccess, composition: TemplateComposition | undefined, limit: number, offset: number) {
  const { count, rows } = await repo.listTemplates(deps.db, access.team.id, composition, limit, offset);
  return { count, rows: rows.map(serializeTemplate) };
}

export async function getTemplate(deps: AppDeps, access: TeamAccess, id: string) {
  return serializeTemplate(await templateOr404(deps, access, id));
}

export async function createTemplate(deps: AppDeps, access: TeamAccess, input: VideoTemplateInput) {
  requireWriter(access);
  const teamId = access.team.id;
  const row = await saving(input.name, () =>
    repo.inTransaction(deps.db, async (tx) => {
      await repo.lockTeam(tx, teamId);
      if ((await repo.countTemplates(tx, teamId)) >= MAX_TEMPLATES_PER_TEAM) {
        throw fieldError({ non_field_errors: `Your team has ${MAX_TEMPLATES_PER_TEAM} templates, the most it may keep. Delete one you no longer use first.` });
      }
      if (await repo.nameTaken(tx, teamId, input.name)) throw nameTaken(input.name);
      const brandKitId = await checkKit(tx, teamId, input.brand_kit_id);
      return repo.insertTemplate(tx, { id: randomUUID(), teamId, name: input.name, composition: input.composition, brandKitId, settings: input.settings });
    }),
  );
  return serializeTemplate(row);
}

export async function updateTemplate(deps: AppDeps, access: TeamAccess, id: string, input: PatchedVideoTemplateInput) {
  const before = await templateOr404(deps, access, id);
  requireWriter(access);
  const teamId = access.team.id;
  // checked before the transaction: a refusal changes nothing and takes no lock
  const settings = input.settings === undefined ? undefined : checkSettings(before.composition as TemplateComposition, input.settings);
  const row = await saving(input.name, () =>
    repo.inTransaction(deps.db, async (tx) => {
      await repo.lockTeam(tx, teamId);
      const values: Partial<repo.VideoTemplateInsert> = {};
      if (input.name !== undefined) {
        if (await repo.nameTaken(tx, teamId, input.name, id)) throw nameTaken(input.name);
        values.name = input.name;
      }
      if (input.brand_kit_id !== undefined) values.brandKitId = await checkKit(tx, teamId, input.brand_kit_id);
      if (settings !== undefined) values.settings = settings;
      const updated = await repo.updateTemplate(tx, teamId, id, values);
      if (!updated) throw notFound();
      return updated;
    }),
  );
  return serializeTemplate(row);
}

export async function deleteTemplate(deps: AppDeps, access: TeamAccess, id: string) {
  await templateOr404(deps, access, id);
  requireWriter(access);
  if (!(await repo.deleteTemplate(deps.db, access.team.id, id))) throw notFound();
}
