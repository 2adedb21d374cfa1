import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { count, eq } from 'drizzle-orm';
import { compositeVideos, renderJobs } from '@hookwall/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_TOO_DEEP_MESSAGE, MAX_JSON_DEPTH } from '../core/json-depth.ts';
import { subscribeTeam, uploadClip } from '../modules/videos/videos.test-helpers.ts';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from './harness.ts';

type Operation = { requestBody?: { content?: Record<string, { schema?: Schema }> }; responses: Record<string, unknown> };
type Schema = { $ref?: string; type?: string | string[]; properties?: Record<string, Schema>; required?: string[] };
type Document = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> } };

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);

/** Values of every kind a client can put in JSON, weighted towards the ones that break servers. */
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom('', ' ', '\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\u202eevil', '😀'.repeat(300), 'ا'.repeat(5000), '%', '_', '\\', "' OR 1=1 --", '../../etc/passwd', 'x'.repeat(100_000)),
);
const hostileNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, Number.MAX_SAFE_INTEGER));
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, hostileString, hostileNumber, fc.boolean(), fc.constant(null), fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(fc.string(), tie('value'), { maxKeys: 4 })),
})).value;

describe('fuzzing every operation of the OpenAPI document', () => {
  let t: TestApp;
  let admin: TestUser;
  let slug: string;
  let teamId: number;
  let otherIds: Record<string, string | number>;
  let document: Document;
  let ajv: InstanceType<typeof Ajv2020>;

  beforeAll(async () => {
    t = await createTestApp();
    // team B first, so team A's ids are not the small numbers the fuzzer tries
    const b = await userWithTeam(t.app, 'Fuzz B');
    const a = await userWithTeam(t.app, 'Fuzz A');
    admin = a.user;
    slug = a.team.slug;
    teamId = a.team.id;
    // objects of another team: their ids must answer 404, never anything else
    const call = as(t.app, b.user);
    const headers = { 'x-team-slug': b.team.slug };
    const context = (await call({ method: 'POST', url: '/api/contexts/', headers, payload: { name: 'B context', type: 'product', content: 'x' } })).json();
    const clip = (await call({ method: 'POST', url: '/api/brand-videos/', headers, payload: { filename: 'b.mp4', content_type: 'video/mp4', size: 10 } })).json();
    otherIds = { context: context.id, clip: clip.id, team: b.team.id, teamSlug: b.team.slug };
    document = (await t.app.inject({ url: '/api/schema/' })).json();
    ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });
    ajv.addSchema({ ...document, $id: 'openapi' });
  });
  afterAll(async () => t?.close());

  const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

  /** The response schema the document gives for this status (its own, or the shared error response). */
  function responseSchemaRef(path: string, method: string, status: number): string | null {
    const responses = document.paths[path]![method]!.responses;
    const entry = (responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default) as { $ref?: string; content?: Record<string, unknown> } | undefined;
    if (!entry) return null;
    if (entry.$ref) return `openapi#/components/responses/${entry.$ref.split('/').pop()}/content/application~1json/schema`;
    if (!entry.content?.['application/json']) return 'none';
    return `openapi#/${pointer('paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema')}`;
  }

  it(`answers every generated request with a documented status and body, never 5xx (${RUNS} runs per operation)`, async () => {
    const problems: string[] = [];
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
        .map((method) => ({ path, method })),
    );
    expect(operations.length).toBeGreaterThan(60);
    for (const { path, method } of operations) {
      // logging out would end the session the rest of the run uses
      if (path === '/api/auth/logout/') continue;
      const bodySchema = document.paths[path]![method]!.requestBody?.content?.['application/json']?.schema;
      const resolved = bodySchema?.$ref ? document.components.schemas[bodySchema.$ref.split('/').pop()!] : bodySchema;
      const fieldNames = Object.keys(resolved?.properties ?? {});
      const pathParam = fc.oneof(
        fc.constantFrom('999999999', '-1', '0', '2147483648', '99999999999999999999', 'abc', '%00', '%F0%9F%98%80', '..%2F..', '00000000-0000-0000-0000-000000000000'),
        fc.constantFrom(...Object.values(otherIds).map(String)),
        fc.string({ minLength: 1, maxLength: 40 }).map((s) => encodeURIComponent(s)),
      ).filter((p) => p !== String(teamId)); // deleting team A itself would end the run's subject
      // bodies: the operation's own fields with hostile values, plus extra fields, or anything at all
      const body = fieldNames.length
        ? fc.oneof(fc.record(Object.fromEntries(fieldNames.map((f) => [f, hostileValue])), { requiredKeys: [] }).chain((r) => fc.dictionary(fc.string(), hostileValue, { maxKeys: 2 }).map((extra) => ({ ...extra, ...r }))), hostileValue)
        : hostileValue;
      const query = fc.dictionary(fc.constantFrom('page', 'page_size', 'limit', 'ordering', 'search', 'type', 'status', 'kind', 'tag'), hostileString.map((s) => s.slice(0, 200)), { maxKeys: 3 });
      // the team slug is read before validation, so it is fuzzed too (mostly the real one, to reach the handlers)
      const slugParam = fc.oneof({ arbitrary: fc.constant(slug), weight: 4 }, { arbitrary: pathParam, weight: 1 });
      await fc.assert(
        fc.asyncProperty(pathParam, slugParam, body, query, async (param, teamSlug, payload, q) => {
          const url = path.replace('{teamSlug}', teamSlug).replace(/\{[^}]+\}/g, param);
          const search = new URLSearchParams(q as Record<string, string>).toString();
          const options: InjectOptions = { method: method.toUpperCase() as 'GET', url: search ? `${url}?${search}` : url, headers: { 'x-team-slug': slug } };
          if (method !== 'get' && method !== 'delete') options.payload = payload as object;
          const res = await as(t.app, admin)(options);
          if (res.statusCode >= 500) {
            problems.push(`${method.toUpperCase()} ${path}: ${res.statusCode} for ${JSON.stringify(payload).slice(0, 200)} ${res.body.slice(0, 200)}`);
            return;
          }
          const ref = responseSchemaRef(path, method, res.statusCode);
          if (ref === null) {
            problems.push(`${method.toUpperCase()} ${path}: status ${res.statusCode} is not in the document`);
          } else if (ref !== 'none' && res.body !== '' && String(res.headers['content-type'] ?? '').includes('json')) {
            const validate = ajv.getSchema(ref);
            if (validate && !validate(res.json())) {
              problems.push(`${method.toUpperCase()} ${path} ${res.statusCode}: body does not match the document: ${ajv.errorsText(validate.errors)} ${res.body.slice(0, 200)}`);
            }
          }
        }),
        { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 42) },
      );
    }
    expect([...new Set(problems)].slice(0, 30)).toEqual([]);
  }, 600_000);
});

