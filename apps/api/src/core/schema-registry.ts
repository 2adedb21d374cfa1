import { z } from 'zod';

/** Registers a schema under its contract name (the original API's), so the OpenAPI document names it the same. */
export function named<T extends z.ZodType>(id: string, schema: T): T {
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  return schema;
}

export const emailField = z.string().trim().toLowerCase().pipe(z.email().max(254));
export const detailSchema = z.object({ detail: z.string() });
