/**
 * With Cognito (GET /api/auth/config/ says so), signing in, registering and resetting happen on
 * its hosted pages: the screen sends the visitor there instead of showing its form. A failed
 * config call leaves the built-in forms.
 */
import { useEffect } from 'react';
import type { ApiClient } from '../../shared/api/client.ts';

export type HostedPage = 'login_url' | 'register_url' | 'reset_url';

export function useHostedSignIn(api: ApiClient, page: HostedPage, go: (url: string) => void): void {
  useEffect(() => {
    let current = true;
    api.authConfig().then(
      (config) => {
        const url = config.provider === 'cognito' ? config.hosted_ui?.[page] : undefined;
        if (current && url) go(url);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [api, page]);
}
