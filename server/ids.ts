import { randomBytes } from 'node:crypto';

/** A random, URL-safe id with a readable prefix: newId('ord') = 'ord_3kq9...'. */
export function newId(prefix: string, bytes = 12): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}
