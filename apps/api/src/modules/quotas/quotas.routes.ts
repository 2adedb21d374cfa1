import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '../../core/authenticate.ts';
import { teamAccess, teamFromParam } from '../teams/team-access.ts';
import * as s from './quotas.schemas.ts';
import * as service from './quotas.service.ts';

/** `/a/:teamSlug/subscription/api/usage/`: what the team uses of its quotas (every member may read it). */
export async function quotasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  r.get(
    '/subscription/api/usage/',
    {
      onRequest: [authenticate, teamFromParam],
      schema: {
        tags: ['subscriptions'],
        params: s.slugParam,
        description: "The team's use of its quotas: videos waiting to render, their total length, and stored bytes, each with its limit.",
        response: { 200: s.teamUsageSchema },
      },
    },
    async (request) => service.getUsage(deps, teamAccess(request)),
  );
}
