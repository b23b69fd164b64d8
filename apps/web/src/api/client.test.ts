import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, buildQuery } from './client';
import { onSessionEnded, resetFrontendVersion, noteFrontendVersion, serverErrorStore, updateRequiredStore } from './events';
import { notify } from './notify';
import { getAccessToken, getRefreshToken, setTokens } from './tokens';

vi.mock('./notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Call {
  url: string;
  method: string;
  auth: string | null;
  body: unknown;
}

/** A fake server: `/auth/refresh` answers `refresh()`, other calls answer 401 to an old token and 200 to a new one. */
function fakeServer(opts: { refresh: () => Response | Promise<Response>; handler?: (call: Call) => Response | undefined }) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const call: Call = {
      url: String(input),
      method: init?.method ?? 'GET',
      auth: headers.get('Authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    if (call.url.endsWith('/auth/refresh')) return opts.refresh();
    const custom = opts.handler?.(call);
    if (custom) return custom;
    if (call.auth === 'Bearer new-access') return json(200, { data: { ok: call.url } });
    return json(401, { statusCode: 401, message: 'Your session has expired, please sign in again' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

const refreshed = (frontendVersionTs = 100) =>
  json(200, {
    data: {
      token: 'new-access',
      refreshToken: 'new-refresh-token',
      extraInfo: { status: 'active', trafficBlocked: false, frontendVersionTs },
    },
  });

let sessionEnded: ReturnType<typeof vi.fn<() => void>>;
let restoreHandler: () => void;

beforeEach(() => {
  sessionEnded = vi.fn<() => void>();
  restoreHandler = onSessionEnded(sessionEnded);
  serverErrorStore.set(null);
  resetFrontendVersion();
  vi.mocked(notify.success).mockClear();
  vi.mocked(notify.error).mockClear();
});

afterEach(() => {
  restoreHandler();
  vi.unstubAllGlobals();
});

describe('401 handling: one shared refresh, then a retry', () => {
  it('refreshes once for concurrent 401s and retries every request with the new token', async () => {
    setTokens({ token: 'old-access', refreshToken: 'old-refresh-token' });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = fakeServer({
      refresh: async () => {
        await gate;
        return refreshed();
      },
    });

    const requests = Promise.all([api.get('/offers'), api.get('/leads'), api.get('/clicks')]);
    await vi.waitFor(() => expect(server.calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1));
    release();
    const answers = await requests;

    expect(answers).toEqual([{ ok: '/api/v1/offers' }, { ok: '/api/v1/leads' }, { ok: '/api/v1/clicks' }]);
    const refreshCalls = server.calls.filter((c) => c.url.endsWith('/auth/refresh'));
    expect(refreshCalls).toHaveLength(1);
    expect(refreshCalls[0].body).toEqual({ refreshToken: 'old-refresh-token' });
    const retries = server.calls.filter((c) => !c.url.endsWith('/auth/refresh') && c.auth === 'Bearer new-access');
    expect(retries.map((c) => c.url).sort()).toEqual(['/api/v1/clicks', '/api/v1/leads', '/api/v1/offers']);
    expect(getAccessToken()).toBe('new-access');
    expect(getRefreshToken()).toBe('new-refresh-token');
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('a request that fails after another one already refreshed retries without a second refresh', async () => {
    setTokens({ token: 'old-access', refreshToken: 'old-refresh-token' });
    const server = fakeServer({ refresh: () => refreshed() });
    await api.get('/first');
    // the second request was sent with the old token before the refresh finished
    server.fetchMock.mockImplementationOnce(async () => {
      setTokens({ token: 'new-access', refreshToken: 'new-refresh-token' });
      return json(401, { statusCode: 401, message: 'expired' });
    });
    setTokens({ token: 'old-access', refreshToken: 'new-refresh-token' });
    await expect(api.get('/second')).resolves.toEqual({ ok: '/api/v1/second' });
    expect(server.calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1);
  });

  it('refreshes first when there is a refresh token but no access token (product §4)', async () => {
    setTokens({ token: 'x', refreshToken: 'old-refresh-token' });
    document.cookie = 'lg_token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const server = fakeServer({ refresh: () => refreshed() });
    await expect(api.get('/users/1')).resolves.toEqual({ ok: '/api/v1/users/1' });
    expect(server.calls.map((c) => c.url)).toEqual(['/api/v1/auth/refresh', '/api/v1/users/1']);
  });

  it('when the refresh fails: clears the tokens, shows the server message and ends the session once', async () => {
    setTokens({ token: 'old-access', refreshToken: 'old-refresh-token' });
    const server = fakeServer({ refresh: () => json(401, { statusCode: 401, message: 'Your account is blocked' }) });

    const results = await Promise.allSettled([api.get('/offers'), api.get('/leads')]);

    expect(results.every((r) => r.status === 'rejected' && r.reason instanceof ApiError && r.reason.status === 401)).toBe(true);
    expect(server.calls.filter((c) => c.url.endsWith('/auth/refresh'))).toHaveLength(1);
    expect(getAccessToken()).toBeUndefined();
    expect(getRefreshToken()).toBeUndefined();
    expect(notify.error).toHaveBeenCalledTimes(1);
    expect(notify.error).toHaveBeenCalledWith('Your account is blocked');
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('a 401 without a refresh token ends the session with the server message', async () => {
    setTokens({ token: 'old-access', refreshToken: 'r' });
    document.cookie = 'lg_refresh=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    fakeServer({ refresh: () => refreshed() });
    await expect(api.get('/offers')).rejects.toBeInstanceOf(ApiError);
    expect(notify.error).toHaveBeenCalledWith('Your session has expired, please sign in again');
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('does not refresh for a 401 of the sign-in call itself', async () => {
    const server = fakeServer({
      refresh: () => refreshed(),
      handler: (c) => (c.url.endsWith('/auth/login') ? json(401, { statusCode: 401, message: 'Invalid e-mail or password' }) : undefined),
    });
    await expect(api.post('/auth/login', { email: 'a@b.co', password: 'x' })).rejects.toMatchObject({ status: 401 });
    expect(server.calls).toHaveLength(1);
    expect(notify.error).toHaveBeenCalledWith('Invalid e-mail or password', 'Status 401');
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('raises the front-end update flag when a refresh reports another version than the one at start', async () => {
    noteFrontendVersion(100, 'settings');
    setTokens({ token: 'old-access', refreshToken: 'old-refresh-token' });
    fakeServer({ refresh: () => refreshed(200) });
    await api.get('/offers');
    expect(updateRequiredStore.get()).toBe(true);
  });
});

describe('answers and errors', () => {
  it('unwraps data and shows the success toast of a write with the server message', async () => {
    setTokens({ token: 'new-access', refreshToken: 'r-token-123' });
    fakeServer({ refresh: () => refreshed(), handler: () => json(200, { data: { id: 7 }, message: 'Offer saved' }) });
    await expect(api.patch('/offers', { items: [{ id: 7 }] })).resolves.toEqual({ id: 7 });
    expect(notify.success).toHaveBeenCalledWith('Offer saved', 'request is successful');
  });

  it('shows one toast per validation item (msg and type), translating message keys', async () => {
    setTokens({ token: 'new-access', refreshToken: 'r-token-123' });
    fakeServer({
      refresh: () => refreshed(),
      handler: () =>
        json(400, {
          statusCode: 400,
          message: 'Validation failed',
          errors: [
            { msg: 'required', type: 'too_small', loc: ['body', 'items', 0, 'title'] },
            { msg: 'Amount too high', type: 'custom', loc: ['body', 'amount'] },
          ],
        }),
    });
    const err = await api.put('/offers', { items: [{}] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).errors).toHaveLength(2);
    expect(notify.error).toHaveBeenNthCalledWith(1, 'This field is required', 'too_small');
    expect(notify.error).toHaveBeenNthCalledWith(2, 'Amount too high', 'custom');
  });

  it('opens the server-error popup on a 500 or when the server does not answer', async () => {
    setTokens({ token: 'new-access', refreshToken: 'r-token-123' });
    fakeServer({ refresh: () => refreshed(), handler: () => json(500, { statusCode: 500, message: 'Internal server error' }) });
    await expect(api.get('/offers')).rejects.toMatchObject({ status: 500 });
    expect(serverErrorStore.get()).toEqual({ status: 500 });
    expect(notify.error).not.toHaveBeenCalled();

    serverErrorStore.set(null);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/offers')).rejects.toMatchObject({ status: 0 });
    expect(serverErrorStore.get()).toEqual({ status: 0 });
  });
});

describe('buildQuery (product §5)', () => {
  it('drops empty values and a zero offset, joins lists and percent-encodes', () => {
    expect(buildQuery({ orderBy: 'createdAt:desc', limit: 25, offset: 0, status: '', search: undefined, tags: [] })).toBe(
      '?orderBy=createdAt%3Adesc&limit=25',
    );
    expect(buildQuery({ offset: 50, with: ['contacts', 'team'], q: "a&b=c d/é!'()*" })).toBe(
      '?offset=50&with=contacts%2Cteam&q=a%26b%3Dc%20d%2F%C3%A9%21%27%28%29%2A',
    );
    expect(buildQuery({})).toBe('');
  });
});
