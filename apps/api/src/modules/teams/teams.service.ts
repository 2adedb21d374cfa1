import { randomUUID } from 'node:crypto';
import { enqueueJob } from '@hookwall/jobs';
import type { AppDeps } from '../../core/deps.ts';
import { AppError, badRequest, fieldError, notFound, permissionDenied } from '../../core/errors.ts';
import { avatarUrl, displayName } from '../../core/user-format.ts';
import type { UserRow } from '@hookwall/db';
import { getSubscriptionSummaries } from '../billing/subscription-summary.ts';
import * as repo from './teams.repository.ts';

export const INVITATION_LIFETIME_DAYS = 14;
const LAST_ADMIN = 'You cannot remove the only administrator from a team.';

export type Team = repo.TeamRow;
export type Membership = repo.MembershipRow;
export interface TeamAccess {
  team: Team;
  membership: Membership;
  isAdmin: boolean;
}

type MemberJoin = { membership: Membership; user: UserRow };
type InvitationJoin = { invitation: repo.InvitationRow; inviter: UserRow | null };

export function serializeMember({ membership, user }: MemberJoin) {
  return {
    id: membership.id,
    user_id: user.id,
    display_name: displayName(user),
    email: user.email,
    avatar_url: avatarUrl(user),
    role: membership.role,
    created_at: membership.createdAt.toISOString(),
  };
}

export function serializeInvitation({ invitation, inviter }: InvitationJoin) {
  const isExpired = invitation.status === 'pending' && invitation.expiresAt.getTime() <= Date.now();
  return {
    id: invitation.id,
    team: invitation.teamId,
    email: invitation.email,
    role: invitation.role,
    invited_by: inviter ? displayName(inviter) : '',
    status: isExpired ? 'expired' : invitation.status,
    created_at: invitation.createdAt.toISOString(),
    expires_at: invitation.expiresAt.toISOString(),
  };
}

/** Team objects with members, pending invitations and subscription, in three queries for any number of teams. */
export async function serializeTeams(deps: AppDeps, items: { team: Team; membership: Membership }[]) {
  const ids = items.map((i) => i.team.id);
  const [members, invitations, subscriptions] = await Promise.all([
    repo.listMembersWithUsers(deps.db, ids),
    repo.listPendingInvitations(deps.db, ids),
    getSubscriptionSummaries(deps, ids),
  ]);
  return items.map(({ team, membership }) => ({
    id: team.id,
    name: team.name,
    slug: team.slug,
    members: members.filter((m) => m.membership.teamId === team.id).map(serializeMember),
    invitations: invitations
      .filter((i) => i.invitation.teamId === team.id)
      .map(serializeInvitation)
      // a member may see who is invited, never the id: with it anyone owning that address could join
      .map(({ id, ...rest }) => (membership.role === 'admin' ? { id, ...rest } : rest)),
    has_active_subscription: subscriptions.get(team.id)?.has_active_subscription ?? false,
    subscription: subscriptions.get(team.id)?.subscription ?? null,
    is_admin: membership.role === 'admin',
    role: membership.role,
    created_at: team.createdAt.toISOString(),
  }));
}

export async function serializeTeam(deps: AppDeps, access: { team: Team; membership: Membership }) {
  return (await serializeTeams(deps, [access]))[0]!;
}

export function slugify(name: string): string {
  const base = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/g, '');
  return base || 'team';
}

export async function createTeam(deps: AppDeps, user: UserRow, name: string) {
  const base = slugify(name);
  for (let attempt = 0; attempt < 5; attempt++) {
    const taken = await repo.slugsLike(deps.db, base);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    // another request may take the same slug between the read and the insert: then try again
    const team = await repo.insertTeamWithAdmin(deps.db, name, slug, user.id);
    if (team) return serializeTeam(deps, { team, membership: (await repo.findMembership(deps.db, team.id, user.id))! });
  }
  throw new AppError('conflict', 'Could not choose a unique address for the team. Please try again.');
}

