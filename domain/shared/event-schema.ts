import { z } from 'zod';

/** Declares a domain event schema `{ type, data }` with a literal type name. */
export const event = <T extends string, S extends z.ZodType>(type: T, data: S) =>
  z.strictObject({ type: z.literal(type), data });
