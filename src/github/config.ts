/**
 * `.github/molecular.yml`. One zod schema and one validation path for both faces:
 * Probot's `context.config()` hands over an already parsed object (`validateConfig`), the Action
 * reads the file (`loadConfig` / `parseConfig`). Unknown keys are errors: a misspelt key silently
 * ignored would leave a permission or a threshold at its default without anyone noticing.
 */
import { isMap, LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import {
  BUDGET_LIMITS,
  BudgetSchema,
  type CommandPermissionKey,
  type CommandPermissionTable,
  DEFAULT_COMMAND_PERMISSIONS,
  DEFAULT_MAX_RETRIES,
  err,
  ON_PR_CLOSED,
  ok,
  PERMISSIONS,
  type Place,
  PriceSchema,
  PriceTableSchema,
  type Result,
} from '../engine/index.js';
import type { GitHubClient, RepoRef } from './client.js';
import { DEFAULT_STEP_WORKFLOW } from './dispatch.js';
import { readRepoFile } from './repo-file.js';

export const CONFIG_PATH = '.github/molecular.yml';

const COMMAND_KEYS = Object.keys(DEFAULT_COMMAND_PERMISSIONS) as [
  CommandPermissionKey,
  ...CommandPermissionKey[],
];

const duration = z.string().regex(/^(\d+(\.\d+)?(ms|s|m|h|d|w))+$/, 'a duration such as "30m", "2h" or "1d"');

/** `"@Design": docs/design.md`; YAML needs the `@` quoted, so a bare `Design:` means the same. */
const contextMap = z
  .record(z.string().regex(/^@?\w+$/, 'a mention such as "@Design"'), z.string().min(1))
  .transform((map) =>
    Object.fromEntries(Object.entries(map).map(([k, v]) => [k.startsWith('@') ? k : `@${k}`, v])),
  );

const repoFolder = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.endsWith('/') && !p.split('/').includes('..'), {
    message: 'a folder inside the repository such as ".github/formulas"',
  });

export const ConfigSchema = z.strictObject({
  /** Labels `<prefix><formula>` pour that formula. */
  label_prefix: z.string().min(1).default('formula:'),
  /** Least permission per slash-command verb (`reset --force` too), over the built-in defaults. */
  permissions: z.partialRecord(z.enum(COMMAND_KEYS), z.enum(PERMISSIONS)).default({}),
  default_retries: z.number().int().min(0).max(100).default(DEFAULT_MAX_RETRIES),
  /** Patrol nudges an in-progress step idle this long. */
  nudge_after: duration.default('2h'),
  /** Patrol fails (so retries apply) an in-progress step with no `timeout` of its own after this long. */
  stuck_after: duration.default('24h'),
  /** Patrol dispatches again a ready step of a distributed molecule that no job started this long. */
  redispatch_after: duration.default('30m'),
  /** A state lock older than this is stale and may be taken over. */
  lock_ttl: duration.default('2m'),
  step_workflow: z
    .string()
    .regex(/^[\w.-]+\.ya?ml$/, 'a workflow file name under .github/workflows, such as "molecular-step.yml"')
    .default(DEFAULT_STEP_WORKFLOW),
  /** `auto`: the face decides (the app: in-process only; the action: the git-ref lock). */
  lock: z.enum(['auto', 'none', 'ref']).default('auto'),
  context: contextMap.default({}),
  step_issues: z.boolean().default(false),
  /** A pull request closed without merging: `keep` its molecules, `burn` them, or `fail` the delivering step. */
  on_pr_closed: z.enum(ON_PR_CLOSED).default('keep'),
  /** Who may send a delivered molecule back with a review requesting changes. */
  changes_requested_permission: z.enum(PERMISSIONS).default('write'),
  /** Logins whose comments may hold state; absent: the app's bot and github-actions[bot]. */
  trusted_writers: z.array(z.string().min(1)).min(1).optional(),
  /**
   * Logins whose `molecular-step-report` dispatches are applied; absent: the trusted writers.
   * A team whose step jobs report with a PAT or another app's token lists that login here.
   */
  step_report_senders: z.array(z.string().min(1)).min(1).optional(),
  /**
   * Logins (usually apps) whose `formula:` labels pour without a permission look-up. Any other
   * labeller, a bot too, needs the `pour` permission: an app that may label needs only triage.
   */
  trusted_labelers: z.array(z.string().min(1)).default([]),
  formulas_path: repoFolder.default('.github/formulas'),
  /**
   * More folders (on the default branch) where formulas named by `extends`, `compose.expand` or
   * aspects are found after `formulas_path`, as Gas City composes packs; pours still name
   * formulas of `formulas_path`.
   */
  formula_search_path: z.array(repoFolder).default([]),
  /** What a molecule's agents may spend where its formula sets no limit: usd, tokens, turns, time. */
  budget: BudgetSchema.strict().optional(),
  /**
   * USD per million tokens (`input`, `output`) by model, or by agent preset when the model is not
   * known: the cost of an agent whose CLI reports tokens but no USD (codex, gemini). Never built in.
   */
  prices: PriceTableSchema.optional(),
  /** One issue labelled `molecular:dashboard` that patrol keeps current: every molecule at a glance. */
  dashboard: z.boolean().default(false),
  dashboard_title: z.string().trim().min(1).max(256).default('Molecular dashboard'),
});

