/**
 * The environment that code from the checkout may see: a step's command, its gates, an agent, and
 * the runner's own git (whose hooks, filters and fsmonitor are that code too). It is the face's
 * environment less every variable that can hold a credential.
 *
 * A deny-list by name pattern, not an allow-list: a job's environment carries whatever the
 * workflow's setup actions put there (JAVA_HOME, GOROOT, PNPM_HOME, proxies, RUNNER_*), and an
 * allow-list would break every toolchain it did not foresee. The patterns cover the names GitHub
 * and Molecular use for what can write the repository or the molecule state — the Action's inputs
 * (`INPUT_GITHUB-TOKEN`), the runner's own tokens (`ACTIONS_RUNTIME_TOKEN`,
 * `ACTIONS_ID_TOKEN_REQUEST_TOKEN`), `GITHUB_TOKEN`/`GH_TOKEN`, `MOLECULAR_STATE_KEY`, the App's
 * `PRIVATE_KEY`/`WEBHOOK_SECRET`/`GITHUB_CLIENT_SECRET` — and the conventional words for secrets
 * (TOKEN, SECRET, PASSWORD, PRIVATE_KEY, CREDENTIAL, a `_PAT` suffix), plus git configuration passed
 * by environment (`GIT_CONFIG_KEY_<n>` can carry an `http.extraheader` with a token). A secret the
 * workflow exports under an innocent name still passes: name it like a secret, or keep it out of
 * the job's `env:`. Agents' model keys (`ANTHROPIC_API_KEY`, `OPENAI_API_KEY`) pass on purpose:
 * an agent needs one, and it cannot write the repository.
 */

const SECRET_NAME =
  /^(INPUT_|ACTIONS_|MOLECULAR_)|TOKEN|SECRET|PASSWORD|PASSWD|PRIVATE_KEY|CREDENTIAL|(^|_)PAT$|^GIT_CONFIG_(COUNT$|KEY_|VALUE_|PARAMETERS$)|^(GIT|SSH)_ASKPASS$/;

/** True for a variable name that may hold a credential (compared upper-cased). */
export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name.toUpperCase());
}

/** `base` without the variables that may hold a credential, and without unset ones. */
export function scrubEnv(base: NodeJS.ProcessEnv): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(base)) {
    if (value !== undefined && !isSecretName(name)) env[name] = value;
  }
  return env;
}
