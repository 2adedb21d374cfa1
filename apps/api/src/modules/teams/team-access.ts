import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { currentUser } from '../../core/authenticate.ts';
import { getAccessBySlug, getFirstTeamAccess, requireAdmin, type TeamAccess } from './teams.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    teamAccess: TeamAccess | null;
  }
}

/** onRequest hook for `/a/:teamSlug/...`: the caller must be a member (404 otherwise). Use after `authenticate`. */
export async function teamFromParam(request: FastifyRequest, _reply: FastifyReply) {
  const slug = (request.params as { teamSlug?: string }).teamSlug ?? '';
  request.teamAccess = await getAccessBySlug(request.server.deps, currentUser(request), slug);
}

/**
 * onRequest hook for `/api/...` team data: the team named by `X-Team-Slug`, else the user's first team.
 * A user in no team gets 400 no_team. Use after `authenticate`.
 */
export async function teamFromHeader(request: FastifyRequest, _reply: FastifyReply) {
  const user = currentUser(request);
  const header = request.headers['x-team-slug'];
  const slug = Array.isArray(header) ? header[0] : header;
  if (slug && slug.trim() !== '') {
    request.teamAccess = await getAccessBySlug(request.server.deps, user, slug.trim());
    return;
  }
  const first = await getFirstTeamAccess(request.server.deps, user);
  if (!first) throw new AppError('no_team', 'No team selected', { body: { detail: 'No team selected', code: 'no_team' } });
  request.teamAccess = first;
}

/** onRequest hook: only the team's admins pass (403 for read-only members). */
export async function teamAdminOnly(request: FastifyRequest, _reply: FastifyReply) {
  requireAdmin(teamAccess(request));
}

export function teamAccess(request: FastifyRequest): TeamAccess {
  if (!request.teamAccess) throw new AppError('no_team', 'No team selected', { body: { detail: 'No team selected', code: 'no_team' } });
  return request.teamAccess;
}