export type Config = z.infer<typeof ConfigSchema>;
export type ConfigInput = z.input<typeof ConfigSchema>;

export const DEFAULT_CONFIG: Config = ConfigSchema.parse({});

/** Checks an already parsed config (Probot's `context.config()`); `null`/`undefined` is the defaults. */
export function validateConfig(
  value: unknown,
  locate: (path: PropertyKey[]) => Place = () => ({}),
): Result<Config> {
  const parsed = ConfigSchema.safeParse(value ?? {});
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  if (!issue) return err('config-invalid', `${CONFIG_PATH} is invalid`, { file: CONFIG_PATH });
  const keys = issue.code === 'unrecognized_keys' ? issue.keys : [];
  const path = [...issue.path, ...keys.slice(0, 1)];
  const key = path.map(String).join('.');
  const message =
    issue.code === 'unrecognized_keys'
      ? `${CONFIG_PATH}: unknown key "${key}"; known keys${issue.path.length ? ` there` : ''}: ${knownKeysAt(issue.path).join(', ')}`
      : key
        ? `${CONFIG_PATH}: "${key}" ${describeIssue(issue)}`
        : `${CONFIG_PATH} must be a mapping of keys to values`;
  return err('config-invalid', message, { file: CONFIG_PATH, ...locate(path) });
}

function knownKeysAt(path: readonly PropertyKey[]): string[] {
  if (path[0] === 'permissions') return COMMAND_KEYS;
  if (path[0] === 'budget') return [...BUDGET_LIMITS];
  if (path[0] === 'prices') return Object.keys(PriceSchema.shape);
  return Object.keys(ConfigSchema.shape);
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value')
    return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  if (issue.code === 'invalid_key')
    return `is not a valid key: it must be ${issue.issues[0]?.message ?? 'a plain name'}`;
  if (issue.code === 'invalid_type')
    return `must be ${issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`}`;
  return `is invalid: ${issue.message}`;
}

/** Parses the YAML text of `.github/molecular.yml`; an empty file is the defaults. */
export function parseConfig(yamlText: string): Result<Config> {
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false });
  const syntax = doc.errors[0];
  if (syntax) {
    const pos = lineCounter.linePos(syntax.pos[0]);
    return err('config-invalid', `${CONFIG_PATH} is not valid YAML: ${syntax.message.split('\n')[0]}`, {
      file: CONFIG_PATH,
      line: pos.line,
      col: pos.col,
    });
  }
  return validateConfig(doc.toJS(), (path) => {
    // The key itself when it exists, else its nearest existing parent.
    for (let n = path.length; n > 0; n--) {
      const parent = n > 1 ? doc.getIn(path.slice(0, n - 1), true) : doc.contents;
      if (!isMap(parent)) continue;
      const pair = parent.items.find(
        (item) => String((item.key as { value?: unknown })?.value ?? item.key) === String(path[n - 1]),
      );
      const range = (pair?.key as { range?: [number, number] } | undefined)?.range;
      if (range) {
        const pos = lineCounter.linePos(range[0]);
        return { line: pos.line, col: pos.col };
      }
    }
    return {};
  });
}

/**
 * Reads and checks the config from the default branch (the Action; the app uses Probot's
 * `context.config`). No file is the defaults. One call.
 */
export async function loadConfig(octokit: GitHubClient, repo: RepoRef, ref: string): Promise<Result<Config>> {
  const file = await readRepoFile(octokit, repo, CONFIG_PATH, ref);
  if (!file.ok) return file;
  return file.value ? parseConfig(file.value.text) : ok(DEFAULT_CONFIG);
}

/** The permission table commands are checked against: the defaults with the config's overrides. */
export function commandPermissions(config: Pick<Config, 'permissions'>): CommandPermissionTable {
  return { ...DEFAULT_COMMAND_PERMISSIONS, ...config.permissions };
}
