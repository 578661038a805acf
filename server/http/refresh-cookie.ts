/**
 * The refresh token's cookie: httpOnly (no script reads it), SameSite=Lax, Secure on https (https.ts),
 * scoped to /api/ and kept 30 days. Sign-in sets it, refresh rotates it, sign-out clears it.
 * Beside it, `comal_signed_in=1`, which pages can read and which holds no secret: it tells the
 * widget there is a session to refresh (after Cognito's hosted pages, say), so a visitor who
 * never signed in costs no refresh call.
 */
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { cameOverHttps, type HttpsSettings } from './https.ts';

export const REFRESH_COOKIE = 'comal_refresh';
export const SIGNED_IN_COOKIE = 'comal_signed_in';
const THIRTY_DAYS = 30 * 24 * 3600;

export function setRefreshCookie(c: Context, token: string, settings: HttpsSettings): void {
  setCookie(c, REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: cameOverHttps(c, settings),
    path: '/api/',
    maxAge: THIRTY_DAYS,
  });
  setCookie(c, SIGNED_IN_COOKIE, '1', {
    sameSite: 'Lax',
    secure: cameOverHttps(c, settings),
    path: '/',
    maxAge: THIRTY_DAYS,
  });
}

export function clearRefreshCookie(c: Context, settings: HttpsSettings): void {
  deleteCookie(c, REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: cameOverHttps(c, settings),
    path: '/api/',
  });
  deleteCookie(c, SIGNED_IN_COOKIE, { sameSite: 'Lax', secure: cameOverHttps(c, settings), path: '/' });
}

export function readRefreshCookie(c: Context): string | undefined {
  return getCookie(c, REFRESH_COOKIE) || undefined;
}
