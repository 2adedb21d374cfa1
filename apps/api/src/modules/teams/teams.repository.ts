import { and, asc, count, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { invitations, memberships, teams, users, type Db } from '@hookwall/db';

export type TeamRow = typeof teams.$inferSelect;
export type MembershipRow = typeof memberships.$inferSelect;
export type InvitationRow = typeof invitations.$inferSelect;
type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete'>;

export const findTeamById = async (db: Db, id: number) => (await db.select().from(teams).where(eq(teams.id, id)))[0] ?? null;
export const findTeamBySlug = async (db: Db, slug: string) => (await db.select().from(teams).where(eq(teams.slug, slug)))[0] ?? null;

export async function findMembership(db: Db, teamId: number, userId: number) {
  return (await db.select().from(memberships).where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId))))[0] ?? null;
}

/** The user's teams, oldest membership first (the first becomes the client's current team after login). */
export async function listUserTeams(db: Db, userId: number, limit: number, offset: number) {
  const where = eq(memberships.userId, userId);
  const [{ total }] = await db.select({ total: count() }).from(memberships).where(where);
  const rows = await db
    .select({ team: teams, membership: memberships })
    .from(memberships)
    .innerJoin(teams, eq(teams.id, memberships.teamId))
    .where(where)
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(limit)
    .offset(offset);
  return { count: Number(total), rows };
}

export async function insertTeamWithAdmin(db: Db, name: string, slug: string, userId: number) {
  return db.transaction(async (tx) => {
    const [team] = await tx.insert(teams).values({ name, slug }).onConflictDoNothing().returning();
    if (!team) return null;
    await tx.insert(memberships).values({ teamId: team.id, userId, role: 'admin' });
    return team;
  });
}

export async function slugsLike(db: Db, base: string) {
  const rows = await db
    .select({ slug: teams.slug })
    .from(teams)
    .where(sql`${teams.slug} = ${base} OR ${teams.slug} LIKE ${`${base}-%`}`);
  return new Set(rows.map((r) => r.slug));
}

export async function updateTeam(db: Db, teamId: number, values: { name?: string }) {
  return (await db.update(teams).set(values).where(eq(teams.id, teamId)).returning())[0] ?? null;
}

export async function deleteTeam(db: Db, teamId: number) {
  await db.delete(teams).where(eq(teams.id, teamId));
}

export async function listMembersWithUsers(db: Db, teamIds: number[]) {
  if (teamIds.length === 0) return [];
  return db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(inArray(memberships.teamId, teamIds))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
}

export async function pageMembers(db: Db, teamId: number, limit: number, offset: number) {
  const [{ total }] = await db.select({ total: count() }).from(memberships).where(eq(memberships.teamId, teamId));
  const rows = await db
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.teamId, teamId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(limit)
    .offset(offset);
  return { count: Number(total), rows };
}

export async function findMember(db: Db, teamId: number, membershipId: number) {
  return (
    (
      await db
        .select({ membership: memberships, user: users })
        .from(memberships)
        .innerJoin(users, eq(users.id, memberships.userId))
        .where(and(eq(memberships.teamId, teamId), eq(memberships.id, membershipId)))
    )[0] ?? null
  );
}

export async function countAdmins(db: Executor, teamId: number) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.role, 'admin')));
  return Number(total);
}

/**
 * Changes a member's role or removes them inside one transaction that locks the team's admin rows,
 * so two admins demoting each other at once cannot leave the team without an admin.
 */
export async function changeMembershipGuarded(
  db: Db,
  teamId: number,
  membershipId: number,
  change: { role: string } | 'delete',
): Promise<'ok' | 'last_admin' | 'missing'> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM teams WHERE id = ${teamId} FOR UPDATE`);
    const [target] = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.teamId, teamId), eq(memberships.id, membershipId)));
    if (!target) return 'missing';
    const isLosingAdmin = target.role === 'admin' && (change === 'delete' || change.role !== 'admin');
    if (isLosingAdmin && (await countAdmins(tx, teamId)) <= 1) return 'last_admin';
    if (change === 'delete') await tx.delete(memberships).where(eq(memberships.id, membershipId));
    else await tx.update(memberships).set({ role: change.role }).where(eq(memberships.id, membershipId));
    return 'ok';
  });
}

export async function addMembership(db: Executor, teamId: number, userId: number, role: string) {
  await db.insert(memberships).values({ teamId, userId, role }).onConflictDoNothing();
}

export async function listPendingInvitations(db: Db, teamIds: number[]) {
  if (teamIds.length === 0) return [];
  return db
    .select({ invitation: invitations, inviter: users })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedById))
    .where(and(inArray(invitations.teamId, teamIds), eq(invitations.status, 'pending'), gt(invitations.expiresAt, new Date())))
    .orderBy(desc(invitations.createdAt));
}

export async function pagePendingInvitations(db: Db, teamId: number, limit: number, offset: number) {
  const where = and(eq(invitations.teamId, teamId), eq(invitations.status, 'pending'), gt(invitations.expiresAt, new Date()));
  const [{ total }] = await db.select({ total: count() }).from(invitations).where(where);
  const rows = await db
    .select({ invitation: invitations, inviter: users })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedById))
    .where(where)
    .orderBy(desc(invitations.createdAt))
    .limit(limit)
    .offset(offset);
  return { count: Number(total), rows };
}

export async function findInvitation(db: Db, id: string, teamId?: number) {
  const where = teamId === undefined ? eq(invitations.id, id) : and(eq(invitations.id, id), eq(invitations.teamId, teamId));
  return (
    (
      await db
        .select({ invitation: invitations, inviter: users, team: teams })
        .from(invitations)
        .innerJoin(teams, eq(teams.id, invitations.teamId))
        .leftJoin(users, eq(users.id, invitations.invitedById))
        .where(where)
    )[0] ?? null
  );
}

export async function findPendingInvitationByEmail(db: Db, teamId: number, email: string) {
  return (
    (
      await db
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.teamId, teamId),
            eq(invitations.status, 'pending'),
            gt(invitations.expiresAt, new Date()),
            sql`lower(${invitations.email}) = ${email.toLowerCase()}`,
          ),
        )
    )[0] ?? null
  );
}

export async function isEmailMember(db: Db, teamId: number, email: string) {
  const rows = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.teamId, teamId), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  return rows.length > 0;
}

export async function insertInvitation(db: Executor, values: typeof invitations.$inferInsert) {
  return (await db.insert(invitations).values(values).returning())[0]!;
}

export async function updateInvitation(db: Executor, teamId: number, id: string, values: Partial<typeof invitations.$inferInsert>) {
  return (
    (
      await db
        .update(invitations)
        .set(values)
        .where(and(eq(invitations.id, id), eq(invitations.teamId, teamId)))
        .returning()
    )[0] ?? null
  );
}

/** Marks a pending invitation accepted and adds the member, once, even under concurrent accepts. */
export async function acceptInvitation(db: Db, invitation: InvitationRow, userId: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(invitations)
      .set({ status: 'accepted', acceptedById: userId })
      .where(and(eq(invitations.id, invitation.id), eq(invitations.status, 'pending')));
    await addMembership(tx, invitation.teamId, userId, invitation.role);
  });
}
