import { z } from 'zod';

const uuid = z.uuid();

/** The ids the request schemas accept as `z.uuid()`: checked before any query, since PostgreSQL refuses anything else in a uuid column with an error. */
export const isUuid = (value: unknown): value is string => uuid.safeParse(value).success;