export async function listTeams(deps: AppDeps, user: UserRow, limit: number, offset: number) {
  const { count, rows } = await repo.listUserTeams(deps.db, user.id, limit, offset);
  return { count, rows: await serializeTeams(deps, rows) };
}

/** The caller's access to a team, or 404 when they are not a member (never revealing that it exists). */
export async function getAccessById(deps: AppDeps, user: UserRow, teamId: number): Promise<TeamAccess> {
  const team = await repo.findTeamById(deps.db, teamId);
  const membership = team && (await repo.findMembership(deps.db, team.id, user.id));
  if (!team || !membership) throw notFound();
  return { team, membership, isAdmin: membership.role === 'admin' };
}

export async function getAccessBySlug(deps: AppDeps, user: UserRow, slug: string): Promise<TeamAccess> {
  // this runs before validation (onRequest): a slug no team can have names nothing, and a NUL must not reach the database
  if (slug.length > 200 || slug.includes('\u0000')) throw notFound();
  const team = await repo.findTeamBySlug(deps.db, slug);
  const membership = team && (await repo.findMembership(deps.db, team.id, user.id));
  if (!team || !membership) throw notFound();
  return { team, membership, isAdmin: membership.role === 'admin' };
}

/** The user's first team (oldest membership), or null. */
export async function getFirstTeamAccess(deps: AppDeps, user: UserRow): Promise<TeamAccess | null> {
  const { rows } = await repo.listUserTeams(deps.db, user.id, 1, 0);
  const first = rows[0];
  return first ? { ...first, isAdmin: first.membership.role === 'admin' } : null;
}

export function requireAdmin(access: TeamAccess) {
  if (!access.isAdmin) throw permissionDenied();
}

export async function getOrCreateTeam(deps: AppDeps, user: UserRow) {
  const first = await getFirstTeamAccess(deps, user);
  if (first) return serializeTeam(deps, first);
  const owner = user.firstName.trim() || user.email.split('@')[0] || 'My';
  return createTeam(deps, user, `${owner}'s Team`);
}

/** PUT and PATCH: admins only, even when the body changes nothing. */
export async function renameTeam(deps: AppDeps, access: TeamAccess, name: string | undefined) {
  requireAdmin(access);
  if (name === undefined) return serializeTeam(deps, access);
  const team = await repo.updateTeam(deps.db, access.team.id, { name });
  return serializeTeam(deps, { team: team ?? access.team, membership: access.membership });
}

export async function deleteTeam(deps: AppDeps, access: TeamAccess) {
  requireAdmin(access);
  // rows first (they cascade); then the team's files, which nothing points at any more
  await repo.deleteTeam(deps.db, access.team.id);
  await deps.storage.deletePrefix(`teams/${access.team.id}`);
}

// ---- invitations ----