/** JSON text nested `depth` deep: arrays, objects, both in turn, or inside a field of an ordinary body */
const deepJson = fc
  .record({ depth: fc.integer({ min: MAX_JSON_DEPTH + 1, max: 30_000 }), shape: fc.constantFrom('array', 'object', 'mixed', 'field'), field: fc.constantFrom('email', 'name', 'config', 'texts', 'style', 'token') })
  .map(({ depth, shape, field }) => {
    if (shape === 'array') return '['.repeat(depth) + ']'.repeat(depth);
    if (shape === 'object') return '{"a":'.repeat(depth) + 'null' + '}'.repeat(depth);
    const half = Math.ceil(depth / 2);
    const mixed = '[{"a":'.repeat(half) + '1' + '}]'.repeat(half);
    return shape === 'mixed' ? mixed : `{"${field}":${mixed},"other":"x"}`;
  });

/** A multipart form of hostile fields: NULs, deep JSON, broken JSON, huge values, repeated names */
const hostileForm = fc.array(
  fc.record({
    // mostly the fields bulk_create reads, so the hostile values reach its parser and schema
    name: fc.oneof(
      { arbitrary: fc.constantFrom('texts', 'style', 'styles', 'combine', 'background_video_ids', 'count', 'context_id', 'duration_seconds', 'aspect', 'tone', 'file'), weight: 4 },
      { arbitrary: fc.constantFrom('avatar', 'name', 'config', 'email'), weight: 1 },
      { arbitrary: fc.string({ maxLength: 10 }), weight: 1 },
    ),
    value: fc.oneof(
      { arbitrary: hostileString.map((v) => v.slice(0, 5000)), weight: 2 },
      { arbitrary: deepJson, weight: 1 },
      { arbitrary: fc.constantFrom('nul\u0000here', '["a\u0000"]', '{"preset":"punchy","highlightWords":["\u0000"]}', 'wit\u0000ty'), weight: 2 },
      { arbitrary: fc.constantFrom('[', '{"preset":', '[1,2,3]', '{"preset":"punchy"}', 'not-a-uuid,also-not', '-1', 'NaN', '1e999', '9:16', 'Hello,World'), weight: 2 },
    ),
    file: fc.boolean(),
  }),
  { maxLength: 5 },
);

