/**
 * The API the web tests talk to: an MSW server (started in setup.ts, unknown requests are errors)
 * whose handlers are typed from the generated client. `apiHandler('get', '/api/contexts/', …)`
 * only compiles for a method and path of the OpenAPI document, and its answer only compiles if it
 * has the shape the generated endpoint expects; a handler that drifts from the API is a type error.
 *
 *   server.use(
 *     apiHandler('get', '/api/contexts/', page([context])),                     // a fixed answer
 *     apiHandler('put', '/api/contexts/{id}/', ({ params, body }) => HttpResponse.json({ ...context, ...body, id: Number(params.id) })),
 *     apiHandler('post', '/api/contexts/', apiError(400, { name: ['This field is required.'] })),
 *   );
 *   expect(sentRequests.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/contexts/1/', body: { name: 'x' } });
 */
import { http, HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import { setupServer } from 'msw/node';
import type { api } from '@/api/api';
import type openapi from '@/api/generated/openapi.json';

/**
 * What every test gets unless it says otherwise: a team with no brand kits, no fonts and no
 * templates (the kit and template pickers ask on every builder and dialog, the home page lists the templates).
 */
const emptyPage = () => HttpResponse.json({ count: 0, next: null, previous: null, results: [] });
export const server = setupServer(http.get('*/api/brand-kits/', emptyPage), http.get('*/api/brand-fonts/', emptyPage), http.get('*/api/video-templates/', emptyPage));

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type Paths = (typeof openapi)['paths'];
/** Every path of the OpenAPI document, as it spells them: `/api/contexts/{id}/`. */
export type ApiPath = keyof Paths;
type MethodOf<P extends ApiPath> = Extract<keyof Paths[P], Method>;

// The generated endpoint of a method and path, named as the codegen (oazapfts) names it: the
// camelCase of `${method} ${path}` where the first {param} reads "by param", the second "and param".
type Spoken<P extends string> = P extends `${infer A}{${infer X}}${infer B}` ? `${A}by ${X}${B extends `${infer C}{${infer Y}}${infer D}` ? `${C}and ${Y}${D}` : B}` : P;
type Separator = '/' | '-' | '_' | '.' | ' ' | '{' | '}';
type Words<S extends string, Word extends string = '', Out extends string[] = []> = S extends `${infer C}${infer Rest}`
  ? C extends Separator
    ? Words<Rest, '', Word extends '' ? Out : [...Out, Word]>
    : Words<Rest, `${Word}${C}`, Out>
  : Word extends ''
    ? Out
    : [...Out, Word];
type Pascal<W extends string[]> = W extends [infer F extends string, ...infer R extends string[]] ? `${Capitalize<F>}${Pascal<R>}` : '';
type Camel<W extends string[]> = W extends [infer F extends string, ...infer R extends string[]] ? `${F}${Pascal<R>}` : '';
type Endpoints = typeof api.endpoints;
export type EndpointName<M extends Method, P extends string> = Camel<Words<`${M} ${Spoken<P>}`>>;

// every operation of the document names a generated endpoint: if the naming above ever parts from
// the codegen's, the next line fails to compile (`Unnamed` lists the operations it misses)
type Unnamed = { [P in ApiPath]: { [M in MethodOf<P>]: EndpointName<M, P> extends keyof Endpoints ? never : `${Uppercase<M>} ${P}` }[MethodOf<P>] }[ApiPath];
export const everyOperationIsNamed: [Unnamed] extends [never] ? true : { unnamed: Unnamed } = true;
type Endpoint<M extends Method, P extends string> = EndpointName<M, P> extends infer N extends keyof Endpoints ? Endpoints[N] : never;
type ResultType<M extends Method, P extends string> = Endpoint<M, P> extends { Types: { ResultType: infer R } } ? R : never;
type QueryArg<M extends Method, P extends string> = Endpoint<M, P> extends { Types: { QueryArg: infer A } } ? A : never;
type BodyOf<A> = A extends object ? (Extract<keyof A, 'body' | `${string}Request`> extends infer K extends keyof A ? ([K] extends [never] ? undefined : A[K]) : undefined) : undefined;

/** What the endpoint answers on success (its `XxxApiResponse`); `unknown` ones (204s, files) take any body. */
export type ApiResult<M extends Method, P extends string> = unknown extends ResultType<M, P> ? DefaultBodyType : ResultType<M, P> extends infer R extends DefaultBodyType ? R : never;
/** What the client sends (the `…Request` or `body` member of its `XxxApiArg`), undefined when nothing. */
export type ApiBody<M extends Method, P extends string> = BodyOf<QueryArg<M, P>>;
type ParamNames<P extends string> = P extends `${string}{${infer X}}${infer Rest}` ? X | ParamNames<Rest> : never;

/** An error body of the API: `{detail, code?}` or DRF-style field errors. */
export type ApiErrorBody = { detail: string; code?: string } | Record<string, string[]>;
const errorReply = Symbol('apiError');
export interface ApiErrorReply {
  readonly [errorReply]: true;
  status: number;
  body: ApiErrorBody;
}
/** An error answer; kept apart from the success type, so that one stays strict. */
export function apiError(status: number, body: ApiErrorBody): ApiErrorReply {
  return { [errorReply]: true, status, body };
}

export interface ApiResolverInfo<M extends Method, P extends string> {
  request: StrictRequest<ApiBody<M, P>>;
  /** The path parameters, by their OpenAPI names. */
  params: Record<ParamNames<P>, string>;
  /** The parsed request body (JSON, else text), as the generated client types it. */
  body: ApiBody<M, P>;
}
type Reply<M extends Method, P extends string> = HttpResponse<ApiResult<M, P>> | ApiErrorReply;
export type ApiResolver<M extends Method, P extends string> = (info: ApiResolverInfo<M, P>) => Reply<M, P> | Promise<Reply<M, P>>;

/**
 * A handler for one operation of the OpenAPI document. The answer is either the body (sent as
 * JSON, 200), an `apiError(…)`, or a resolver returning `HttpResponse.json(…)` (type-checked
 * against the generated response type), `apiError(…)`, or `HttpResponse.error()` (a network failure).
 */
export function apiHandler<P extends ApiPath, M extends MethodOf<P>>(method: M, path: P, answer: ApiResult<M, P> | ApiErrorReply | ApiResolver<M, P>) {
  const resolve: ApiResolver<M, P> = typeof answer === 'function' ? (answer as ApiResolver<M, P>) : () => (isErrorReply(answer) ? answer : (HttpResponse.json(answer as never) as HttpResponse<ApiResult<M, P>>));
  return http[method](path.replace(/\{(\w+)\}/g, ':$1'), async ({ request, requestId, params }): Promise<Response> => {
    const body = (await bodies.get(requestId)) as ApiBody<M, P>;
    const reply = await resolve({ request: request as StrictRequest<ApiBody<M, P>>, params: params as Record<ParamNames<P>, string>, body });
    return isErrorReply(reply) ? HttpResponse.json(reply.body, { status: reply.status }) : reply;
  });
}

function isErrorReply(value: unknown): value is ApiErrorReply {
  return typeof value === 'object' && value !== null && errorReply in value;
}

export interface SentRequest {
  method: string;
  path: string;
  params: URLSearchParams;
  headers: Headers;
  /** Parsed JSON (else the text; undefined without a body), in place before any handler answers. */
  body: unknown;
}

/** Every request the app sent during the current test, in order (cleared after each test). */
export const sentRequests: SentRequest[] = [];
const bodies = new Map<string, Promise<unknown>>();

server.events.on('request:start', ({ request, requestId }) => {
  const url = new URL(request.url);
  const entry: SentRequest = { method: request.method, path: url.pathname, params: url.searchParams, headers: request.headers, body: undefined };
  sentRequests.push(entry);
  const body = readBody(request.clone());
  bodies.set(requestId, body);
  void body.then((value) => (entry.body = value));
});

async function readBody(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  const text = await request.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** After each test: the handlers it added are dropped and its requests forgotten. */
export function resetApi() {
  server.resetHandlers();
  sentRequests.length = 0;
  bodies.clear();
}
