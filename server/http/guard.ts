/**
 * A router whose every route first passes one middleware (a sign-in or role check). The guard is
 * attached to exactly the method and path of each route the router answers, never to a prefix, so
 * a path or method the router does not answer stays a 404 instead of being refused by the guard.
 */
import { Hono, type Env, type MiddlewareHandler } from 'hono';

export function guarded<E extends Env>(guard: MiddlewareHandler<E>, router: Hono<E>): Hono<E> {
  const app = new Hono<E>();
  const seen = new Set<string>();
  for (const { method, path } of router.routes) {
    const key = `${method} ${path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    app.on(method, path, guard);
  }
  return app.route('/', router);
}