/** bulk_create's own form: valid fields with, now and then, one made hostile (a NUL, deep JSON, a wrong type) */
const bulkForm = fc
  .record({
    texts: fc.oneof(fc.constantFrom('First,Second', '["One","Two"]', 'Solo'), fc.constantFrom('nul\u0000here', '["ok","a\u0000b"]', 'x\u0000,y')),
    style: fc.option(fc.oneof(fc.constantFrom('{"preset":"punchy"}', ''), fc.constantFrom('{"preset":"punchy","highlightWords":["\u0000"]}', '{"fontFamily":"A\u0000"}'), deepJson), { nil: undefined }),
    styles: fc.option(fc.oneof(fc.constantFrom('[{"preset":"neon"},{"preset":"clean"}]', '[]', '{"preset":"neon"}', '[{"fontSize":9999}]'), deepJson), { nil: undefined }),
    combine: fc.option(fc.constantFrom('matrix', 'cycle', 'every', 'matrix\u0000'), { nil: undefined }),
    duration_seconds: fc.option(fc.constantFrom('5', '60', '4', 'NaN', '1e999'), { nil: undefined }),
    aspect: fc.option(fc.constantFrom('9:16', '1:1', '4:3', '9:16\u0000'), { nil: undefined }),
    tone: fc.option(fc.constantFrom('witty', 'wit\u0000ty'), { nil: undefined }),
    extra: fc.option(fc.constantFrom('x\u0000', 'y'), { nil: undefined }),
  })
  .map((fields) => Object.entries(fields).flatMap(([name, value]) => (value === undefined ? [] : [{ name, value, file: false }])));

