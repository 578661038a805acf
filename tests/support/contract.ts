/**
 * The API's response contract, for the tests: which schema of shared/api/ each call's JSON answer
 * must match, by method, path and status class. The test harness (api.ts) checks every JSON answer
 * against it strictly: a key the schema does not name fails, as does a missing or mistyped one.
 *
 * - An error answer (4xx, 5xx) is `{ error: true, message }` (ApiErrorSchema) unless a row for
 *   that status class says otherwise, on any path, so junk sent on purpose still gets a sentence.
 * - Answers without a JSON body (204, 304, redirects, Server-Sent Events, pages) are not checked.
 * - A 2xx JSON answer on a call the table does not list fails: a new call needs its row here.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { z } from 'zod';
import { AuditPageSchema, PromoCodeAdminSchema, PromoCodeListSchema } from '../../shared/api/admin.ts';
import { CustomerDetailSchema, CustomerSearchAnswerSchema } from '../../shared/api/admin-customers.ts';
import {
  ImportAppliedSchema,
  ImportPreviewSchema,
  MenuEditorSchema,
  MenuFileSchema,
  MenuSyncNowSchema,
} from '../../shared/api/admin-menu.ts';
import { SalesReportSchema } from '../../shared/api/admin-sales.ts';
import { AdminSettingsSchema, SettingsPreviewSchema } from '../../shared/api/admin-settings.ts';
import { MenusAnswerSchema } from '../../shared/api/menu-answer.ts';
import {
  ApiErrorSchema,
  AuthConfigResponseSchema,
  CreateOrderResponseSchema,
  CsrfResponseSchema,
  DeliveryQuoteResponseSchema,
  DemoCardSetupResponseSchema,
  DemoPaymentErrorSchema,
  DemoPaymentResponseSchema,
  FinalizedOrderSchema,
  HealthResponseSchema,
  LoyaltyPointsResponseSchema,
  MessageResponseSchema,
  OrderListResponseSchema,
  OutboxResponseSchema,
  PaymentMethodListResponseSchema,
  PlacesConfigResponseSchema,
  PromoValidateResponseSchema,
  ReorderResponseSchema,
  SavedCartListResponseSchema,
  SavedCartSchema,
  SavePaymentMethodResponseSchema,
  SessionResponseSchema,
  SetupIntentResponseSchema,
  StoreHoursResponseSchema,
  WebhookReceivedSchema,
} from '../../shared/api/schemas.ts';
import {
  BoardAnswerSchema,
  BoardOrderSchema,
  InviteAnswerSchema,
  ItemDietAnswerSchema,
  MenuSyncAnswerSchema,
  SoldOutAnswerSchema,
  SoldOutSwitchAnswerSchema,
  StaffMemberAnswerSchema,
  StaffSessionAnswerSchema,
  StaffTeamAnswerSchema,
  StaffTeamMemberSchema,
  StoreStatusAnswerSchema,
} from '../../shared/api/staff.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type StatusClass = '2xx' | '4xx' | '5xx';

interface Row {
  method: Method;
  /** The path as the API mounts it; `:name` stands for one path segment. */
  path: string;
  status: StatusClass;
  schema: z.ZodType;
}

const ok = (method: Method, path: string, schema: z.ZodType): Row => ({ method, path, status: '2xx', schema });
const refused = (method: Method, path: string, schema: z.ZodType): Row => ({ method, path, status: '4xx', schema });

