/**
 * The largest body a route takes: a request that says a larger Content-Length, or sends more in
 * chunks, is answered 413 with `message` before anything reads it.
 *
 * Hono's own limit asks for `c.req.raw.body` first, which makes the Node server build a full
 * fetch Request and stream every body through it (an eighth of a checkout's time under load). A
 * body the request measures with Content-Length is judged by that header alone: Node's HTTP
 * parser holds the body to it. GET and HEAD bodies are never read. Only a chunked body, or a
 * Request made in the process without the header (tests, app.request), goes through Hono's
 * limit, which counts the bytes as they come.
 */
import type { MiddlewareHandler } from 'hono';
import { bodyLimit as countingBodyLimit } from 'hono/body-limit';
import { HttpError } from './errors.ts';

export function bodyLimit(maxBytes: number, message: string): MiddlewareHandler {
  const tooLarge = () => {
    throw new HttpError(413, message);
  };
  const counting = countingBodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return counting(c, next);
    return Number(length) > maxBytes ? tooLarge() : next();
  };
}