function invitationEmail(deps: AppDeps, invitation: repo.InvitationRow, team: Team, inviter: UserRow) {
  const link = `${deps.config.APP_URL}/teams/invitation/${invitation.id}`;
  const who = displayName(inviter);
  const role = invitation.role === 'admin' ? 'an admin' : 'a read-only member';
  return {
    to: invitation.email,
    subject: `${who} invited you to join ${team.name} on Hookwall`,
    text: `${who} invited you to join the team "${team.name}" on Hookwall as ${role}.\n\nAccept the invitation: ${link}\n\nThe invitation expires on ${invitation.expiresAt.toUTCString()}.\n`,
    html: `<p>${escapeHtml(who)} invited you to join the team <strong>${escapeHtml(team.name)}</strong> on Hookwall as ${role}.</p><p><a href="${link}">Accept the invitation</a></p><p>The invitation expires on ${invitation.expiresAt.toUTCString()}.</p>`,
    reference: `invitation:${invitation.id}`,
  };
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface InvitationInput {
  team: number;
  email: string;
  role: 'admin' | 'member';
}

export async function createInvitation(deps: AppDeps, access: TeamAccess, inviter: UserRow, input: InvitationInput) {
  requireAdmin(access);
  if (input.team !== access.team.id) throw fieldError({ team: 'The team does not match the team in the address.' });
  if (await repo.findPendingInvitationByEmail(deps.db, access.team.id, input.email)) {
    throw fieldError({ email: 'An invitation has already been sent to this email address.' });
  }
  if (await repo.isEmailMember(deps.db, access.team.id, input.email)) {
    throw fieldError({ email: 'This user is already a member of the team.' });
  }
  const invitation = await deps.db.transaction(async (tx) => {
    const row = await repo.insertInvitation(tx, {
      id: randomUUID(),
      teamId: access.team.id,
      email: input.email,
      role: input.role,
      invitedById: inviter.id,
      expiresAt: new Date(Date.now() + INVITATION_LIFETIME_DAYS * 86400_000),
      lastSentAt: new Date(),
    });
    // queued in the same transaction: the invitation never exists without its email on the way
    await enqueueJob(tx, 'send-email', invitationEmail(deps, row, access.team, inviter));
    return row;
  });
  return serializeInvitation({ invitation, inviter });
}

export async function listInvitations(deps: AppDeps, access: TeamAccess, limit: number, offset: number) {
  const { count, rows } = await repo.pagePendingInvitations(deps.db, access.team.id, limit, offset);
  return { count, rows: rows.map(serializeInvitation) };
}

async function findTeamInvitation(deps: AppDeps, access: TeamAccess, id: string) {
  const found = await repo.findInvitation(deps.db, id, access.team.id);
  if (!found) throw notFound();
  return found;
}

export async function getInvitation(deps: AppDeps, access: TeamAccess, id: string) {
  return serializeInvitation(await findTeamInvitation(deps, access, id));
}

export async function updateInvitationRole(deps: AppDeps, access: TeamAccess, id: string, role: 'admin' | 'member' | undefined) {
  requireAdmin(access);
  const found = await findTeamInvitation(deps, access, id);
  if (found.invitation.status !== 'pending') throw badRequest('Only a pending invitation can be changed.');
  const invitation = role ? await repo.updateInvitation(deps.db, access.team.id, id, { role }) : found.invitation;
  return serializeInvitation({ invitation: invitation ?? found.invitation, inviter: found.inviter });
}

export async function cancelInvitation(deps: AppDeps, access: TeamAccess, id: string) {
  requireAdmin(access);
  const found = await findTeamInvitation(deps, access, id);
  if (found.invitation.status === 'pending') await repo.updateInvitation(deps.db, access.team.id, id, { status: 'cancelled' });
}

export async function resendInvitation(deps: AppDeps, access: TeamAccess, inviter: UserRow, id: string) {
  requireAdmin(access);
  const found = await findTeamInvitation(deps, access, id);
  if (found.invitation.status !== 'pending') throw badRequest('Only a pending invitation can be sent again.');
  const invitation = await deps.db.transaction(async (tx) => {
    const row = (await repo.updateInvitation(tx, access.team.id, id, {
      expiresAt: new Date(Date.now() + INVITATION_LIFETIME_DAYS * 86400_000),
      lastSentAt: new Date(),
    }))!;
    await enqueueJob(tx, 'send-email', invitationEmail(deps, row, access.team, found.inviter ?? inviter));
    return row;
  });
  return serializeInvitation({ invitation, inviter: found.inviter });
}

/** The public invitation page: enough to show who invites whom to what, nothing more. */
export async function getPublicInvitation(deps: AppDeps, id: string) {
  const found = await repo.findInvitation(deps.db, id);
  if (!found) throw notFound();
  const serialized = serializeInvitation(found);
  return {
    id: serialized.id,
    team: { name: found.team.name, slug: found.team.slug },
    email: serialized.email,
    role: serialized.role,
    invited_by: serialized.invited_by,
    status: serialized.status,
    expires_at: serialized.expires_at,
  };
}

/** Joins with an invitation: it must be pending, unexpired, of this team (when given) and for the caller's email. */
export async function joinWithInvitation(deps: AppDeps, user: UserRow, invitationId: string, team?: { id?: number; slug?: string }) {
  const found = await repo.findInvitation(deps.db, invitationId);
  const denied = permissionDenied('This invitation is not valid for your account.');
  if (!found) throw denied;
  const { invitation } = found;
  if (team?.id !== undefined && found.team.id !== team.id) throw denied;
  if (team?.slug !== undefined && found.team.slug !== team.slug) throw denied;
  if (invitation.email.toLowerCase() !== user.email.toLowerCase()) throw denied;
  // holding the invitation id is not enough: the address it was mailed to must be proven the user's
  if (!user.emailVerified) throw permissionDenied('Verify your email address first: follow the link we sent to it, then accept the invitation.');
  const existing = await repo.findMembership(deps.db, found.team.id, user.id);
  if (!existing) {
    if (invitation.status !== 'pending' || invitation.expiresAt.getTime() <= Date.now()) {
      throw permissionDenied('This invitation has expired or is no longer valid.');
    }
    await repo.acceptInvitation(deps.db, invitation, user.id);
  }
  const membership = (await repo.findMembership(deps.db, found.team.id, user.id))!;
  return serializeTeam(deps, { team: found.team, membership });
}

/** True when the invitation is pending, unexpired and addressed to `email`. */
export async function isPendingInvitationFor(deps: AppDeps, invitationId: string, email: string): Promise<boolean> {
  const found = await repo.findInvitation(deps.db, invitationId);
  if (!found) return false;
  const { invitation } = found;
  return invitation.status === 'pending' && invitation.expiresAt.getTime() > Date.now() && invitation.email.toLowerCase() === email.trim().toLowerCase();
}

/** At sign-up: join the invitation's team when the invitation is for this email; otherwise ignore it. */
export async function joinWithInvitationIfMatching(deps: AppDeps, invitationId: string, user: UserRow) {
  try {
    await joinWithInvitation(deps, user, invitationId);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

// ---- members ----

export async function listMembers(deps: AppDeps, access: TeamAccess, limit: number, offset: number) {
  const { count, rows } = await repo.pageMembers(deps.db, access.team.id, limit, offset);
  return { count, rows: rows.map(serializeMember) };
}

export async function getMember(deps: AppDeps, access: TeamAccess, membershipId: number) {
  const found = await repo.findMember(deps.db, access.team.id, membershipId);
  if (!found) throw notFound();
  return serializeMember(found);
}

export async function changeMemberRole(deps: AppDeps, access: TeamAccess, membershipId: number, role: 'admin' | 'member' | undefined) {
  requireAdmin(access);
  const found = await repo.findMember(deps.db, access.team.id, membershipId);
  if (!found) throw notFound();
  if (role && role !== found.membership.role) {
    // demoting oneself is allowed while another admin remains; the guard checks that under a lock
    const outcome = await repo.changeMembershipGuarded(deps.db, access.team.id, membershipId, { role });
    if (outcome === 'last_admin') throw badRequest(LAST_ADMIN);
    if (outcome === 'missing') throw notFound();
  }
  return getMember(deps, access, membershipId);
}

export async function removeMember(deps: AppDeps, access: TeamAccess, membershipId: number) {
  const found = await repo.findMember(deps.db, access.team.id, membershipId);
  if (!found) throw notFound();
  const isSelf = found.membership.id === access.membership.id;
  if (!isSelf && !access.isAdmin) throw permissionDenied();
  const outcome = await repo.changeMembershipGuarded(deps.db, access.team.id, membershipId, 'delete');
  if (outcome === 'last_admin') throw badRequest(LAST_ADMIN);
  if (outcome === 'missing') throw notFound();
}