export const CONTRACT: readonly Row[] = [
  ok('GET', '/api/health/', HealthResponseSchema),
  ok('GET', '/api/csrf/', CsrfResponseSchema),
  ok('GET', '/api/menus/', MenusAnswerSchema),
  ok('GET', '/api/places/config/', PlacesConfigResponseSchema),
  ok('GET', '/api/store-hours/', StoreHoursResponseSchema),
  ok('POST', '/api/estimate-delivery/', DeliveryQuoteResponseSchema),
  ok('POST', '/api/promo-validate/', PromoValidateResponseSchema),
  ok('GET', '/api/loyalty/points/', LoyaltyPointsResponseSchema),
  // Ordering and paying
  ok('POST', '/api/create-order/', CreateOrderResponseSchema),
  ok('POST', '/api/finalize-order/:id/', FinalizedOrderSchema),
  ok('POST', '/api/demo-payments/confirm/', DemoPaymentResponseSchema),
  refused('POST', '/api/demo-payments/confirm/', z.union([DemoPaymentErrorSchema, ApiErrorSchema])),
  ok('POST', '/api/demo-payments/setup/', DemoCardSetupResponseSchema),
  // Signing in
  ok('GET', '/api/auth/config/', AuthConfigResponseSchema),
  ok('POST', '/api/auth/register/', MessageResponseSchema),
  ok('POST', '/api/auth/confirm/', SessionResponseSchema),
  ok('POST', '/api/auth/login/', SessionResponseSchema),
  ok('POST', '/api/auth/password-reset/', MessageResponseSchema),
  ok('POST', '/api/auth/password-reset/confirm/', MessageResponseSchema),
  ok('POST', '/api/cognito/refresh/', SessionResponseSchema),
  // The signed-in customer's account
  ok('GET', '/api/saved-carts/', SavedCartListResponseSchema),
  ok('POST', '/api/saved-carts/', SavedCartSchema),
  ok('GET', '/api/orders/', OrderListResponseSchema),
  ok('POST', '/api/orders/:id/reorder/', ReorderResponseSchema),
  ok('GET', '/api/payment-methods/', PaymentMethodListResponseSchema),
  ok('POST', '/api/setup-intent/', SetupIntentResponseSchema),
  ok('POST', '/api/save-payment-method/', SavePaymentMethodResponseSchema),
  // Providers and development
  ok('POST', '/api/webhooks/stripe/', WebhookReceivedSchema),
  ok('POST', '/api/webhooks/stripe', WebhookReceivedSchema),
  ok('POST', '/api/webhooks/doordash/', WebhookReceivedSchema),
  ok('POST', '/api/webhooks/doordash', WebhookReceivedSchema),
  ok('POST', '/api/webhooks/twilio/status/', WebhookReceivedSchema),
  ok('POST', '/api/webhooks/twilio/status', WebhookReceivedSchema),
  // Twilio's incoming-message webhook, /api/webhooks/twilio/incoming/, answers TwiML (text/xml, not
  // checked here; its refusals are JSON).
  ok('GET', '/api/dev/outbox/', OutboxResponseSchema),
  // The staff side
  ok('POST', '/api/staff/login/', StaffSessionAnswerSchema),
  ok('POST', '/api/staff/refresh/', StaffSessionAnswerSchema),
  ok('POST', '/api/staff/password/', MessageResponseSchema),
  ok('GET', '/api/staff/me/', StaffMemberAnswerSchema),
  ok('POST', '/api/staff/members/', InviteAnswerSchema),
  ok('GET', '/api/staff/members/', StaffTeamAnswerSchema),
  ok('PATCH', '/api/staff/members/:id/', StaffTeamMemberSchema),
  ok('GET', '/api/staff/admin/promo-codes/', PromoCodeListSchema),
  ok('POST', '/api/staff/admin/promo-codes/', PromoCodeAdminSchema),
  ok('PATCH', '/api/staff/admin/promo-codes/:code/', PromoCodeAdminSchema),
  ok('GET', '/api/staff/admin/audit/', AuditPageSchema),
  // The opted-in export, /api/staff/admin/customers/export.csv, answers text/csv (not checked here; its refusals are JSON).
  ok('GET', '/api/staff/admin/customers/', CustomerSearchAnswerSchema),
  ok('GET', '/api/staff/admin/customers/:phone/', CustomerDetailSchema),
  ok('POST', '/api/staff/admin/customers/:phone/points/', CustomerDetailSchema),
  // Its CSV twin, /api/staff/admin/sales/orders.csv, answers text/csv (not checked here; its refusals are JSON).
  ok('GET', '/api/staff/admin/sales/', SalesReportSchema),
  ok('GET', '/api/staff/admin/settings/', AdminSettingsSchema),
  ok('PUT', '/api/staff/admin/settings/:section/', AdminSettingsSchema),
  ok('DELETE', '/api/staff/admin/settings/:section/', AdminSettingsSchema),
  ok('POST', '/api/staff/admin/settings/preview/', SettingsPreviewSchema),
  // The menu editor; its CSV export, /api/staff/admin/menu/export.csv, answers text/csv, and the photos
  // at /api/menu-photos/ answer images (not checked here).
  ok('GET', '/api/staff/admin/menu/', MenuEditorSchema),
  ok('GET', '/api/staff/admin/menu/export.json', MenuFileSchema),
  ok('POST', '/api/staff/admin/menu/categories/', MenuEditorSchema),
  ok('PATCH', '/api/staff/admin/menu/categories/:id/', MenuEditorSchema),
  ok('DELETE', '/api/staff/admin/menu/categories/:id/', MenuEditorSchema),
  ok('POST', '/api/staff/admin/menu/categories/:id/move/', MenuEditorSchema),
  ok('POST', '/api/staff/admin/menu/items/', MenuEditorSchema),
  ok('PATCH', '/api/staff/admin/menu/items/:id/', MenuEditorSchema),
  ok('DELETE', '/api/staff/admin/menu/items/:id/', MenuEditorSchema),
  ok('POST', '/api/staff/admin/menu/items/:id/move/', MenuEditorSchema),
  ok('PUT', '/api/staff/admin/menu/items/:id/photo/', MenuEditorSchema),
  ok('DELETE', '/api/staff/admin/menu/items/:id/photo/', MenuEditorSchema),
  ok('PUT', '/api/staff/admin/menu/items/:id/groups/:group/', MenuEditorSchema),
  ok('DELETE', '/api/staff/admin/menu/items/:id/groups/:group/', MenuEditorSchema),
  ok('POST', '/api/staff/admin/menu/items/:id/groups/:group/move/', MenuEditorSchema),
  ok('POST', '/api/staff/admin/menu/groups/', MenuEditorSchema),
  ok('PATCH', '/api/staff/admin/menu/groups/:id/', MenuEditorSchema),
  ok('DELETE', '/api/staff/admin/menu/groups/:id/', MenuEditorSchema),
  ok('POST', '/api/staff/admin/menu/groups/:id/modifiers/', MenuEditorSchema),
  ok('PATCH', '/api/staff/admin/menu/modifiers/:id/', MenuEditorSchema),
  ok('DELETE', '/api/staff/admin/menu/modifiers/:id/', MenuEditorSchema),
  ok('POST', '/api/staff/admin/menu/modifiers/:id/move/', MenuEditorSchema),
  ok('POST', '/api/staff/admin/menu/import/preview/', ImportPreviewSchema),
  ok('POST', '/api/staff/admin/menu/import/apply/', ImportAppliedSchema),
  ok('POST', '/api/staff/admin/menu/sync/', MenuSyncNowSchema),
  ok('GET', '/api/staff/orders/', BoardAnswerSchema),
  ok('GET', '/api/staff/orders/:id/', BoardOrderSchema),
  ok('POST', '/api/staff/orders/:id/move/', BoardOrderSchema),
  ok('POST', '/api/staff/orders/:id/undo/', BoardOrderSchema),
  ok('POST', '/api/staff/orders/:id/recall/', BoardOrderSchema),
  ok('POST', '/api/staff/orders/:id/no-show/', BoardOrderSchema),
  ok('POST', '/api/staff/orders/:id/promise/', BoardOrderSchema),
  ok('POST', '/api/staff/orders/:id/cancel/', BoardOrderSchema),
  ok('POST', '/api/staff/orders/:id/refunds/', BoardOrderSchema),
  ok('GET', '/api/staff/store/', StoreStatusAnswerSchema),
  ok('POST', '/api/staff/store/', StoreStatusAnswerSchema),
  ok('GET', '/api/staff/menu/', SoldOutAnswerSchema),
  ok('GET', '/api/staff/menu/sync/', MenuSyncAnswerSchema),
  ok('POST', '/api/staff/menu/sync/', MenuSyncAnswerSchema),
  ok('POST', '/api/staff/menu/items/:id/sold-out/', SoldOutSwitchAnswerSchema),
  ok('POST', '/api/staff/menu/modifiers/:id/sold-out/', SoldOutSwitchAnswerSchema),
  ok('PUT', '/api/staff/menu/items/:id/diet/', ItemDietAnswerSchema),
];

