import type { z } from 'zod';
import { AppError } from '@gw/runtime';

/**
 * Parses input with a zod schema.
 * @throws AppError('validation-error') 400 with `errors: [{ path, message }]` (RFC 9457 extension member)
 */
export function parse<S extends z.ZodType>(schema: S, input: unknown, what = 'body'): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((i) => ({ path: i.path.join('.') || what, message: i.message }));
  throw new AppError('validation-error', `Invalid ${what}: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}`, { errors });
}
