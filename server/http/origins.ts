/**
 * Which origins the site is, and who may change things through the API. Both come from the
 * configuration only (PUBLIC_ORIGIN, EMBED_ORIGINS, and on a local start the loopback names of
 * its own port), never from a request's Host or X-Forwarded-Host, which a caller writes: a reset
 * link built from them would carry its token to whoever the caller names.
 */
export interface OriginSettings {
  /** The site's own origin: every absolute link we write (mail, invites, sign-in) starts with it. */
  publicOrigin: string;
  /** On a local start without PUBLIC_ORIGIN: the same server under its other loopback names. */
  localOrigins?: readonly string[];
  /** Partner origins allowed to call the API with credentials (EMBED_ORIGINS). */
  embedOrigins: readonly string[];
}

/** The site's own origin or a partner's: who may call the API with credentials and change things. */
export function isAllowedOrigin(origin: string, settings: OriginSettings): boolean {
  return (
    origin === settings.publicOrigin ||
    (settings.localOrigins ?? []).includes(origin) ||
    settings.embedOrigins.includes(origin)
  );
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** Whether a server bound to `host` can be reached from this machine only. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase());
}

/** The names a local start answers to on `port`, the one it prints first. */
export function loopbackOrigins(host: string, port: number): string[] {
  const first =
    host === '::1' || host === '[::1]'
      ? `http://[::1]:${port}`
      : `http://${host === 'localhost' ? 'localhost' : '127.0.0.1'}:${port}`;
  return [...new Set([first, `http://127.0.0.1:${port}`, `http://localhost:${port}`])];
}
