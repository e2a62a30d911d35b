import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { $ZodType } from 'zod/v4/core';
import { AppError } from '../errors';

/** zod validation whose failure is a 400 `{ message }` carrying the first issue's text. */
export function validate<T extends $ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const issue = result.error.issues[0];
      if (issue && issue.path.length === 0 && issue.code === 'invalid_type') {
        throw new AppError(400, target === 'json' ? 'The request body must be a JSON object' : 'Invalid request');
      }
      throw new AppError(400, issue?.message ?? 'Invalid request', { field: issue?.path?.join('.') || undefined });
    }
  });
}
