/** The account chunk (rollup.config.mjs): sign-in, registration, password reset, confirmation, the account and its saved cards. */
export { AccountScreen } from './account-screen.tsx';
export type { AccountContext } from './account-context.ts';
