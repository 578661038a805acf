/**
 * The admin area's calls to /api/staff/admin/ (shared/api/admin.ts), through the same transport as
 * the board's: the CSRF token from its cookie, the staff access token of the signed-in admin (the
 * board's session, renewed from the refresh cookie) in `Authorization: Bearer`. A failure is an
 * ApiRequestError carrying the server's own sentence.
 */
import { NETWORK_ERROR, REQUEST_FAILED } from '../../../shared/api/messages.ts';
import { ApiRequestError, createTransport, readCsrfCookie, serverMessage } from '../../../shared/api/transport.ts';
import type {
  AuditArea,
  AuditPage,
  PromoCodeAdmin,
  PromoCodeChangeInput,
  PromoCodeCreateInput,
  PromoCodeList,
} from '../../../shared/api/admin.ts';
import type { StaffSession } from '../staff/staff-session.ts';

/**
 * One call to /api/staff/admin/`path` as the signed-in admin; each screen builds its calls on it.
 * `answer: 'file'` reads a download (a CSV export) as a Blob instead of JSON, with the same token:
 * a screen saves it through a Blob URL, so the token never goes in a link.
 */
export type AdminCall = <T>(
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
  answer?: 'json' | 'file',
) => Promise<T>;

/** A file the API sends (GET); a refusal throws ApiRequestError with the server's sentence. */
async function fileFrom(fetcher: typeof fetch, path: string, token: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetcher(path, {
      headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
      credentials: 'include',
    });
  } catch (error) {
    throw new ApiRequestError(0, NETWORK_ERROR, undefined, { cause: error });
  }
  if (response.ok) return response.blob();
  const data: unknown = await response.json().catch(() => undefined);
  throw new ApiRequestError(response.status, serverMessage(data) ?? REQUEST_FAILED, data);
}

/** A file sent as the request's body itself (a menu photo), with its own type; JSON back. */
async function blobTo(fetcher: typeof fetch, method: string, path: string, file: Blob, token: string, csrf: string) {
  let response: Response;
  try {
    response = await fetcher(path, {
      method,
      body: file,
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': file.type || 'application/octet-stream',
        'X-CSRFToken': csrf,
        'X-Requested-With': 'XMLHttpRequest',
      },
      credentials: 'include',
    });
  } catch (error) {
    throw new ApiRequestError(0, NETWORK_ERROR, undefined, { cause: error });
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw new ApiRequestError(response.status, serverMessage(data) ?? REQUEST_FAILED, data);
  return data;
}

export function createAdminCall(session: StaffSession, fetcher: typeof fetch = (...args) => fetch(...args)): AdminCall {
  const readCookie = () => document.cookie;
  const transport = createTransport({ baseUrl: '', fetch: fetcher, readCookie });
  return <T>(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown, answer = 'json') =>
    session.run(async (token) => {
      if (answer === 'file') return (await fileFrom(fetcher, `/api/staff/admin/${path}`, token)) as T;
      if (method !== 'GET' && !readCsrfCookie(readCookie)) await transport.csrf();
      // A Blob (a photo) goes as the body itself; anything else as JSON.
      if (body instanceof Blob)
        return (await blobTo(
          fetcher,
          method,
          `/api/staff/admin/${path}`,
          body,
          token,
          readCsrfCookie(readCookie) ?? '',
        )) as T;
      return transport.request<T>(method, `/api/staff/admin/${path}`, {
        body,
        headers: { Authorization: `Bearer ${token}` },
      });
    });
}

/** The promo codes' and the audit log's calls. */
export interface AdminApi {
  promoCodes(): Promise<PromoCodeAdmin[]>;
  createPromoCode(promo: PromoCodeCreateInput): Promise<PromoCodeAdmin>;
  changePromoCode(code: string, change: PromoCodeChangeInput): Promise<PromoCodeAdmin>;
  audit(query: { area?: AuditArea | undefined; before?: string | undefined }): Promise<AuditPage>;
}

export function createAdminApi(call: AdminCall): AdminApi {
  return {
    promoCodes: async () => (await call<PromoCodeList>('GET', 'promo-codes/')).promo_codes,
    createPromoCode: (promo) => call('POST', 'promo-codes/', promo),
    changePromoCode: (code, change) => call('PATCH', `promo-codes/${encodeURIComponent(code)}/`, change),
    audit: ({ area, before }) => {
      const query = new URLSearchParams();
      if (area) query.set('area', area);
      if (before) query.set('before', before);
      const text = query.toString();
      return call('GET', `audit/${text ? `?${text}` : ''}`);
    },
  };
}
