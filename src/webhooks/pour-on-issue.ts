/**
 * Pouring a formula onto an issue or pull request (a `formula:<name>` label or `/mol pour`):
 * read the formula from the default branch, cook it with the given vars (a missing or invalid
 * var is named), pour, create the state comment, and carry out the pour's effects (dispatch of
 * the first steps, sub-issues). Nothing is written unless everything before the create worked.
 *
 * The molecule id is derived from the request's idempotency key (delivery id, or comment id and
 * line), so a redelivered webhook mints the same id, finds it taken and changes nothing.
 */
import { createHash } from 'node:crypto';
import { bindVars, cook } from '../engine/cook/cook.js';
import type { Proto } from '../engine/cook/proto.js';
import { err, ok, type Result } from '../engine/errors.js';
import { isLive } from '../engine/index.js';
import type { Molecule } from '../engine/molecule/molecule-schema.js';
import { pour } from '../engine/molecule/ops/pour.js';
import type { MoleculeStore } from '../engine/molecule/store.js';
import { repoSlug } from '../github/client.js';
import { moleculeIdFor } from '../github/molecule-id.js';
import { applyEffects, type EffectsOutcome } from './apply-effects.js';
import { defaultBranch } from './default-branch.js';
import type { HandlerContext } from './handler-context.js';
import { rememberProto, withRetries } from './load-proto.js';
import { loadPourFormula } from './pour-formula.js';
import { createStepIssues } from './step-issues.js';

export interface PourRequest {
  issue: number;
  /** Set when the subject is a pull request: steps start from its head. */
  pr?: { number: number; headRef: string; headSha: string };
  formula: string;
  vars: Record<string, string>;
  by: string;
  /** The same key always mints the same molecule id. */
  idempotencyKey: string;
  /** Live molecules already on the issue, when known: a second live one of the same formula is refused. */
  existing?: readonly Molecule[];
}

export interface Poured {
  mol: Molecule;
  proto: Proto;
  outcome: EffectsOutcome;
  /** The request was handled before (a redelivery): nothing was done now. */
  existed: boolean;
}

export async function pourOnIssue(
  ctx: HandlerContext,
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
  const loaded = await loadPourFormula(ctx, request.formula);
  if (!loaded.ok) return loaded;
  const { root, library, ref } = loaded.value;
  // Cook once to learn the declared vars, bind them (defaults, required, pattern, enum), then cook
  // with exactly the bound values, which is what a later load re-cooks from the molecule.
  const first = cook(root, { vars: request.vars, library });
  if (!first.ok) return first;
  const bound = bindVars(first.value.proto.vars, request.vars);
  if (!bound.ok) return bound;
  const cooked = cook(root, { vars: bound.value, library });
  if (!cooked.ok) return cooked;
  const proto = cooked.value.proto;

  const id = moleculeIdFor(request.issue, suffixOf(request.idempotencyKey));
  const base = request.pr
    ? { ref: request.pr.headRef, sha: request.pr.headSha }
    : { ref: await defaultBranch(ctx) };
  const poured = pour(withRetries(proto, ctx.config.default_retries), {
    id,
    now: ctx.now(),
    vars: bound.value,
    formula: ref,
    title: proto.formula,
    by: request.by,
    base,
    subject: {
      repo: repoSlug(ctx.repo),
      issue: request.issue,
      ...(request.pr ? { pr: request.pr.number } : {}),
    },
  });
  if (!poured.ok) return poured;
  rememberProto(ctx, poured.value.mol, proto);
  const created = await store.create(poured.value.mol);
  const full = withRetries(proto, ctx.config.default_retries);
  if (!created.ok) {
    if (created.error.code !== 'exists') return created;
    ctx.log.info(`molecule ${id} exists already: request ${request.idempotencyKey} was handled before`);
    const outcome: EffectsOutcome = { mol: poured.value.mol, notices: [], problems: [], dispatched: [] };
    return ok({ mol: poured.value.mol, proto: full, outcome, existed: true });
  }
  const problems: string[] = [];
  if (ctx.config.step_issues) {
    try {
      await createStepIssues(ctx, created.value, proto);
    } catch (error) {
      problems.push(`the step sub-issues could not be created: ${(error as Error).message}`);
    }
  }
  const effects = poured.value.effects.filter((e) => e.type !== 'labels'); // the store labelled it
  const outcome = await applyEffects(ctx, store, created.value, full, effects);
  outcome.problems.unshift(...problems);
  return ok({ mol: outcome.mol, proto: full, outcome, existed: false });
}

/** Six hex digits of the key's hash: short enough for branch names, unique enough per issue. */
function suffixOf(key: string): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 6);
}
