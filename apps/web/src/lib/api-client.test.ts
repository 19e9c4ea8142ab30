import { MESSAGES } from '@marketplace/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expiredToken, jsonResponse, validToken } from '../test/render';
import { ApiError, apiClient, NetworkError, TokenExpiredError } from './api-client';
import { registerNavigator } from './navigation';
import { getToken, getUserName, setSession } from './session';

function stubFetch(response: Response | (() => Promise<Response>)) {
  const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>(
    typeof response === 'function' ? response : async () => response,
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentHeaders(fetchMock: ReturnType<typeof stubFetch>): Headers {
  const init = fetchMock.mock.calls[0]?.[1] as RequestInit | undefined;
  return new Headers(init?.headers);
}

describe('api client (spec 7 request rules)', () => {
  const navigate = vi.fn();
  beforeEach(() => {
    navigate.mockReset();
    registerNavigator(navigate);
  });

  it('sends every call to /api on the same origin', async () => {
    const fetchMock = stubFetch(jsonResponse(200, { status: 'ok' }));
    await expect(apiClient.get('/health')).resolves.toEqual({ status: 'ok' });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/health');
  });

  it('sends no Authorization header on /auth/ paths, even with a stored token', async () => {
    setSession(validToken(), 'alice');
    const fetchMock = stubFetch(jsonResponse(200, { accessToken: 'a.b.c' }));
    await apiClient.post('/auth/login', { userName: 'alice', password: 'secret' });
    expect(sentHeaders(fetchMock).has('Authorization')).toBe(false);
  });

  it('does not check expiry on /auth/ paths: an expired token does not block login', async () => {
    setSession(expiredToken(), 'alice');
    const fetchMock = stubFetch(jsonResponse(200, { accessToken: 'a.b.c' }));
    await apiClient.post('/auth/login', { userName: 'alice', password: 'secret' });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends the bearer token when it is valid', async () => {
    const token = validToken();
    setSession(token, 'alice');
    const fetchMock = stubFetch(jsonResponse(200, {}));
    await apiClient.get('/user/alice');
    expect(sentHeaders(fetchMock).get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('sends no Authorization header when nobody is logged in', async () => {
    const fetchMock = stubFetch(jsonResponse(200, []));
    await apiClient.get('/item/public');
    expect(sentHeaders(fetchMock).has('Authorization')).toBe(false);
  });

  it('rejects an expired token before the request: session cleared, /login, "Token expired", no fetch', async () => {
    setSession(expiredToken(), 'alice');
    const fetchMock = stubFetch(jsonResponse(200, {}));
    const request = apiClient.get('/user/alice');
    await expect(request).rejects.toThrow(MESSAGES.tokenExpired);
    await expect(request).rejects.toBeInstanceOf(TokenExpiredError);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getToken()).toBeNull();
    expect(getUserName()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?session=ended');
  });

  it.each([401, 403])('a %i response clears the session and goes to /login', async (status) => {
    setSession(validToken(), 'alice');
    stubFetch(jsonResponse(status, { message: 'Please log in to continue.' }));
    await expect(apiClient.get('/user/alice')).rejects.toMatchObject({ status });
    expect(getToken()).toBeNull();
    expect(getUserName()).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/login?session=ended');
  });

  it('comes back to the page it was on after logging in (issue 13)', async () => {
    window.history.pushState({}, '', '/product/7?color=red');
    setSession(validToken(), 'alice');
    stubFetch(jsonResponse(401, { message: 'Your session has ended. Please log in again.' }));
    await expect(apiClient.post('/orders/cart/add', {})).rejects.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith(
      `/login?next=${encodeURIComponent('/product/7?color=red')}&session=ended`,
    );
    window.history.pushState({}, '', '/');
  });

  it('a refused login (no session) goes to plain /login, without saying a session ended', async () => {
    stubFetch(jsonResponse(401, { message: 'Incorrect username or password' }));
    await expect(
      apiClient.post('/auth/login', { userName: 'alice', password: 'wrong' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(navigate).toHaveBeenCalledWith('/login');
  });

  it('keeps the session on other errors', async () => {
    setSession(validToken(), 'alice');
    stubFetch(jsonResponse(404, { message: 'Not found.' }));
    await expect(apiClient.get('/user/alice')).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).not.toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('lets the browser set the content type of a FormData body', async () => {
    setSession(validToken(), 'alice');
    const fetchMock = stubFetch(jsonResponse(201, {}));
    const form = new FormData();
    form.append('itemDto', '{}');
    await apiClient.post('/item', form);
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(init.body).toBe(form);
    expect(sentHeaders(fetchMock).has('Content-Type')).toBe(false);
  });

  it('sends other bodies as JSON', async () => {
    const fetchMock = stubFetch(jsonResponse(200, {}));
    await apiClient.post('/auth/forgot-password', { email: 'a@b.co' });
    const init = fetchMock.mock.calls[0]?.[1] as RequestInit;
    expect(sentHeaders(fetchMock).get('Content-Type')).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ email: 'a@b.co' }));
  });

  it('parses a JSON error into an ApiError with status, message and fieldErrors', async () => {
    stubFetch(
      jsonResponse(409, {
        message: MESSAGES.userNameTaken,
        fieldErrors: { userName: MESSAGES.userNameTaken },
      }),
    );
    const error = await apiClient.post('/auth/registerUser', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: MESSAGES.userNameTaken,
      serverMessage: MESSAGES.userNameTaken,
      fieldErrors: { userName: MESSAGES.userNameTaken },
    });
  });

  it('an error without a body still carries its status, and no server message', async () => {
    stubFetch(new Response(null, { status: 500 }));
    const error = await apiClient.get('/health').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, serverMessage: undefined });
  });

  it('turns "no response" into a NetworkError with the browser message', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiClient.get('/health').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).message).toBe('Failed to fetch');
  });

  it('resolves a 204 with no body', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(
      apiClient.post('/auth/reset-password', { token: 't', password: 'p' }),
    ).resolves.toBeUndefined();
  });
});

