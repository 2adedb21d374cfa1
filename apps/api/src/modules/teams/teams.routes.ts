import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, currentUser } from '../../core/authenticate.ts';
import { paginate, paginationQuery } from '../../core/pagination.ts';
import * as s from './teams.schemas.ts';
import * as service from './teams.service.ts';
import { teamAccess, teamAdminOnly, teamFromParam } from './team-access.ts';

/** `/teams/api/...`: the user's teams, joining, and the public invitation page. */
export async function teamsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['teams'];
  const auth = { onRequest: authenticate };

  r.get('/teams/', { ...auth, schema: { tags, querystring: paginationQuery, response: { 200: s.teamPage } } }, async (request) =>
    paginate(request, request.query, (p) => service.listTeams(deps, currentUser(request), p.pageSize, p.offset)),
  );
  r.post('/teams/', { ...auth, schema: { tags, body: s.teamRequest, response: { 201: s.teamSchema } } }, async (request, reply) => {
    reply.code(201);
    return service.createTeam(deps, currentUser(request), request.body.name);
  });
  r.get('/teams/get_or_create_team/', { ...auth, schema: { tags, response: { 200: s.teamSchema } } }, async (request) =>
    service.getOrCreateTeam(deps, currentUser(request)),
  );
  r.get('/teams/:id/', { ...auth, schema: { tags, params: s.idParam, response: { 200: s.teamSchema } } }, async (request) =>
    service.serializeTeam(deps, await service.getAccessById(deps, currentUser(request), request.params.id)),
  );
  for (const method of ['put', 'patch'] as const) {
    r[method](
      '/teams/:id/',
      { ...auth, schema: { tags, params: s.idParam, body: method === 'put' ? s.teamRequest : s.patchedTeamRequest, response: { 200: s.teamSchema } } },
      async (request) => {
        const access = await service.getAccessById(deps, currentUser(request), request.params.id);
        return service.renameTeam(deps, access, (request.body as { name?: string }).name);
      },
    );
  }
  r.delete('/teams/:id/', { ...auth, schema: { tags, params: s.idParam } }, async (request, reply) => {
    await service.deleteTeam(deps, await service.getAccessById(deps, currentUser(request), request.params.id));
    return reply.code(204).send();
  });

  r.post('/join/team-by-id/', { ...auth, schema: { tags, body: s.joinTeamByIdRequest, response: { 200: s.teamSchema } } }, async (request) =>
    service.joinWithInvitation(deps, currentUser(request), request.body.invitation_id, { id: request.body.team_id }),
  );
  r.post('/join/team/:teamSlug/', { ...auth, schema: { tags, params: s.slugParam, body: s.joinTeamRequest, response: { 200: s.teamSchema } } }, async (request) =>
    service.joinWithInvitation(deps, currentUser(request), request.body.invitation_id, { slug: request.params.teamSlug }),
  );

  r.get('/invitations/:id/', { schema: { tags, params: s.uuidParam, response: { 200: s.publicInvitationSchema } } }, async (request) =>
    service.getPublicInvitation(deps, request.params.id),
  );
  r.post('/invitations/:id/accept/', { ...auth, schema: { tags, params: s.uuidParam, response: { 200: s.teamSchema } } }, async (request) =>
    service.joinWithInvitation(deps, currentUser(request), request.params.id),
  );
}

/** `/a/:teamSlug/team/...`: invitations and members of one team. */
export async function teamScopedRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['teams'];
  const member = { onRequest: [authenticate, teamFromParam] };
  const admin = { onRequest: [authenticate, teamFromParam, teamAdminOnly] };
  const invitationParams = s.slugParam.extend(s.uuidParam.shape);
  const memberParams = s.slugParam.extend(s.idParam.shape);

  // invitation ids are secrets of the admins: whoever holds one and owns the address may join with its role
  r.get('/team/api/invitations/', { ...admin, schema: { tags, params: s.slugParam, querystring: paginationQuery, response: { 200: s.invitationPage } } }, async (request) =>
    paginate(request, request.query, (p) => service.listInvitations(deps, teamAccess(request), p.pageSize, p.offset)),
  );
  r.post('/team/api/invitations/', { ...admin, schema: { tags, params: s.slugParam, body: s.invitationRequest, response: { 201: s.invitationSchema } } }, async (request, reply) => {
    reply.code(201);
    return service.createInvitation(deps, teamAccess(request), currentUser(request), request.body);
  });
  r.get('/team/api/invitations/:id/', { ...admin, schema: { tags, params: invitationParams, response: { 200: s.invitationSchema } } }, async (request) =>
    service.getInvitation(deps, teamAccess(request), request.params.id),
  );
  for (const method of ['put', 'patch'] as const) {
    r[method](
      '/team/api/invitations/:id/',
      { ...admin, schema: { tags, params: invitationParams, body: method === 'put' ? s.patchedInvitationRequest.required() : s.patchedInvitationRequest, response: { 200: s.invitationSchema } } },
      async (request) => service.updateInvitationRole(deps, teamAccess(request), request.params.id, request.body.role),
    );
  }
  r.delete('/team/api/invitations/:id/', { ...admin, schema: { tags, params: invitationParams } }, async (request, reply) => {
    await service.cancelInvitation(deps, teamAccess(request), request.params.id);
    return reply.code(204).send();
  });
  r.post('/team/api/invitations/:id/resend/', { ...admin, schema: { tags, params: invitationParams, response: { 200: s.invitationSchema } } }, async (request) =>
    service.resendInvitation(deps, teamAccess(request), currentUser(request), request.params.id),
  );

  r.get('/team/members/', { ...member, schema: { tags, params: s.slugParam, querystring: paginationQuery, response: { 200: s.memberPage } } }, async (request) =>
    paginate(request, request.query, (p) => service.listMembers(deps, teamAccess(request), p.pageSize, p.offset)),
  );
  r.get('/team/members/:id/', { ...member, schema: { tags, params: memberParams, response: { 200: s.memberSchema } } }, async (request) =>
    service.getMember(deps, teamAccess(request), request.params.id),
  );
  for (const method of ['put', 'patch'] as const) {
    r[method](
      '/team/members/:id/',
      { ...admin, schema: { tags, params: memberParams, body: method === 'put' ? s.membershipRequest : s.patchedMembershipRequest, response: { 200: s.memberSchema } } },
      async (request) => service.changeMemberRole(deps, teamAccess(request), request.params.id, request.body.role),
    );
  }
  r.delete('/team/members/:id/', { ...member, schema: { tags, params: memberParams } }, async (request, reply) => {
    await service.removeMember(deps, teamAccess(request), request.params.id);
    return reply.code(204).send();
  });
}
