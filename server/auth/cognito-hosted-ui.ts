/**
 * Where Cognito's hosted UI pages are for this app client: sign in, sign up, forgot password and
 * sign out. Each sign-in page comes back to {site}/api/cognito/callback/ with a code. The site and
 * the widget do not link to them directly: GET /api/auth/config/ hands them our own
 * /api/cognito/sign-in/?page=...&next=/path/, which binds the sign-in to this browser
 * (cognito-callback.ts) before it sends the visitor on.
 * https://docs.aws.amazon.com/cognito/latest/developerguide/authorization-endpoint.html
 * https://docs.aws.amazon.com/cognito/latest/developerguide/logout-endpoint.html
 */

export const COGNITO_CALLBACK_PATH = '/api/cognito/callback/';
export const COGNITO_SCOPES = ['openid', 'email', 'phone', 'profile'] as const;

export interface HostedUi {
  login_url: string;
  register_url: string;
  reset_url: string;
  logout_url: string;
}

/** The redirect URI registered on the app client: the callback on the site's own origin. */
export function cognitoRedirectUri(siteOrigin: string): string {
  return `${siteOrigin.replace(/\/$/, '')}${COGNITO_CALLBACK_PATH}`;
}

/** The hosted UI's URLs; `domain` and `siteOrigin` are origins like https://auth.example.com. */
export function hostedUiUrls(options: { domain: string; clientId: string; siteOrigin: string }): HostedUi {
  const domain = options.domain.replace(/\/$/, '');
  const siteOrigin = options.siteOrigin.replace(/\/$/, '');
  const signIn = new URLSearchParams({
    response_type: 'code',
    client_id: options.clientId,
    redirect_uri: cognitoRedirectUri(siteOrigin),
    scope: COGNITO_SCOPES.join(' '),
  }).toString();
  const signOut = new URLSearchParams({ client_id: options.clientId, logout_uri: `${siteOrigin}/` }).toString();
  return {
    login_url: `${domain}/oauth2/authorize?${signIn}`,
    register_url: `${domain}/signup?${signIn}`,
    reset_url: `${domain}/forgotPassword?${signIn}`,
    logout_url: `${domain}/logout?${signOut}`,
  };
}

/** What GET /api/auth/config/ hands the browser: sign-in starts on this site, sign-out goes to Cognito. */
export function signInStartUrls(options: { domain: string; clientId: string; siteOrigin: string }): HostedUi {
  const siteOrigin = options.siteOrigin.replace(/\/$/, '');
  const start = (page: 'login' | 'register' | 'reset') => `${siteOrigin}/api/cognito/sign-in/?page=${page}`;
  return {
    login_url: start('login'),
    register_url: start('register'),
    reset_url: start('reset'),
    logout_url: hostedUiUrls(options).logout_url,
  };
}