describe('lists', () => {
  it('repeats array parameters and reads the total from X-Total-Count', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify([{ id: 1 }, { id: 2 }]), {
          status: 200,
          headers: { 'content-type': 'application/json', 'X-Total-Count': '57' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const page = await apiClient.page<{ id: number }>('/item/public/search', {
      query: { color: ['red', 'blue'], page: 2, keyword: undefined },
    });
    expect(page).toEqual({ items: [{ id: 1 }, { id: 2 }], total: 57 });
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toBe(
      '/api/item/public/search?color=red&color=blue&page=2',
    );
  });
});

describe('files', () => {
  it('fetches bytes with the bearer token and returns them as a Blob of the sent type', async () => {
    const token = validToken();
    setSession(token, 'alice');
    const pdf = new Uint8Array([0x25, 0x50, 0x44, 0x46]); // "%PDF"
    const fetchMock = stubFetch(
      new Response(pdf, { status: 200, headers: { 'content-type': 'application/pdf' } }),
    );
    const blob = await apiClient.blob('/store/orders/abc/shipping-label', {
      headers: { Accept: 'application/pdf' },
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/store/orders/abc/shipping-label');
    expect(sentHeaders(fetchMock).get('Authorization')).toBe(`Bearer ${token}`);
    expect(sentHeaders(fetchMock).get('Accept')).toBe('application/pdf');
    expect(blob.type).toBe('application/pdf');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(pdf);
  });

  it('reads a failed file request as the JSON error it is', async () => {
    setSession(validToken(), 'alice');
    stubFetch(jsonResponse(409, { message: 'Ship the order first.' }));
    const error = await apiClient.blob('/store/orders/abc/shipping-label').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, serverMessage: 'Ship the order first.' });
  });
});
