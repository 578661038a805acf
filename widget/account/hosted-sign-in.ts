/**
 * With Cognito (GET /api/auth/config/ says so), signing in, registering and resetting happen on
 * its hosted pages: the screen sends the visitor there (through the server's sign-in start, with
 * where to come back to in `next`) instead of showing its form. A failed config call leaves the
 * built-in forms.
 */
import { sitePath } from '../i18n.ts';
import { useEffect } from 'react';
import type { ApiClient } from '../../shared/api/client.ts';
import { safeLocalPath } from '../../shared/local-path.ts';

export type HostedPage = 'login_url' | 'register_url' | 'reset_url';

export function useHostedSignIn(
  api: ApiClient,
  page: HostedPage,
  go: (url: string) => void,
  next = sitePath('/account/'),
): void {
  useEffect(() => {
    let current = true;
    api.authConfig().then(
      (config) => {
        const url = config.provider === 'cognito' ? config.hosted_ui?.[page] : undefined;
        // The server checks `next` again; only a path on this site is ever sent.
        const back = safeLocalPath(next) ?? sitePath('/account/');
        if (current && url) go(`${url}${url.includes('?') ? '&' : '?'}next=${encodeURIComponent(back)}`);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [api, page, next]);
}