const patterns = CONTRACT.map((row) => ({
  row,
  pattern: new RegExp(`^${row.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-z_]+/g, '[^/]+')}$`),
}));

function statusClass(status: number): StatusClass | null {
  if (status >= 200 && status < 300) return '2xx';
  if (status >= 400 && status < 500) return '4xx';
  if (status >= 500) return '5xx';
  return null;
}

/** The schema an answer must match, or null when the table has no row for a 2xx answer. */
export function schemaFor(method: string, path: string, status: number): z.ZodType | null {
  const wanted = statusClass(status);
  const row = patterns.find(
    ({ row, pattern }) => row.method === method.toUpperCase() && row.status === wanted && pattern.test(path),
  )?.row;
  if (row) return strictly(row.schema);
  return wanted === '2xx' ? null : ApiErrorSchema.strict();
}

const strictCache = new WeakMap<z.ZodType, z.ZodType>();

/** The same schema with every object in it strict: a key it does not name is an issue. */
export function strictly(schema: z.ZodType): z.ZodType {
  const cached = strictCache.get(schema);
  if (cached) return cached;
  const made = strictVariant(schema);
  strictCache.set(schema, made);
  return made;
}

function strictVariant(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, value]) => [key, strictly(value)]),
    );
    return schema.extend(shape).strict();
  }
  if (schema instanceof z.ZodArray)
    return schema.clone({ ...schema._zod.def, element: strictly(schema.element as z.ZodType) });
  if (schema instanceof z.ZodOptional) return strictly(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return strictly(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodUnion)
    return z.union((schema.options as z.ZodType[]).map((option) => strictly(option)) as [z.ZodType, ...z.ZodType[]]);
  if (schema instanceof z.ZodPipe) return schema.clone({ ...schema._zod.def, in: strictly(schema.in as z.ZodType) });
  return schema;
}

