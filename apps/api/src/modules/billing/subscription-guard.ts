import type { FastifyReply, FastifyRequest } from 'fastify';
import { teamAccess } from '../teams/team-access.ts';
import { hasActiveSubscription, subscriptionRequired } from './subscription-summary.ts';

/**
 * onRequest hook for every call that makes a video: 402 `subscription_required` unless the team's
 * subscription is active, trialing or past_due. Use after `authenticate` and a team hook
 * (`teamFromParam` or `teamFromHeader`):
 *   `{ onRequest: [authenticate, teamFromHeader, requireActiveSubscription] }`
 */
export async function requireActiveSubscription(request: FastifyRequest, _reply: FastifyReply) {
  const access = teamAccess(request);
  if (!(await hasActiveSubscription(request.server.deps, access.team.id))) throw subscriptionRequired();
}
