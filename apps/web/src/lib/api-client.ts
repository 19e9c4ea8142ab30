import { MESSAGES, type ApiErrorBody, type Locale } from '@marketplace/shared';
import { currentPage, LOGIN_PATH, loginUrl } from './login-return';
import { navigateTo } from './navigation';
import { clearSession, getToken, isTokenValid } from './session';

/** DESIGN 3: one API base, the same origin as the web app. */
export const API_BASE = '/api';
export { LOGIN_PATH };

/** The API answered with an error status; message and fieldErrors come from its JSON body. */
export class ApiError extends Error {
  readonly status: number;
  /** The body's own message, when the server sent one (callers pick their fallback). */
  readonly serverMessage: string | undefined;
  readonly fieldErrors: Record<string, string> | undefined;

  constructor(status: number, body: Partial<ApiErrorBody> | undefined) {
    const serverMessage =
      typeof body?.message === 'string' && body.message ? body.message : undefined;
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.fieldErrors = body?.fieldErrors;
  }
}

/** No response at all (offline, DNS, CORS, server down): the message is the browser's. */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** Spec 7: the stored token expired before the request could be sent. */
export class TokenExpiredError extends Error {
  constructor() {
    super(MESSAGES.tokenExpired);
    this.name = 'TokenExpiredError';
  }
}

/**
 * How requests reach the API: the browser's fetch, or, while the server renders a page
 * (decision 024), the API itself in the same process.
 */
type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

export function setApiTransport(next: Transport): void {
  transport = next;
}

/**
 * The page's language, sent as Accept-Language so the API's error messages come in it (issue
 * 19): the browser's own header would give a French-preferring browser French errors on English
 * pages. Whoever sets the page's language sets this too.
 */
let language: Locale = 'en';

export function setApiLanguage(next: Locale): void {
  language = next;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A FormData body goes as is (multipart); anything else is sent as JSON. */
  body?: unknown;
  /** Arrays repeat the parameter (`color=red&color=blue`), as the catalog's filters expect. */
  query?: Record<string, string | number | readonly (string | number)[] | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * Spec 7: the session is cleared and the browser goes to /login; issue 13: the login page says
 * the session ended and brings the shopper back to the page they were on.
 */
function endSession(): void {
  // A refused login (401) ends no session: only a stored token makes the page say it ended.
  const ended = Boolean(getToken());
  clearSession();
  navigateTo(loginUrl({ next: currentPage(), ended }));
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) search.append(key, String(one));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

/** Every call of the web app goes through here, so spec 7's token rules live in one place. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await send<T>(path, options)).data;
}

/** A page of a list: the items, and the whole count the API gives in X-Total-Count. */
export interface Page<T> {
  items: T[];
  total: number;
}

export async function apiPage<T>(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<Page<T>> {
  const { data, response } = await send<T[]>(path, { ...options, method: 'GET' });
  const total = Number(response.headers.get('X-Total-Count') ?? data.length);
  return { items: data, total: Number.isFinite(total) ? total : data.length };
}

/**
 * `readSuccess` reads a successful response (JSON or text by default, bytes for files); an error
 * response is always read as the API's JSON error body.
 */
async function send<T>(
  path: string,
  options: RequestOptions,
  readSuccess: (response: Response) => Promise<unknown> = readBody,
): Promise<{ data: T; response: Response }> {
  const headers = new Headers(options.headers);

  if (!path.startsWith('/auth/')) {
    const token = getToken();
    if (token) {
      if (!isTokenValid(token)) {
        endSession();
        throw new TokenExpiredError();
      }
      headers.set('Authorization', `Bearer ${token}`);
    }
  }

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    // The browser sets multipart/form-data with its boundary itself.
    headers.delete('Content-Type');
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  if (!headers.has('Accept-Language')) headers.set('Accept-Language', language);

  let response: Response;
  try {
    response = await transport(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    const message = error instanceof Error ? error.message : '';
    throw new NetworkError(message, { cause: error });
  }

  if (response.status === 401 || response.status === 403) endSession();

  if (!response.ok) {
    const data = await readBody(response);
    const errorBody =
      data && typeof data === 'object'
        ? (data as Partial<ApiErrorBody>)
        : typeof data === 'string'
          ? { message: data }
          : undefined;
    throw new ApiError(response.status, errorBody);
  }
  return { data: (await readSuccess(response)) as T, response };
}

/** A file the API sends (a PDF label, say), with the same token rules as every other call. */
export async function apiBlob(
  path: string,
  options: Omit<RequestOptions, 'method' | 'body'> = {},
): Promise<Blob> {
  const headers = { Accept: '*/*', ...options.headers };
  const { data } = await send<Blob>(path, { ...options, headers, method: 'GET' }, (response) =>
    response.blob(),
  );
  return data;
}

export const apiClient = {
  page: apiPage,
  blob: apiBlob,
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
