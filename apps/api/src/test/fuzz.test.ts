import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
