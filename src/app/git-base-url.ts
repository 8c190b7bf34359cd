/**
 * Where git serves the repositories of the GitHub the App talks to, from its API's base URL:
 * `https://api.github.com` → `https://github.com`, GitHub Enterprise Cloud's
 * `https://api.acme.ghe.com` → `https://acme.ghe.com`, GitHub Enterprise Server's
 * `https://host/api/v3` → `https://host`. A repository's git is `<base>/<owner>/<repo>.git`.
 */
export function gitBaseUrlOf(apiBaseUrl: string): string {
  const url = new URL(apiBaseUrl);
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v3$/, '');
  const host = url.hostname.startsWith('api.') ? url.host.slice('api.'.length) : url.host;
  return `${url.protocol}//${host}${path}`;
}
