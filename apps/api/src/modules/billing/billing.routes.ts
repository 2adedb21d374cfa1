import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, currentUser } from '../../core/authenticate.ts';
import { paginate } from '../../core/pagination.ts';
import { teamAccess, teamAdminOnly, teamFromParam } from '../teams/team-access.ts';
import * as s from './billing.schemas.ts';
import * as checkout from './checkout.service.ts';
import * as credits from './credits.service.ts';
import * as local from './local-billing.service.ts';
import * as webhook from './webhook.service.ts';

/** The contract's URL answers are a bare JSON string ("https://..."), not an object. */
function sendJsonString(reply: FastifyReply, value: string) {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(value));
}

/** `/a/:teamSlug/subscription/...`: checkout, portal and credits of one team. */
export async function billingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['subscriptions'];
  const member = { onRequest: [authenticate, teamFromParam] };
  const admin = { onRequest: [authenticate, teamFromParam, teamAdminOnly] };
  const params = s.slugParam;

  r.post(
    '/subscription/stripe/api/create-checkout-session/',
    { ...admin, schema: { tags, params, body: s.createCheckoutSessionRequest, response: { 200: s.redirectUrlSchema } } },
    async (request, reply) => sendJsonString(reply, await checkout.createCheckoutSession(deps, teamAccess(request), currentUser(request), request.body)),
  );
  r.post(
    '/subscription/stripe/api/create-portal-session/',
    {
      ...admin,
      schema: { tags, params, description: 'The billing portal URL (returns to /settings/subscription); 400 while the team has no billing account.', response: { 200: s.redirectUrlSchema } },
    },
    async (request, reply) => sendJsonString(reply, await checkout.createPortalSession(deps, teamAccess(request))),
  );
  r.get('/subscription/api/plans/', { ...member, schema: { tags, params, response: { 200: s.billingPlansSchema } } }, async () => checkout.describePlans(deps));

  r.get('/subscription/api/credits/balance/', { ...member, schema: { tags, params, response: { 200: s.creditBalanceSchema } } }, async (request) =>
    credits.getCreditBalance(deps, teamAccess(request)),
  );
  r.post(
    '/subscription/api/credits/purchase/',
    { ...admin, schema: { tags, params, body: s.createCreditPurchaseRequest, response: { 200: s.redirectUrlSchema } } },
    async (request, reply) => sendJsonString(reply, await checkout.createCreditPurchase(deps, teamAccess(request), currentUser(request), request.body)),
  );
  for (const path of ['/subscription/api/credit-transactions/', '/subscription/api/credits/transactions/']) {
    r.get(path, { ...member, schema: { tags, params, querystring: s.creditTransactionsQuery, response: { 200: s.creditTransactionPage } } }, async (request) => {
      return paginate(request, request.query, (page) => credits.listCreditTransactions(deps, teamAccess(request), request.query.ordering, page));
    });
  }

  // the local provider's portal page (/billing/portal/{teamSlug}); 404 when Stripe is configured
  const localTags = ['subscriptions'];
  r.get('/subscription/local/api/portal/', { ...member, schema: { tags: localTags, params, response: { 200: s.localPortalSchema } } }, async (request) =>
    local.getLocalPortal(deps, teamAccess(request)),
  );
  r.post('/subscription/local/api/portal/cancel/', { ...admin, schema: { tags: localTags, params, description: 'Cancel at the end of the current period.', response: { 200: s.localPortalSchema } } }, async (request) =>
    local.setLocalCancelAtPeriodEnd(deps, teamAccess(request), true),
  );
  r.post('/subscription/local/api/portal/resume/', { ...admin, schema: { tags: localTags, params, description: 'Undo a cancellation at period end.', response: { 200: s.localPortalSchema } } }, async (request) =>
    local.setLocalCancelAtPeriodEnd(deps, teamAccess(request), false),
  );
}

/** `/subscription/...` outside any team: the Stripe webhook and the local checkout page's calls. */
export async function billingRootRoutes(app: FastifyInstance) {
  await app.register(stripeWebhookRoute);
  await app.register(localCheckoutRoutes);
}

/** Stripe signs the exact bytes it sends, so this route (and only it) keeps the body raw. */
async function stripeWebhookRoute(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
  r.post(
    '/subscription/stripe/webhook/',
    {
      schema: {
        tags: ['subscriptions'],
        description: 'Stripe webhook endpoint; the Stripe-Signature header is verified over the raw body (5 minute tolerance). 404 without Stripe.',
        security: [],
        response: { 200: s.webhookReceivedSchema },
      },
    },
    async (request) => {
      const header = request.headers['stripe-signature'];
      const outcome = await webhook.handleStripeWebhook(app.deps, request.body, Array.isArray(header) ? header[0] : header);
      return { received: true as const, outcome };
    },
  );
}

async function localCheckoutRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['subscriptions'];
  const auth = { onRequest: authenticate };
  const params = s.sessionParam;

  r.get('/subscription/local/api/checkout/:id/', { ...auth, schema: { tags, params, response: { 200: s.localCheckoutSessionSchema } } }, async (request) =>
    local.getLocalCheckout(deps, currentUser(request), request.params.id),
  );
  r.post(
    '/subscription/local/api/checkout/:id/pay/',
    { ...auth, schema: { tags, params, description: 'Completes the session (no payment is taken) and answers where to go next.', response: { 200: s.localCheckoutResultSchema } } },
    async (request) => local.payLocalCheckout(deps, currentUser(request), request.params.id),
  );
  r.post('/subscription/local/api/checkout/:id/cancel/', { ...auth, schema: { tags, params, response: { 200: s.localCheckoutResultSchema } } }, async (request) =>
    local.cancelLocalCheckout(deps, currentUser(request), request.params.id),
  );
}
