/**
 * How the API says no: `{ error: true, message }` with a status a person can act on. Handlers
 * throw `HttpError`; the app turns it (and anything unexpected) into that JSON.
 */
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';
import { firstIssueMessage } from '../../shared/api/schemas.ts';

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const NOT_JSON = 'The request body must be JSON.';

/** The JSON body parsed by `schema`; 400 when it is not JSON, 422 with the first human message when invalid. */
export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw new HttpError(400, NOT_JSON);
  }
  return parseWith(schema, body);
}

/** The query string parsed by `schema` (400 with the first human message when invalid). */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query(), 400);
}

export function parseWith<S extends z.ZodType>(
  schema: S,
  value: unknown,
  status: ContentfulStatusCode = 422,
): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(status, firstIssueMessage(result.error));
  return result.data;
}
