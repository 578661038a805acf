/**
 * Passwords: at least 10 characters, not one of the 49,233 common ones (@zxcvbn-ts's list), at
 * most 72 bytes (bcrypt reads no further); hashed with bcrypt (bcryptjs), never stored as typed.
 */
import bcrypt from 'bcryptjs';
import { dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_TOO_SHORT = 'Use at least 10 characters for your password.';
export const PASSWORD_TOO_LONG = 'Use at most 72 characters for your password.';
export const PASSWORD_TOO_COMMON = 'This password is one of the most common ones. Choose one that is harder to guess.';
const MIN_LENGTH = 10;
const MAX_BYTES = 72;
const COST = 10;

const common = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

/** What is wrong with a new password, or null. */
export function passwordProblem(password: string, email = ''): string | null {
  if ([...password].length < MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (Buffer.byteLength(password, 'utf8') > MAX_BYTES) return PASSWORD_TOO_LONG;
  const lower = password.toLowerCase();
  if (common.has(lower) || (email && lower === email.toLowerCase()) || (email && lower === email.split('@')[0]?.toLowerCase())) return PASSWORD_TOO_COMMON;
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export function checkPassword(password: string, hash: string): Promise<boolean> {
  // A voided password (an unconfirmed sign-up made again) is no hash at all: nothing matches it.
  if (!hash.startsWith('$2')) return Promise.resolve(false);
  return bcrypt.compare(password, hash);
}

/** A hash to compare against when no account matches, so a wrong email takes as long as a wrong password. */
export const UNUSED_HASH = bcrypt.hashSync('no account has this password', COST);
