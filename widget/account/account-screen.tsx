/** The account chunk's one screen: picks by mode (and section on /payment/), under the auth provider. */
import { useEffect } from 'react';
import { AuthProvider } from '../auth-context.tsx';
import type { AccountContext } from './account-context.ts';
import { AccountPage } from './account-page.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { ConfirmScreen, LoginScreen, RegisterScreen, ResetScreen } from './sign-in-screens.tsx';

export function AccountScreen({ context }: { context: AccountContext }) {
  // The CSRF cookie the forms' calls need (as the checkout does).
  useEffect(() => void context.api.csrf(), [context.api]);
  return (
    <AuthProvider store={context.auth}>
      <Screen context={context} />
    </AuthProvider>
  );
}

function Screen({ context }: { context: AccountContext }) {
  switch (context.mode) {
    case 'login':
      return <LoginScreen context={context} />;
    case 'register':
      return <RegisterScreen context={context} />;
    case 'reset':
      return <ResetScreen context={context} />;
    case 'confirm':
      return <ConfirmScreen context={context} />;
    default:
      return context.section === 'payment-methods' ? (
        <PaymentMethods context={context} />
      ) : (
        <AccountPage context={context} />
      );
  }
}
