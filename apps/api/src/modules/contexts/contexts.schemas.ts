import { z } from 'zod';
import { pageSchema, paginationQuery } from '../../core/pagination.ts';
import { named } from '../../core/schema-registry.ts';

export const contextTypeSchema = z.enum(['product', 'general']);
export const CONTEXT_ORDERING = ['name', 'created_at', 'updated_at'] as const;

export const CONTEXT_NAME_MAX = 200;
export const CONTEXT_CONTENT_MAX = 20_000;
const name = z.string().trim().min(1, 'This field may not be blank.').max(CONTEXT_NAME_MAX);
const content = z.string().max(CONTEXT_CONTENT_MAX);

export const contextRequest = named('contextRequest', z.object({ name, type: contextTypeSchema.default('product'), content: content.default('') }));
export const patchedContextRequest = named('patchedContextRequest', z.object({ name: name.optional(), type: contextTypeSchema.optional(), content: content.optional() }));

/** the address of a product page to make a context from (its rules are checked when it is fetched) */
export const contextFromUrlRequest = named(
  'contextFromUrlRequest',
  z.object({ url: z.string().trim().min(1, 'This field may not be blank.').max(2048) }),
);

export const contextSchema = named(
  'context',
  z.object({
    id: z.number().int(),
    name: z.string(),
    type: z.string(),
    content: z.string(),
    /** the author's display name; empty when the author's account is gone */
    created_by: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export const contextPage = named('paginatedContextList', pageSchema(contextSchema));

export const contextListQuery = paginationQuery.extend({
  search: z.string().max(200).optional(),
  type: contextTypeSchema.optional(),
  ordering: z.string().max(50).optional(),
});

export const contextIdParam = z.object({ id: z.coerce.number().int().min(1).max(2147483647) });