/** Where a request goes: its method and its path without the query. */
export function requestLine(input: RequestInfo | URL, init?: RequestInit): { method: string; path: string } {
  if (input instanceof Request)
    return { method: (init?.method ?? input.method).toUpperCase(), path: new URL(input.url).pathname };
  const url = typeof input === 'string' ? new URL(input, 'http://localhost') : input;
  return { method: (init?.method ?? 'GET').toUpperCase(), path: url.pathname };
}

/**
 * Throws, naming the call and the first zod issues, when a JSON answer does not match its schema
 * (or a 2xx JSON answer has no row in CONTRACT). Reads a clone: the caller can still read the body.
 */
export async function checkAnswer(method: string, path: string, response: Response): Promise<void> {
  if (method === 'HEAD' || method === 'OPTIONS') return;
  if (response.status === 204 || response.status === 304 || statusClass(response.status) === null) return;
  const type = response.headers.get('Content-Type') ?? '';
  if (!type.startsWith('application/json')) return;
  const route = `${method} ${path} (${response.status})`;
  const bytes = Buffer.from(await response.clone().arrayBuffer());
  const encoding = response.headers.get('Content-Encoding');
  const text = (
    encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes
  ).toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${route} says it answers JSON but its body is not JSON: ${text.slice(0, 200)}`);
  }
  const schema = schemaFor(method, path, response.status);
  if (!schema) throw new Error(`${route} answered JSON, but tests/support/contract.ts has no schema for it.`);
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new Error(`${route} does not match its schema in shared/api/:\n${z.prettifyError(result.error)}`);
  }
}
