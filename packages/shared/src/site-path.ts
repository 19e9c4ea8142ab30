/**
 * The same-site path rule, shared by checkout's return addresses and the login page's `next`
 * (issue 13). Kept free of zod so pages that only need the rule do not load it.
 */

/**
 * WHATWG URL, as both browsers and Node have it: this package is built without either's types,
 * and the check must parse exactly as the browser and the payment provider's redirect will.
 */
interface ParsedUrl {
  origin: string;
  pathname: string;
  search: string;
  hash: string;
}
const WhatwgUrl = (globalThis as unknown as { URL: new (url: string, base: string) => ParsedUrl })
  .URL;

/** Any origin that can never be a real site: only what stays on it counts as this site's page. */
const PROBE_ORIGIN = 'http://site.invalid';

/**
 * Whether `path` is a page of this site as a browser or `new URL` will read it. URL parsing
 * drops tabs and newlines and turns `\` into `/`, so '/\t/evil.example' becomes
 * '//evil.example' (another host): the path is resolved the way it will be used, and must come
 * back on the same origin and unchanged. Control characters are refused outright.
 */
export function isSitePath(path: string): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(path) || !path.startsWith('/')) return false;
  let url: ParsedUrl;
  try {
    url = new WhatwgUrl(path, PROBE_ORIGIN);
  } catch {
    return false;
  }
  return url.origin === PROBE_ORIGIN && `${url.pathname}${url.search}${url.hash}` === path;
}

/** Pages a `next` must not point back to: the login wall itself. */
const LOGIN_WALL = ['/login', '/signup'];

/**
 * Where to go after logging in (issue 13): `next` when it is a page of this site (never another
 * host, never the login or signup page), else null.
 */
export function nextPath(next: string | null | undefined): string | null {
  if (!next || next.length > 2000 || !isSitePath(next)) return null;
  const pathname = next.split(/[?#]/)[0]!;
  return LOGIN_WALL.includes(pathname) ? null : next;
}
