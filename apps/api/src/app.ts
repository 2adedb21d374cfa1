import './core/zod-messages.ts';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from '@hookwall/config';
import type { Database } from '@hookwall/db';
import { createStorage, type Storage } from '@hookwall/storage';
import type { AppDeps } from './core/deps.ts';
import { registerErrorHandling, registerJsonNotFound } from './core/error-handler.ts';
import { registerJsonDepthLimit } from './core/json-depth.ts';
import { registerNullCharacterCheck } from './core/null-characters.ts';
import { addSharedErrorResponses } from './core/openapi-errors.ts';
import { registerOverloadProtection } from './core/overload.ts';
import { foldInputSchemaNames } from './core/openapi-names.ts';
import { adResultsRoutes, insightsRoutes } from './modules/ad-results/ad-results.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { backgroundVideosRoutes } from './modules/background-videos/background-videos.routes.ts';
import { brandFontsRoutes, brandKitsRoutes } from './modules/brand-kits/brand-kits.routes.ts';
import { brandVideosRoutes } from './modules/brand-videos/brand-videos.routes.ts';
import { contextsRoutes } from './modules/contexts/contexts.routes.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { musicTracksRoutes } from './modules/music-tracks/music-tracks.routes.ts';
import { billingRootRoutes, billingRoutes } from './modules/billing/billing.routes.ts';
import { loadBillingProvider } from './modules/billing/select-provider.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { quotasRoutes } from './modules/quotas/quotas.routes.ts';
import { registerMetrics } from './modules/metrics/metrics.routes.ts';
import { teamScopedRoutes, teamsRoutes } from './modules/teams/teams.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { videoTemplatesRoutes } from './modules/video-templates/video-templates.routes.ts';
import { renderJobsRoutes } from './modules/render-jobs/render-jobs.routes.ts';
import { allVideosRoutes, compositeVideosRoutes, textWallVideosRoutes } from './modules/videos/videos.routes.ts';
import { voicesRoutes } from './modules/voices/voices.routes.ts';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  logger?: boolean;
  /** where the JSON log lines go (stdout by default); setting it turns the logger on (tests read the lines) */
  logStream?: NodeJS.WritableStream;
  /** defaults to the storage the configuration names (S3 when S3_BUCKET is set, else local disk) */
  storage?: Storage;
}

/** Builds the whole API; every module is listed here. */
export async function buildApp({ config, database, logger = true, logStream, storage }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      logger || logStream
        ? { level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'], ...(logStream && { stream: logStream }) }
        : false,
    // every log line of a request carries it as `reqId`, and the answer echoes it in X-Request-Id (onSend below)
    genReqId: requestId,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
  });
  // every route as registered (method, path template), so tests can hold each one to a permission table
  const routeInventory: { method: string; url: string }[] = [];
  app.decorate('routeInventory', routeInventory);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routeInventory.push({ method, url: route.url });
  });
  const deps: AppDeps = { config, database, db: database.db, storage: storage ?? createStorage(config) };
  app.decorate('deps', deps);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionFamily', null);
  app.decorateRequest('authTime', null);
  app.decorateRequest('teamAccess', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // answers carry tokens and personal data: no browser or proxy may keep them (media keeps its own caching)
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  // before anything walks a body: deep nesting is a 400, never a stack overflow
  registerJsonDepthLimit(app);
  registerNullCharacterCheck(app);
  // JSON and multipart only, as the contract says; anything else is a 415
  app.removeContentTypeParser('text/plain');

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // data: for the silent clip the Remotion Player plays to unlock sound on the first click
        mediaSrc: ["'self'", 'blob:', 'data:', 'https:'],
        connectSrc: ["'self'", 'https:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 10 } });
  // after helmet, so a 503 of an overloaded moment still carries the security headers
  await registerOverloadProtection(app, config);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Hookwall API', version: '1.0.0', description: 'Turn a product description into short vertical videos and ads, in bulk.' },
      components: { securitySchemes: { jwtAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ jwtAuth: [] }],
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  let openApiDocument: object | undefined;
  app.get('/api/schema/', { schema: { hide: true } }, async () => (openApiDocument ??= addSharedErrorResponses(foldInputSchemaNames(app.swagger()))));

  await app.register(healthRoutes);
  registerMetrics(app);
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(usersRoutes);
  await app.register(mediaRoutes);
  await app.register(contextsRoutes, { prefix: '/api/contexts' });
  await app.register(brandVideosRoutes, { prefix: '/api/brand-videos' });
  await app.register(backgroundVideosRoutes, { prefix: '/api/text-wall-background-videos' });
  await app.register(textWallVideosRoutes, { prefix: '/api/text-wall-videos' });
  await app.register(compositeVideosRoutes, { prefix: '/api/composite-videos' });
  await app.register(allVideosRoutes, { prefix: '/api/videos' });
  await app.register(renderJobsRoutes, { prefix: '/api/remotion-render-jobs' });
  await app.register(voicesRoutes, { prefix: '/api/voices' });
  await app.register(brandKitsRoutes, { prefix: '/api/brand-kits' });
  await app.register(brandFontsRoutes, { prefix: '/api/brand-fonts' });
  await app.register(videoTemplatesRoutes, { prefix: '/api/video-templates' });
  await app.register(musicTracksRoutes, { prefix: '/api/music-tracks' });
  await app.register(adResultsRoutes, { prefix: '/api/ad-results' });
  await app.register(insightsRoutes, { prefix: '/api/insights' });
  await app.register(teamsRoutes, { prefix: '/teams/api' });
  await app.register(teamScopedRoutes, { prefix: '/a/:teamSlug' });
  await loadBillingProvider(config);
  await app.register(billingRoutes, { prefix: '/a/:teamSlug' });
  await app.register(quotasRoutes, { prefix: '/a/:teamSlug' });
  await app.register(billingRootRoutes);

  if (!(await registerWebApp(app, config))) registerJsonNotFound(app);
  return app;
}

const SANE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The request's id: the caller's `X-Request-Id` when it is a sane token (a load balancer's or a
 * client's, so one id follows the request across systems), else a new UUID. Anything else (too
 * long, spaces, quotes, several headers) is replaced, so it cannot forge or break a log line.
 */
export function requestId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

const apiPrefixes = ['/api/', '/teams/api/', '/users/api/', '/dashboard/api/', '/a/', '/subscription/'];

/** The API's own paths (not the web app, not media files) */
function isApiPath(url: string): boolean {
  return apiPrefixes.some((p) => url.startsWith(p));
}

/** The web app's build output, found through the @hookwall/web package (its `dist/*` export); null before it is built. */
function builtWebApp(): string | null {
  try {
    return dirname(createRequire(import.meta.url).resolve('@hookwall/web/dist/index.html'));
  } catch {
    return null;
  }
}

/** Serves the built single-page app, when there is one, with index.html for every client route. */
async function registerWebApp(app: FastifyInstance, config: Config): Promise<boolean> {
  const dist = config.WEB_DIST_DIR ?? builtWebApp();
  if (!dist || !existsSync(join(dist, 'index.html'))) return false;
  await app.register(fastifyStatic, { root: dist, prefix: '/', wildcard: false, index: false });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (request.method !== 'GET' || isApiPath(path) || path.startsWith('/media/') || /\.[a-z0-9]+$/i.test(path)) {
      return reply.code(404).send({ detail: 'Not found.' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
