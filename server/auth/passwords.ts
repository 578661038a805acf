/**
 * Passwords, for customers and staff alike.
 *
 * A new password has at least 10 characters and at most 72 bytes (enough for a long passphrase,
 * and a bound on the work of judging and hashing it), is not one of the 49,233 common ones
 * (@zxcvbn-ts's list) nor the person's email, and zxcvbn scores it at least 3 of 4 ("safely
 * unguessable") with the person's email and name counted as things an attacker knows.
 *
 * Stored as scrypt hashes, `scrypt$N$r$p$salt$hash` (base64), so the cost can rise later and old
 * hashes still verify. scrypt runs on libuv's thread pool, never on the event loop, and a few at
 * most at once, so a burst of sign-ins neither stalls other requests nor takes every pool thread
 * from file reads. Hashes from before (bcrypt, `$2...`) still verify; a sign-in that proves one
 * right stores a new scrypt hash in its place (`needsRehash`).
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { availableParallelism } from 'node:os';
import bcrypt from 'bcryptjs';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

export const PASSWORD_TOO_SHORT = 'Use at least 10 characters for your password.';
export const PASSWORD_TOO_LONG = 'Use at most 72 characters for your password.';
export const PASSWORD_TOO_COMMON = 'This password is one of the most common ones. Choose one that is harder to guess.';
export const PASSWORD_TOO_WEAK =
  'This password is too easy to guess. Make it longer, for example with four or more words that do not belong together, and leave out your name and email.';

const MIN_LENGTH = 10;
const MAX_BYTES = 72;
/** zxcvbn's 3 of 4: about 10^8 guesses or more, out of reach of online guessing and slow offline. */
const MIN_SCORE = 3;

const common = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
// Judged on the event loop, so without zxcvbn's Levenshtein matching, which costs 100-400 ms a
// password; without it a check takes a few milliseconds (tens for 72 characters of repeats).
const strength = new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });

/** Who the password is for: an attacker who targets them knows these. */
export interface PasswordOwner {
  email?: string;
  name?: string;
}

/** The words of a person's email and name, as zxcvbn's user inputs. */
function ownerWords({ email = '', name = '' }: PasswordOwner): string[] {
  const local = email.split('@')[0] ?? '';
  const names = name.split(/\s+/).filter(Boolean);
  return [email, local, local.replace(/[._+-]+/g, ''), ...local.split(/[._+-]+/), name, names.join(''), ...names]
    .map((w) => w.trim().toLowerCase())
    .filter((w) => w.length > 1);
}

/** What is wrong with a new password, or null. */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | null {
  if ([...password].length < MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (Buffer.byteLength(password, 'utf8') > MAX_BYTES) return PASSWORD_TOO_LONG;
  const lower = password.toLowerCase();
  const email = owner.email?.trim().toLowerCase() ?? '';
  if (common.has(lower) || (email && (lower === email || lower === email.split('@')[0]))) return PASSWORD_TOO_COMMON;
  if (strength.check(password, ownerWords(owner)).score < MIN_SCORE) return PASSWORD_TOO_WEAK;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Hashing

/** scrypt's r and p as OWASP pairs them with N=2^14 (N is a setting: server/config.ts). */
const SCRYPT = { r: 8, p: 5 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const PREFIX = 'scrypt';

/**
 * Hashes computed at once: one core fewer than the machine has, so the event loop always has a
 * core of its own (on a busy 2-core machine, hashing two at once made its p99 delay two to three
 * times as long, for no more hashes a second), and one pool thread (of libuv's 4, or UV_THREADPOOL_SIZE) always left for file
 * reads and name lookups; at least one. The others wait their turn here.
 */
const HASHING_AT_ONCE = Math.max(
  1,
  Math.min(availableParallelism() - 1, (Number(process.env.UV_THREADPOOL_SIZE) || 4) - 1),
);
let hashing = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (hashing < HASHING_AT_ONCE) hashing++;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    // The slot goes straight to the next in line, or back to the pool of free ones.
    const next = waiting.shift();
    if (next) next();
    else hashing--;
  }
}

function derive(
  password: string,
  salt: Buffer,
  cost: { N: number; r: number; p: number },
  keyBytes: number,
): Promise<Buffer> {
  const options: ScryptOptions = { ...cost, maxmem: 256 * cost.N * cost.r };
  return inTurn(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFC'), salt, keyBytes, options, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
  );
}

/** The parts of a stored scrypt hash, or null when it is not one this code could have written. */
function parseScrypt(stored: string) {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4]!, 'base64');
  const key = Buffer.from(parts[5]!, 'base64');
  const sane =
    Number.isInteger(N) &&
    N >= 2 &&
    N <= 2 ** 20 &&
    (N & (N - 1)) === 0 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= 32 &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= 16;
  if (!sane || salt.length < 8 || key.length < 16) return null;
  return { cost: { N, r, p }, salt, key };
}

/** Hashes new passwords at one cost and checks stored ones at the cost each was made with. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Whether `password` is the one `stored` was made from. With no stored hash (no such account,
   * or a staff member who has not set a password yet) it still does a whole comparison and
   * answers false, so a wrong email takes as long as a wrong password.
   */
  check(password: string, stored: string | null | undefined): Promise<boolean>;
  /** Whether a hash that just proved right should be replaced by one made with today's settings. */
  needsRehash(stored: string): boolean;
}

/** New hashes with scrypt's N at `N`, a power of two (PASSWORD_SCRYPT_N, checked by server/config.ts). */
export function passwordHasher(N: number): PasswordHasher {
  const cost = { N, ...SCRYPT };
  const current = `${PREFIX}$${cost.N}$${cost.r}$${cost.p}$`;
  /** A hash to compare against when there is none, made once, the first time it is needed. */
  let unusedHash: Promise<string> | undefined;

  async function hash(password: string): Promise<string> {
    const salt = randomBytes(SALT_BYTES);
    const key = await derive(password, salt, cost, KEY_BYTES);
    return `${current}${salt.toString('base64')}$${key.toString('base64')}`;
  }

  async function check(password: string, stored: string | null | undefined): Promise<boolean> {
    if (!stored) {
      unusedHash ??= hash(randomBytes(16).toString('base64'));
      await check(password, await unusedHash);
      return false;
    }
    if (/^\$2[aby]\$/.test(stored)) return bcrypt.compare(password, stored);
    const parsed = parseScrypt(stored);
    if (!parsed) return false;
    const key = await derive(password, parsed.salt, parsed.cost, parsed.key.length);
    return timingSafeEqual(key, parsed.key);
  }

  return { hash, check, needsRehash: (stored) => !stored.startsWith(current) };
}
