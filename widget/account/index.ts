/** The account chunk (rollup.config.mjs): sign-in, registration, password reset, confirmation, the account and its saved cards. */
import english from 'comal-messages:en/common,account';
import { addMessages } from '../i18n.ts';

addMessages('en', english);

export { AccountScreen } from './account-screen.tsx';
export type { AccountContext } from './account-context.ts';
