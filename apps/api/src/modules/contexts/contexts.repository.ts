import { and, asc, count, desc, eq, gt, ilike, or, sql, type SQL } from 'drizzle-orm';
import { contexts, users, type Db } from '@hookwall/db';

export type ContextRow = typeof contexts.$inferSelect;
export type ContextWithAuthor = { context: ContextRow; author: { id: number; email: string; firstName: string; lastName: string } | null };

// what a context shows of its author (the display name): never the whole users row with its password hash
const author = { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName };

export interface ContextFilter {
  search?: string;
  type?: string;
}

// names sort case-insensitively, the same on PGlite (C collation) and on any PostgreSQL locale
const orderColumns = { name: sql`lower(${contexts.name})`, created_at: contexts.createdAt, updated_at: contexts.updatedAt } as const;
export type ContextOrderField = keyof typeof orderColumns;

/** `%` and `_` in a search are literal characters, not wildcards. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function where(teamId: number, filter: ContextFilter): SQL {
  const parts: SQL[] = [eq(contexts.teamId, teamId)];
  if (filter.type) parts.push(eq(contexts.type, filter.type));
  if (filter.search) parts.push(or(ilike(contexts.name, likePattern(filter.search)), ilike(contexts.content, likePattern(filter.search)))!);
  return and(...parts)!;
}

export async function listContexts(
  db: Db,
  teamId: number,
  filter: ContextFilter,
  order: { field: ContextOrderField; isDescending: boolean },
  limit: number,
  offset: number,
) {
  const condition = where(teamId, filter);
  const [{ total }] = await db.select({ total: count() }).from(contexts).where(condition);
  const direction = order.isDescending ? desc : asc;
  const rows = await db
    .select({ context: contexts, author })
    .from(contexts)
    .leftJoin(users, eq(users.id, contexts.createdById))
    .where(condition)
    .orderBy(direction(orderColumns[order.field]), direction(contexts.id))
    .limit(limit)
    .offset(offset);
  return { count: Number(total), rows };
}

export async function findContext(db: Db, teamId: number, id: number): Promise<ContextWithAuthor | null> {
  const rows = await db
    .select({ context: contexts, author })
    .from(contexts)
    .leftJoin(users, eq(users.id, contexts.createdById))
    .where(and(eq(contexts.teamId, teamId), eq(contexts.id, id)));
  return rows[0] ?? null;
}

export async function insertContext(db: Db, teamId: number, values: { name: string; type: string; content: string; createdById: number }) {
  const [row] = await db.insert(contexts).values({ ...values, teamId }).returning();
  return row!;
}

export async function updateContext(db: Db, teamId: number, id: number, values: { name?: string; type?: string; content?: string }) {
  const [row] = await db
    .update(contexts)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(contexts.teamId, teamId), eq(contexts.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteContext(db: Db, teamId: number, id: number): Promise<boolean> {
  const rows = await db.delete(contexts).where(and(eq(contexts.teamId, teamId), eq(contexts.id, id))).returning({ id: contexts.id });
  return rows.length > 0;
}

/** Every context of the team in id order, a batch at a time (keyset), for the CSV export. */
export async function* iterateContexts(db: Db, teamId: number, batchSize = 500): AsyncGenerator<ContextWithAuthor[]> {
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({ context: contexts, author })
      .from(contexts)
      .leftJoin(users, eq(users.id, contexts.createdById))
      .where(and(eq(contexts.teamId, teamId), gt(contexts.id, afterId)))
      .orderBy(asc(contexts.id))
      .limit(batchSize);
    if (rows.length === 0) return;
    yield rows;
    afterId = rows[rows.length - 1]!.context.id;
    if (rows.length < batchSize) return;
  }
}
