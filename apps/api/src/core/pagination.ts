import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from './errors.ts';

/** `?page=N&page_size=M` (`limit` is an alias); default 20, at most 100. */
export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).optional(),
  page_size: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).optional(),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

export interface PageRequest {
  page: number;
  pageSize: number;
  offset: number;
}

export function readPage(query: PaginationQuery): PageRequest {
  const page = query.page ?? 1;
  const pageSize = Math.min(query.page_size ?? query.limit ?? 20, 100);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}

function pageUrl(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  if (page <= 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  return url.toString();
}

/** Builds the DRF page body; a page past the end (other than the first) is 404 "Invalid page." */
export function buildPage<T>(request: FastifyRequest, pr: PageRequest, count: number, results: T[]): Page<T> {
  const lastPage = Math.max(1, Math.ceil(count / pr.pageSize));
  if (pr.page > lastPage) throw new AppError('not_found', 'Invalid page.');
  return {
    count,
    next: pr.page < lastPage ? pageUrl(request, pr.page + 1) : null,
    previous: pr.page > 1 ? pageUrl(request, pr.page - 1) : null,
    results,
  };
}

/** Runs a count and a page query and builds the page; both callbacks get the same PageRequest. */
export async function paginate<T>(
  request: FastifyRequest,
  query: PaginationQuery,
  load: (pr: PageRequest) => Promise<{ count: number; rows: T[] }>,
): Promise<Page<T>> {
  const pr = readPage(query);
  const { count, rows } = await load(pr);
  return buildPage(request, pr, count, rows);
}

/** Parses `ordering` against an allow-list; unknown fields are a 400 as in DRF. */
export function parseOrdering<K extends string>(value: string | undefined, allowed: readonly K[], fallback: `${'' | '-'}${K}`) {
  const raw = value && value.trim() !== '' ? value.trim() : fallback;
  const isDescending = raw.startsWith('-');
  const field = (isDescending ? raw.slice(1) : raw) as K;
  if (!allowed.includes(field)) {
    throw new AppError('validation', 'Invalid ordering.', {
      fields: { ordering: [`Invalid ordering field "${field}". Choose one of: ${allowed.join(', ')}.`] },
    });
  }
  return { field, isDescending };
}
