/**
 * Pouring a formula onto an issue or pull request (a `formula:<name>` label or `/mol pour`): the
 * shell's pour with the formula from the default branch and the state comment as the
 * store, then the pour's effects carried out (dispatch of the first steps, sub-issues). A second
 * live molecule of the same formula on one subject is refused first.
 *
 * The molecule id is derived from the request's idempotency key (delivery id, or comment id and
 * line), so a redelivered webhook mints the same id, finds it taken and changes nothing.
 */
import { createHash } from 'node:crypto';
import {
  err,
  isLive,
  type Molecule,
  type MoleculeStore,
  ok,
  type Proto,
  type Result,
  SUBJECT_TITLE_MAX,
} from '../../engine/index.js';
import { repoSlug } from '../../github/client.js';
import { moleculeIdFor } from '../../github/molecule-id.js';
import type { EffectsOutcome } from '../effect-handlers.js';
import { pour } from '../pour.js';
import { defaultBranch } from './default-branch.js';
import type { GitHubContext } from './github-context.js';
import { carryOutOnGitHub } from './github-effects.js';
import { formulaSource } from './repo-proto.js';
import { createStepIssues } from './step-issues.js';

export interface PourRequest {
  issue: number;
  /** The issue's title as the event gave it (its pull request's `{{title}}`). */
  title?: string;
  /** Set when the subject is a pull request: steps start from its head. */
  pr?: { number: number; headRef: string; headSha: string };
  formula: string;
  vars: Record<string, string>;
  by: string;
  /** The same key always mints the same molecule id. */
  idempotencyKey: string;
  /** `wisp`: an ephemeral molecule that patrol evaporates once `ttlMs` passed. */
  kind?: 'mol' | 'wisp';
  ttlMs?: number;
  /** Live molecules already on the issue, when known: a second live one of the same formula is refused. */
  existing?: readonly Molecule[];
}

/** A wisp's time to live when none is given (`mol wisp`'s default too). */
export const DEFAULT_WISP_TTL_MS = 3_600_000;

export interface Poured {
  mol: Molecule;
  proto: Proto;
  outcome: EffectsOutcome;
  /** The request was handled before (a redelivery): nothing was done now. */
  existed: boolean;
}

export async function pourOnIssue(
  ctx: GitHubContext,
  store: MoleculeStore,
  request: PourRequest,
): Promise<Result<Poured>> {
  const running = request.existing?.find((m) => m.formula.name === request.formula && isLive(m.status));
  if (running) {
    return err(
      'already-running',
      `formula "${request.formula}" is already running here as molecule \`${running.id}\` (${running.status.replace('_', ' ')}); squash or burn it before pouring it again`,
    );
  }
  const poured = await pour({
    source: formulaSource(ctx),
    store,
    formula: request.formula,
    vars: request.vars,
    id: moleculeIdFor(request.issue, suffixOf(request.idempotencyKey)),
    idempotent: true,
    now: ctx.now(),
    by: request.by,
    base: async () =>
      ok(
        request.pr ? { ref: request.pr.headRef, sha: request.pr.headSha } : { ref: await defaultBranch(ctx) },
      ),
    subject: {
      repo: repoSlug(ctx.repo),
      issue: request.issue,
      ...(request.title ? { title: request.title.slice(0, SUBJECT_TITLE_MAX) } : {}),
      ...(request.pr ? { pr: request.pr.number } : {}),
    },
    defaultRetries: ctx.config.default_retries,
    ...(request.kind === undefined ? {} : { kind: request.kind }),
    ...(request.ttlMs === undefined ? {} : { ttlMs: request.ttlMs }),
    // A `phase = "vapor"` formula poured as a molecule runs as a wisp, as it asks.
    vaporTtlMs: DEFAULT_WISP_TTL_MS,
    ...(ctx.config.budget === undefined ? {} : { defaultBudget: ctx.config.budget }),
  });
  if (!poured.ok) return poured;
  const { mol, proto } = poured.value;
  if (poured.value.existed) {
    ctx.log.info(`molecule ${mol.id} exists already: request ${request.idempotencyKey} was handled before`);
    const outcome: EffectsOutcome = { mol, notices: [], problems: [], dispatched: [] };
    return ok({ mol, proto, outcome, existed: true });
  }
  const problems: string[] = [];
  if (ctx.config.step_issues) {
    try {
      await createStepIssues(ctx, mol, proto);
    } catch (error) {
      problems.push(`the step sub-issues could not be created: ${(error as Error).message}`);
    }
  }
  const effects = poured.value.effects.filter((e) => e.type !== 'labels'); // the store labelled it
  const outcome = await carryOutOnGitHub(ctx, store, mol, proto, effects);
  outcome.problems.unshift(...problems);
  return ok({ mol: outcome.mol, proto, outcome, existed: false });
}

/** Six hex digits of the key's hash: short enough for branch names, unique enough per issue. */
function suffixOf(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 6);
}