function multipartBody(parts: { name: string; value: string; file: boolean }[]) {
  const boundary = '----hookwall-fuzz';
  const safe = (v: string) => v.replace(/["\r\n]/g, '_');
  const body =
    parts
      .map((p) => `--${boundary}\r\nContent-Disposition: form-data; name="${safe(p.name)}"${p.file ? `; filename="${safe(p.name)}.csv"\r\nContent-Type: text/csv` : ''}\r\n\r\n${p.value}\r\n`)
      .join('') + `--${boundary}--\r\n`;
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body };
}

describe('fuzzing malformed bodies: deep nesting, multipart forms, composite configs', () => {
  let t: TestApp;
  let admin: TestUser;
  let slug: string;
  let teamId: number;
  let document: Document;
  let background: string;
  let operations: { path: string; method: string }[];

  beforeAll(async () => {
    t = await createTestApp();
    const a = await userWithTeam(t.app, 'Fuzz Bodies');
    admin = a.user;
    slug = a.team.slug;
    teamId = a.team.id;
    // subscribed, so the calls that make videos read their bodies instead of answering 402 first
    await subscribeTeam(t.app, admin, slug);
    background = (await uploadClip(t.app, admin, slug, 'background', { seconds: 1 })).id;
    document = (await t.app.inject({ url: '/api/schema/' })).json();
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((m) => ['post', 'put', 'patch'].includes(m))
        .map((method) => ({ path, method })),
    );
  }, 120_000);
  afterAll(async () => t?.close());

  const urlOf = (path: string) => path.replace('{teamSlug}', slug).replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
  const composites = async () => (await t.deps.db.select({ n: count() }).from(compositeVideos).where(eq(compositeVideos.teamId, teamId)))[0]!.n;
  const renders = async () => (await t.deps.db.select({ n: count() }).from(renderJobs).where(eq(renderJobs.teamId, teamId)))[0]!.n;

  it('deep JSON on every operation, signed in or not, is a 400 "JSON nested too deeply." or refused before the body is read; never 5xx', async () => {
    const problems: string[] = [];
    expect(operations.length).toBeGreaterThan(30);
    for (const { path, method } of operations) {
      if (path === '/api/auth/logout/') continue;
      await fc.assert(
        fc.asyncProperty(deepJson, fc.boolean(), async (payload, signedIn) => {
          const res = await as(t.app, signedIn ? admin : null)({ method: method.toUpperCase() as 'POST', url: urlOf(path), headers: { 'x-team-slug': slug, 'content-type': 'application/json' }, payload });
          const body = res.body.slice(0, 200);
          if (res.statusCode >= 500) problems.push(`${method.toUpperCase()} ${path} (${signedIn ? 'signed in' : 'anonymous'}): ${res.statusCode} ${body}`);
          // a 400 is the depth limit's own answer: nothing else may have read the body
          else if (res.statusCode === 400 && res.json().detail !== JSON_TOO_DEEP_MESSAGE) problems.push(`${method.toUpperCase()} ${path}: 400 that is not the depth limit: ${body}`);
        }),
        { numRuns: Math.max(3, Math.round(RUNS / 10)), seed: Number(process.env.FUZZ_SEED ?? 42) },
      );
    }
    expect([...new Set(problems)].slice(0, 30)).toEqual([]);
    expect((await t.app.inject({ url: '/api/health/' })).statusCode).toBe(200);
  }, 600_000);

  it('multipart forms on every operation never give a 5xx, and a refused bulk_create stores nothing', async () => {
    const problems: string[] = [];
    for (const { path, method } of operations) {
      if (path === '/api/auth/logout/') continue;
      await fc.assert(
        fc.asyncProperty(path.includes('bulk_create') ? fc.oneof(bulkForm, hostileForm) : hostileForm, async (parts) => {
          const before = path.includes('bulk_create') ? await renders() : 0;
          const res = await as(t.app, admin)({ method: method.toUpperCase() as 'POST', url: urlOf(path), ...multipartBody(parts), headers: { ...multipartBody(parts).headers, 'x-team-slug': slug } });
          if (res.statusCode >= 500) problems.push(`${method.toUpperCase()} ${path}: ${res.statusCode} for ${JSON.stringify(parts).slice(0, 300)} ${res.body.slice(0, 200)}`);
          else if (res.statusCode >= 400 && path.includes('bulk_create') && (await renders()) !== before) problems.push(`${path}: ${res.statusCode} but render jobs were written`);
        }),
        // bulk_create, the one route that reads multipart fields as its JSON body, gets the most
        { numRuns: path.includes('bulk_create') ? RUNS * 2 : Math.max(5, Math.round(RUNS / 5)), seed: Number(process.env.FUZZ_SEED ?? 42) },
      );
    }
    expect([...new Set(problems)].slice(0, 30)).toEqual([]);
  }, 600_000);

  it('composite configs with hostile ids and values: never a 5xx, and no row from a request that fails', async () => {
    const problems: string[] = [];
    const id = fc.oneof(
      fc.constant(null),
      fc.constant(background),
      fc.uuid(),
      fc.constantFrom('not-a-uuid', '', '00000000-0000-0000-0000-00000000000g', `${background} `, background.toUpperCase(), "' OR 1=1 --", 'a\u0000b'),
      hostileValue,
    );
    const wall = fc.record({ text: fc.oneof(fc.constant('Hello'), hostileString.map((v) => v.slice(0, 2000))), background_video_id: id, durationInSeconds: fc.oneof(fc.constant(3), hostileNumber) }, { requiredKeys: ['text'] });
    const config = fc.oneof(
      fc.record({ walls: fc.array(wall, { maxLength: 4 }), transition: fc.constantFrom('fade', 'none', 'spin'), aspect: fc.constantFrom('9:16', '16:9', '4:3') }, { requiredKeys: ['walls'] }),
      fc.dictionary(fc.string(), hostileValue, { maxKeys: 4 }),
    );
    const request = fc.record(
      {
        composition_id: fc.constantFrom('multi-text-wall', 'multi-text-wall', 'hook-product-demo', 'nope'),
        config,
        render: fc.constantFrom(true, false, undefined),
        hook_video_id: id,
        product_demo_video_id: id,
      },
      { requiredKeys: ['composition_id', 'config'] },
    );
    await fc.assert(
      fc.asyncProperty(request, fc.boolean(), async (payload, thenRender) => {
        const [beforeComposites, beforeRenders] = [await composites(), await renders()];
        const res = await as(t.app, admin)({ method: 'POST', url: '/api/composite-videos/', headers: { 'x-team-slug': slug }, payload });
        const shown = `${JSON.stringify(payload).slice(0, 300)} ${res.body.slice(0, 200)}`;
        if (res.statusCode >= 500) problems.push(`POST /api/composite-videos/: ${res.statusCode} for ${shown}`);
        else if (res.statusCode >= 400 && ((await composites()) !== beforeComposites || (await renders()) !== beforeRenders)) problems.push(`a ${res.statusCode} wrote rows: ${shown}`);
        else if (res.statusCode === 201 && thenRender) {
          const rendered = await as(t.app, admin)({ method: 'POST', url: `/api/composite-videos/${res.json().id}/render/`, headers: { 'x-team-slug': slug }, payload: {} });
          // 409 when creating it already started its render
          if (rendered.statusCode !== 202 && rendered.statusCode !== 409) problems.push(`render/ of a stored composite: ${rendered.statusCode} ${rendered.body.slice(0, 200)} for ${shown}`);
          const patched = await as(t.app, admin)({ method: 'PATCH', url: `/api/composite-videos/${res.json().id}/`, headers: { 'x-team-slug': slug }, payload: { config: payload.config } });
          if (patched.statusCode >= 500) problems.push(`PATCH: ${patched.statusCode} for ${shown}`);
        }
      }),
      { numRuns: RUNS * 2, seed: Number(process.env.FUZZ_SEED ?? 42) },
    );
    expect([...new Set(problems)].slice(0, 30)).toEqual([]);
  }, 600_000);
});
