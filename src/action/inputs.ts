/**
 * The Action's inputs (action.yml), read once by `run()` through a getter so tests need no
 * environment. A wrong mode is a sentence that lists the right ones; paths stay inside the
 * repository, since they are joined to the checkout; an app slug is a slug, not a login.
 */

import { err, normalizeRepoPath, ok, REF_NAME_RULE, type Result, refPartProblem } from '../engine/index.js';

export const MODES = ['event', 'step', 'step-start', 'step-finish', 'agent', 'patrol', 'lint'] as const;
export type Mode = (typeof MODES)[number];

export interface ActionInputs {
  mode: Mode;
  token: string;
  /** `github-token` is the workflow's own token: what it pushes and opens starts no CI. */
  workflowToken?: boolean;
  molecule?: string;
  step?: string;
  formulasPath: string;
  configPath: string;
  /** The Molecular App's slug on this repository: its `<slug>[bot]` comments are believed too. */
  appSlug?: string;
  /** step-finish: the agent job's work as a patch file, applied on the step's branch in a fresh checkout. */
  work?: string;
  /** agent: the preset or command line the agent job runs. */
  agent?: string;
  /** agent: step-start's `budget` output. */
  budget?: string;
  /** agent: the prompt (else `$MOL_PROMPT_FILE`). */
  prompt?: string;
  /** agent: where to write what the agent used; step-finish: where to read it. */
  usage?: string;
  /** step-finish: what the user's own agent action printed: the step's output (a fan-out's items). */
  output?: string;
}

export const DEFAULT_FORMULAS_PATH = '.github/formulas';
export const DEFAULT_CONFIG_PATH = '.github/molecular.yml';

/** What GitHub makes of an App's name: lowercase letters, digits and hyphens (`molecular-dev`). */
const APP_SLUG = /^[a-z0-9][a-z0-9-]*$/;

/** `get(name)` is `core.getInput(name)`: the trimmed value, '' when unset. */
export function readInputs(get: (name: string) => string): Result<ActionInputs> {
  const mode = get('mode') || 'event';
  if (!(MODES as readonly string[]).includes(mode)) {
    return err('input-invalid', `mode "${mode}" is not one of ${MODES.join(', ')}`);
  }
  const formulasPath = repoPath('formulas-path', get('formulas-path') || DEFAULT_FORMULAS_PATH);
  if (!formulasPath.ok) return formulasPath;
  const configPath = repoPath('config-path', get('config-path') || DEFAULT_CONFIG_PATH);
  if (!configPath.ok) return configPath;
  const token = get('github-token');
  // Neither lint nor the agent job talks to GitHub: the agent job has no token to give.
  if (token === '' && mode !== 'lint' && mode !== 'agent') {
    return err(
      'input-invalid',
      "github-token is empty: leave it at its default (the workflow's github.token) or pass a token that can write issues, contents and actions",
    );
  }
  const appSlug = get('app-slug');
  if (appSlug !== '' && !APP_SLUG.test(appSlug)) {
    return err(
      'input-invalid',
      `app-slug "${appSlug}" is not a GitHub App slug (lowercase letters, digits and hyphens, as in https://github.com/apps/<slug>); give the slug alone, without "[bot]"`,
    );
  }
  const molecule = get('molecule');
  const step = get('step');
  const work = get('work');
  // Both name git refs (`molecular/<molecule>/<step>`): an id git refuses is refused here, by name.
  for (const [name, value] of [
    ['molecule', molecule],
    ['step', step],
  ] as const) {
    const problem = value === '' ? undefined : refPartProblem(value);
    if (problem !== undefined) {
      return err(
        'input-invalid',
        `${name} "${value}" cannot be part of a git ref: ${problem} (${REF_NAME_RULE})`,
      );
    }
  }
  const agentInputs = Object.fromEntries(
    (['agent', 'budget', 'prompt', 'usage', 'output'] as const)
      .map((name) => [name, get(name)])
      .filter(([, v]) => v !== ''),
  ) as Pick<ActionInputs, 'agent' | 'budget' | 'prompt' | 'usage' | 'output'>;
  return ok({
    ...(work ? { work } : {}),
    ...agentInputs,
    mode: mode as Mode,
    token,
    ...(token !== '' && token === get('workflow-token') ? { workflowToken: true } : {}),
    ...(molecule ? { molecule } : {}),
    ...(step ? { step } : {}),
    formulasPath: formulasPath.value,
    configPath: configPath.value,
    ...(appSlug ? { appSlug } : {}),
  });
}

function repoPath(name: string, value: string): Result<string> {
  const path = normalizeRepoPath(value);
  if (path === undefined) {
    return err(
      'input-invalid',
      `${name} "${value}" must be a path inside the repository, such as ".github/formulas"`,
    );
  }
  return ok(path);
}
