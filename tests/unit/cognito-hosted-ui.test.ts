import { describe, expect, it } from 'vitest';
import { cognitoRedirectUri, hostedUiUrls } from '../../server/auth/cognito-hosted-ui.ts';

describe('hostedUiUrls', () => {
  const urls = hostedUiUrls({
    domain: 'https://auth.example.com/',
    clientId: 'client123',
    siteOrigin: 'https://comal.example/',
  });
  const query =
    'response_type=code&client_id=client123&redirect_uri=https%3A%2F%2Fcomal.example%2Fapi%2Fcognito%2Fcallback%2F&scope=openid+email+phone+profile';

  it('sends sign-in, sign-up and forgot-password to the hosted UI with a code for the callback', () => {
    expect(urls.login_url).toBe(`https://auth.example.com/oauth2/authorize?${query}`);
    expect(urls.register_url).toBe(`https://auth.example.com/signup?${query}`);
    expect(urls.reset_url).toBe(`https://auth.example.com/forgotPassword?${query}`);
  });

  it('signs out back to the site’s home page', () => {
    expect(urls.logout_url).toBe(
      'https://auth.example.com/logout?client_id=client123&logout_uri=https%3A%2F%2Fcomal.example%2F',
    );
  });

  it('round-trips through URL parsing', () => {
    const login = new URL(urls.login_url);
    expect(Object.fromEntries(login.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client123',
      redirect_uri: 'https://comal.example/api/cognito/callback/',
      scope: 'openid email phone profile',
    });
    expect(cognitoRedirectUri('https://comal.example')).toBe('https://comal.example/api/cognito/callback/');
  });
});
