/**
 * The shared API client (product §7, §8): base `/api/v1`, bearer token, `{data, message}` envelope, one
 * shared refresh on 401 with a retry, success and error toasts, the server-error popup.
 */
import type { ApiErrorBody, ApiErrorItem } from '@leadgrid/shared/common';
import i18n from '../i18n';
import { emitSessionEnded, noteFrontendVersion, serverErrorStore } from './events';
import { notify } from './notify';
import { clearTokens, getAccessToken, getRefreshToken, setTokens, type TokenPair } from './tokens';

export const API_BASE = '/api/v1';

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export class ApiError extends Error {
  /** 0 when the server did not answer */
  readonly status: number;
  readonly errors: ApiErrorItem[];
  constructor(status: number, message: string, errors: ApiErrorItem[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** no toasts and no popup: the caller shows the failure itself */
  silent?: boolean;
  /** false: no success toast for this write */
  successToast?: boolean;
  /** false: send no bearer token and never refresh (public calls) */
  auth?: boolean;
  responseType?: 'json' | 'blob';
}

/** Calls that must not trigger a refresh when they answer 401: signing in and the refresh itself. */
const PUBLIC_AUTH_CALL = /^\/auth\/(login|refresh|logout|sign-up|check-email|password-recovery|new-password)\b/;

const encode = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Product §5: outgoing query strings drop empty values and a zero offset, and percent-encode special characters. */
export function buildQuery(query?: Query): string {
  const parts: string[] = [];
  for (const [key, raw] of Object.entries(query ?? {})) {
    if (raw === undefined || raw === null || raw === '') continue;
    let value: string;
    if (Array.isArray(raw)) {
      const values = raw.filter((v) => v !== '' && v !== null && v !== undefined);
      if (values.length === 0) continue;
      value = values.join(',');
    } else {
      value = String(raw);
    }
    if (key === 'offset' && Number(value) === 0) continue;
    parts.push(`${encode(key)}=${encode(value)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** Server messages may be product §8 message keys ('required', 'email', ...): those are translated. */
export function serverMessageText(msg: string): string {
  return i18n.exists(`validation.${msg}`) ? i18n.t(`validation.${msg}`) : msg;
}

/**
 * A performance mark per GET path when its answer is read (`lg:api:<path>`, the latest only): the table-render
 * bench (bench/table-render.ts) measures from it to the table's rows mark (components/table/DataTable.tsx).
 */
function markAnswer(path: string) {
  if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
  const name = `lg:api:${path}`;
  performance.clearMarks(name);
  performance.mark(name);
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function errorFrom(status: number, body: unknown): ApiError {
  const b = (body ?? {}) as Partial<ApiErrorBody>;
  const message = typeof b.message === 'string' && b.message ? b.message : i18n.t('api.requestFailed');
  return new ApiError(status, message, Array.isArray(b.errors) ? b.errors : []);
}

/* ---------- session refresh: one shared call while concurrent requests wait ---------- */

type RefreshOutcome = 'refreshed' | 'ended' | 'unavailable';
let refreshing: Promise<RefreshOutcome> | null = null;

/** Clears the session, tells the user why and sends them to /login (product §8). */
export function endSession(message?: string) {
  clearTokens();
  notify.error(message || i18n.t('api.sessionExpired'));
  emitSessionEnded();
}

async function performRefresh(): Promise<RefreshOutcome> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) {
    endSession();
    return 'ended';
  }
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/auth/refresh`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
  } catch {
    serverErrorStore.set({ status: 0 });
    return 'unavailable';
  }
  const body = await readBody(res);
  if (res.ok) {
    const data = (body as { data: TokenPair & { extraInfo?: { frontendVersionTs?: number } } }).data;
    setTokens({ token: data.token, refreshToken: data.refreshToken });
    if (typeof data.extraInfo?.frontendVersionTs === 'number') noteFrontendVersion(data.extraInfo.frontendVersionTs, 'refresh');
    return 'refreshed';
  }
  if (res.status >= 500) {
    serverErrorStore.set({ status: res.status });
    return 'unavailable';
  }
  endSession(errorFrom(res.status, body).message);
  return 'ended';
}

/** Starts the refresh, or joins the one in flight. */
export function refreshSession(): Promise<RefreshOutcome> {
  if (!refreshing) {
    refreshing = performRefresh().finally(() => {
      refreshing = null;
    });
  }
  return refreshing;
}

/* ---------- requests ---------- */

function send(method: string, path: string, opts: RequestOptions, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) body = opts.body;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${API_BASE}${path}${buildQuery(opts.query)}`, { method, headers, body, signal: opts.signal });
}

const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';

export async function request<T>(method: string, path: string, opts: RequestOptions = {}): Promise<T> {
  const useAuth = opts.auth !== false;
  const canRefresh = useAuth && !PUBLIC_AUTH_CALL.test(path);
  let token = useAuth ? getAccessToken() : undefined;

  const unavailable = (status: number) => {
    if (!opts.silent) serverErrorStore.set({ status });
    return new ApiError(status, i18n.t('errors.server.title'));
  };

  // product §4: a refresh token without an access token — refresh first
  if (canRefresh && !token && getRefreshToken()) {
    const outcome = await refreshSession();
    if (outcome !== 'refreshed') throw new ApiError(401, i18n.t('api.sessionExpired'));
    token = getAccessToken();
  }

  let res: Response;
  try {
    res = await send(method, path, opts, token);
    if (res.status === 401 && canRefresh) {
      if (!getRefreshToken()) {
        const err = errorFrom(401, await readBody(res));
        endSession(err.message);
        throw err;
      }
      const current = getAccessToken();
      // another request refreshed while this one was in flight: just retry with the new token
      if (!current || current === token) {
        const outcome = await refreshSession();
        if (outcome !== 'refreshed') throw new ApiError(401, i18n.t('api.sessionExpired'));
      }
      res = await send(method, path, opts, getAccessToken());
      if (res.status === 401) {
        const err = errorFrom(401, await readBody(res));
        endSession(err.message);
        throw err;
      }
    }
  } catch (err) {
    if (err instanceof ApiError || isAbort(err)) throw err;
    throw unavailable(0);
  }

  if (res.ok) {
    if (opts.responseType === 'blob') return (await res.blob()) as T;
    const body = (await readBody(res)) as { data?: T; message?: string } | undefined;
    if (method === 'GET') markAnswer(path);
    if (method !== 'GET' && body?.message && !opts.silent && opts.successToast !== false) {
      notify.success(body.message, i18n.t('api.requestSuccessful'));
    }
    return body?.data as T;
  }

  if (res.status >= 500) throw unavailable(res.status);
  const err = errorFrom(res.status, await readBody(res));
  if (!opts.silent) {
    if (err.errors.length > 0) err.errors.forEach((item) => notify.error(serverMessageText(item.msg), item.type));
    else notify.error(err.message, i18n.t('api.status', { status: err.status }));
  }
  throw err;
}

export const api = {
  get: <T>(path: string, query?: Query, opts: Omit<RequestOptions, 'query' | 'body'> = {}) => request<T>('GET', path, { ...opts, query }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) => request<T>('POST', path, { ...opts, body }),
  put: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) => request<T>('PUT', path, { ...opts, body }),
  patch: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) => request<T>('PATCH', path, { ...opts, body }),
  delete: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body'> = {}) => request<T>('DELETE', path, { ...opts, body }),
};
