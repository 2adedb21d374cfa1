import { Readable } from 'node:stream';
import type { AppDeps } from '../../core/deps.ts';
import { notFound, permissionDenied } from '../../core/errors.ts';
import { parseOrdering } from '../../core/pagination.ts';
import { displayName } from '../../core/user-format.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import { csvRow, UTF8_BOM } from './csv.ts';
import * as repo from './contexts.repository.ts';
import { CONTEXT_ORDERING } from './contexts.schemas.ts';

export interface Author {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
}

export function serializeContext({ context, author }: { context: repo.ContextRow; author: Author | null }) {
  return {
    id: context.id,
    name: context.name,
    type: context.type,
    content: context.content,
    created_by: author ? displayName(author) : '',
    created_at: context.createdAt.toISOString(),
    updated_at: context.updatedAt.toISOString(),
  };
}

/** Members read; only admins change a team's content ("Read only" members get 403). */
function requireWriter(access: TeamAccess) {
  if (!access.isAdmin) throw permissionDenied('Read-only members cannot change contexts.');
}

export interface ContextListInput {
  search?: string;
  type?: string;
  ordering?: string;
}

export async function listContexts(deps: AppDeps, access: TeamAccess, input: ContextListInput, limit: number, offset: number) {
  const order = parseOrdering<(typeof CONTEXT_ORDERING)[number]>(input.ordering, CONTEXT_ORDERING, '-created_at');
  const search = input.search?.trim() || undefined;
  const { count, rows } = await repo.listContexts(deps.db, access.team.id, { search, type: input.type }, order, limit, offset);
  return { count, rows: rows.map(serializeContext) };
}

export async function getContext(deps: AppDeps, access: TeamAccess, id: number) {
  const found = await repo.findContext(deps.db, access.team.id, id);
  if (!found) throw notFound();
  return serializeContext(found);
}

export async function createContext(deps: AppDeps, access: TeamAccess, user: Author, input: { name: string; type: string; content: string }) {
  requireWriter(access);
  const row = await repo.insertContext(deps.db, access.team.id, { ...input, createdById: user.id });
  return serializeContext({ context: row, author: user });
}

export async function updateContext(deps: AppDeps, access: TeamAccess, id: number, input: { name?: string; type?: string; content?: string }) {
  // a read-only member asking about another team's id still gets 404 first: nothing is revealed
  if (!(await repo.findContext(deps.db, access.team.id, id))) throw notFound();
  requireWriter(access);
  await repo.updateContext(deps.db, access.team.id, id, input);
  return getContext(deps, access, id);
}

export async function deleteContext(deps: AppDeps, access: TeamAccess, id: number) {
  if (!(await repo.findContext(deps.db, access.team.id, id))) throw notFound();
  requireWriter(access);
  await repo.deleteContext(deps.db, access.team.id, id);
}

export const CSV_COLUMNS = ['id', 'name', 'type', 'content', 'created_by', 'created_at'] as const;

/** Every context of the team as CSV, streamed a batch at a time. */
export function exportContextsCsv(deps: AppDeps, access: TeamAccess): Readable {
  const teamId = access.team.id;
  async function* lines() {
    yield UTF8_BOM + csvRow([...CSV_COLUMNS]);
    for await (const batch of repo.iterateContexts(deps.db, teamId)) {
      yield batch
        .map(serializeContext)
        .map((c) => csvRow([c.id, c.name, c.type, c.content, c.created_by, c.created_at]))
        .join('');
    }
  }
  return Readable.from(lines());
}
