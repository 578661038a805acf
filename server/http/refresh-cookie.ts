/**
 * The refresh token's cookie: httpOnly (no script reads it), SameSite=Lax, Secure on https,
 * scoped to /api/ and kept 30 days. Sign-in sets it, refresh rotates it, sign-out clears it.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';

export const REFRESH_COOKIE = 'comal_refresh';
const THIRTY_DAYS = 30 * 24 * 3600;

function secure(c: Context, publicOrigin: string | undefined): boolean {
  return (publicOrigin ?? new URL(c.req.url).origin).startsWith('https:') || c.req.header('x-forwarded-proto') === 'https';
}

export function setRefreshCookie(c: Context, token: string, publicOrigin: string | undefined): void {
  setCookie(c, REFRESH_COOKIE, token, { httpOnly: true, sameSite: 'Lax', secure: secure(c, publicOrigin), path: '/api/', maxAge: THIRTY_DAYS });
}

export function clearRefreshCookie(c: Context, publicOrigin: string | undefined): void {
  deleteCookie(c, REFRESH_COOKIE, { httpOnly: true, sameSite: 'Lax', secure: secure(c, publicOrigin), path: '/api/' });
}

export function readRefreshCookie(c: Context): string | undefined {
  return getCookie(c, REFRESH_COOKIE) || undefined;
}
