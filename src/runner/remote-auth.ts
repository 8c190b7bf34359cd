/**
 * A token for one git call that talks to the remote (a fetch, a push), never written to
 * `.git/config`: the checkout runs with `persist-credentials: false`, so nothing a step can read on
 * disk holds it. The header travels in that call's environment as git's `GIT_CONFIG_*` settings —
 * not in its argv, which every user of the machine can read in /proc — and is scoped to the
 * GitHub server's URL, so a remote the step points elsewhere never receives it. The empty first
 * value drops a header an older checkout persisted, so the server does not get two.
 */

export function remoteAuthEnv(serverUrl: string, token: string): Record<string, string> {
  const key = `http.${serverUrl.replace(/\/*$/, '/')}.extraheader`;
  const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
  return {
    GIT_CONFIG_COUNT: '2',
    GIT_CONFIG_KEY_0: key,
    GIT_CONFIG_VALUE_0: '',
    GIT_CONFIG_KEY_1: key,
    GIT_CONFIG_VALUE_1: `AUTHORIZATION: basic ${basic}`,
  };
}
