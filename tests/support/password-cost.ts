/**
 * scrypt's N for the servers the tests start (PASSWORD_SCRYPT_N): 1024, the least the server
 * takes outside production, instead of 16384, so each of the suites' hundreds of sign-ups and
 * sign-ins hashes in about 11 ms instead of 170. The hashes are still scrypt's, made and checked
 * by the same code; the tests of the stored hash itself (security/passwords.test.ts) and every
 * server that runs as in production keep the default.
 */
export const TEST_PASSWORD_SCRYPT_N = '1024';
