/**
 * The GitHub half of "the engine decides, the shell does": every effect a transition returns,
 * carried out through src/github. The state is already written when this runs, so an effect
 * that fails (a missing step workflow, a permission the installation lacks) is reported back as
 * a problem for the reply and the log; it never undoes the change.
 *
 * - dispatch: `workflow_dispatch` of the step workflow for steps a job runs (every task step of a
 *   distributed formula; steps with `run` of a local one). Human and agent steps of a local
 *   formula wait for `/mol done`: the App never runs a command itself.
 * - evaluate-gates: the gates this face can judge (app-gates.ts), applied at once.
 * - check-run: the step's check run on its commit; the molecule's own check on its PR head.
 * - labels: removals (the store adds the new state label itself), sparing labels that another
 *   live molecule on the same issue still needs.
 * - delete-branches / reset-branch: the molecule's branches through the git refs API.
 * - nudge: a comment to whoever holds the step.
 */

import type { Proto, ProtoStep } from '../engine/cook/proto.js';
import { formatDuration } from '../engine/duration.js';
import { statusLabel } from '../engine/index.js';
import type { Effect } from '../engine/molecule/effects.js';
import type { GateResult, Molecule, StepStatus } from '../engine/molecule/molecule-schema.js';
import type { MoleculeStore } from '../engine/molecule/store.js';
import { moleculeCheckRun, stepCheckRun } from '../github/check-runs.js';
import { httpMessage, httpStatus } from '../github/client.js';
import { dispatchStep } from '../github/dispatch.js';
import { reply } from '../github/reply.js';
import { APP_GATE_TYPES, judgeAppGates } from './app-gates.js';
import { changeMolecule } from './change-molecule.js';
import { upsertRememberedCheckRun } from './check-run-ids.js';
import { defaultBranch } from './default-branch.js';
import type { HandlerContext } from './handler-context.js';
import { deleteMoleculeBranches, resetStepBranch } from './molecule-branches.js';
import { closeStepIssue } from './step-issues.js';

export interface EffectsOutcome {
  /** The molecule as it stands afterwards (gate results judged here may have moved it). */
  mol: Molecule;
  /** Sentences for the person who acted: notices of the engine, what waits for what. */
  notices: string[];
  /** Effects that could not be carried out, in a sentence each. */
  problems: string[];
  /** Steps whose job was started. */
  dispatched: string[];
}

export interface ApplyOptions {
  /** Other live molecules on the same issue: labels they need stay. */
  siblings?: readonly Molecule[];
}

const MAX_DEPTH = 3;

export async function applyEffects(
  ctx: HandlerContext,
  store: MoleculeStore,
  mol: Molecule,
  proto: Proto,
  effects: readonly Effect[],
  options: ApplyOptions = {},
): Promise<EffectsOutcome> {
  const out: EffectsOutcome = { mol, notices: [], problems: [], dispatched: [] };
  await carryOut(ctx, store, proto, effects, options, out, 0);
  if (touchesSteps(effects))
    await attempt(ctx, out, 'update the molecule check run', () => moleculeCheck(ctx, out.mol));
  return out;
}

async function carryOut(
  ctx: HandlerContext,
  store: MoleculeStore,
  proto: Proto,
  effects: readonly Effect[],
  options: ApplyOptions,
  out: EffectsOutcome,
  depth: number,
): Promise<void> {
  const defs = new Map(proto.steps.map((s) => [s.id, s]));
  for (const effect of effects) {
    const mol = out.mol;
    switch (effect.type) {
      case 'dispatch':
        await attempt(ctx, out, `start step "${effect.step}"`, () =>
          dispatch(ctx, mol, defs.get(effect.step), effect.baseBranches, out),
        );
        break;
      case 'evaluate-gates': {
        if (depth >= MAX_DEPTH) break;
        const results = await attemptValue(ctx, out, `check the gates of step "${effect.step}"`, () =>
          judgeAppGates(ctx, mol, effect.step, effect.gates),
        );
        const waiting = effect.gates.filter((g) => !results?.some((r) => r.type === g.type));
        if (waiting.length > 0)
          out.notices.push(
            waitingSentence(
              effect.step,
              waiting.map((g) => g.type),
            ),
          );
        if (!results || results.length === 0) break;
        const change = await changeMolecule(
          store,
          proto,
          mol.id,
          { type: 'gates', step: effect.step, gates: results },
          ctx.now(),
        );
        if (!change.ok) {
          out.problems.push(
            `the gate results of step "${effect.step}" could not be recorded: ${change.error.message}`,
          );
          break;
        }
        out.mol = change.value.mol;
        await carryOut(ctx, store, proto, change.value.effects, options, out, depth + 1);
        break;
      }
      case 'check-run':
        await attempt(ctx, out, `report the check run of step "${effect.step}"`, () =>
          stepCheck(ctx, mol, effect.step, effect.status, effect.gates, effect.commit),
        );
        break;
      case 'step-status': {
        // The engine reports gates as they are judged; a skip or retry of a gated step moves its
        // check run too, so the buttons people see match the state.
        const gated = (defs.get(effect.step)?.gates.length ?? 0) > 0;
        if (gated && !effects.some((e) => e.type === 'check-run' && e.step === effect.step)) {
          const state = mol.steps.find((s) => s.id === effect.step);
          await attempt(ctx, out, `report the check run of step "${effect.step}"`, () =>
            stepCheck(ctx, mol, effect.step, effect.to, state?.gates ?? [], undefined),
          );
        }
        if (ctx.config.step_issues && (effect.to === 'completed' || effect.to === 'skipped')) {
          await attempt(ctx, out, `close the sub-issue of step "${effect.step}"`, () =>
            closeStepIssue(ctx, mol, effect.step, effect.to === 'completed' ? 'completed' : 'not_planned'),
          );
        }
        break;
      }
      case 'labels':
        await attempt(ctx, out, 'update the state labels', () =>
          removeLabels(ctx, mol, effect.remove, options.siblings ?? []),
        );
        break;
      case 'delete-branches':
        await deleteBranchesOnce(ctx, mol, out);
        break;
      case 'molecule-status':
        // Burn and squash clear molecular/<id>/ even when no step recorded a branch (a job that died mid-push).
        if ((effect.to === 'burned' || effect.to === 'squashed') && mol.execution === 'distributed') {
          await deleteBranchesOnce(ctx, mol, out);
        }
        break;
      case 'reset-branch':
        await attempt(ctx, out, 'roll back the branch', () => resetBranch(ctx, mol, effect, out));
        break;
      case 'nudge':
        await attempt(ctx, out, `nudge step "${effect.step}"`, () =>
          nudge(ctx, mol, defs.get(effect.step), effect.idleMs),
        );
        break;
      case 'notice':
        if (effect.level === 'warning') ctx.log.warn(`${mol.id}: ${effect.message}`);
        out.notices.push(effect.message);
        break;
      case 'archive':
        break;
    }
  }
}

const cleared = new WeakSet<EffectsOutcome>();

async function deleteBranchesOnce(ctx: HandlerContext, mol: Molecule, out: EffectsOutcome): Promise<void> {
  if (cleared.has(out)) return;
  cleared.add(out);
  await attempt(ctx, out, 'delete the molecule branches', async () => {
    const deleted = await deleteMoleculeBranches(ctx.octokit, ctx.repo, mol.id);
    if (deleted.length > 0)
      ctx.log.info(`deleted ${deleted.length} branch(es) of ${mol.id}: ${deleted.join(', ')}`);
  });
}

/** Steps a job runs: on GitHub no command runs outside an Actions job (DESIGN §7, §9). */
export function runsInJob(mol: Molecule, def: ProtoStep | undefined): boolean {
  if (def?.type !== 'task') return false;
  return mol.execution === 'distributed' || def.run !== undefined;
}

async function dispatch(
  ctx: HandlerContext,
  mol: Molecule,
  def: ProtoStep | undefined,
  baseBranches: string[],
  out: EffectsOutcome,
): Promise<void> {
  if (!runsInJob(mol, def) || !def) return;
  const ref = await defaultBranch(ctx);
  const done = await dispatchStep(ctx.octokit, ctx.repo, {
    workflow: ctx.config.step_workflow,
    ref,
    // Git ref names hold no spaces, so several parents' branches travel as one input.
    inputs: {
      molecule: mol.id,
      step: def.id,
      base: baseBranches.length > 0 ? baseBranches.join(' ') : mol.base.ref,
    },
  });
  if (done.ok) out.dispatched.push(def.id);
  else out.problems.push(`step "${def.id}" was not started: ${done.error.message}`);
}

function waitingSentence(step: string, types: string[]): string {
  const hints = [...new Set(types)].map((type) =>
    type === 'approval'
      ? `approval (\`/mol approve ${step}\`)`
      : APP_GATE_TYPES.has(type as never)
        ? type
        : `${type} (judged by the step job)`,
  );
  return `step "${step}" waits for its gates: ${hints.join(', ')}`;
}

/** A gated step's check run on the commit it produced (or the PR head); none without a commit. */
async function stepCheck(
  ctx: HandlerContext,
  mol: Molecule,
  step: string,
  status: StepStatus,
  gates: GateResult[],
  commit: string | undefined,
): Promise<void> {
  const sha = commit ?? mol.steps.find((s) => s.id === step)?.checkpoint?.commit ?? prHead(mol);
  if (sha === undefined) return; // nothing to attach it to: the state comment shows the gates
  const done = await upsertRememberedCheckRun(
    ctx,
    stepCheckRun({ formula: mol.formula.name, molId: mol.id, step, status, gates, headSha: sha }),
  );
  if (!done.ok) throw new Error(done.error.message);
}

/** The commit a PR molecule's checks go on: its head when it was poured. */
function prHead(mol: Molecule): string | undefined {
  return mol.subject.pr !== undefined ? mol.base.sha : undefined;
}

function touchesSteps(effects: readonly Effect[]): boolean {
  return effects.some((e) => e.type === 'step-status' || e.type === 'molecule-status');
}

async function moleculeCheck(ctx: HandlerContext, mol: Molecule): Promise<void> {
  const head = prHead(mol);
  if (head === undefined) return;
  const done = await upsertRememberedCheckRun(ctx, moleculeCheckRun(mol, head));
  if (!done.ok) ctx.log.warn(done.error.message);
}

async function removeLabels(
  ctx: HandlerContext,
  mol: Molecule,
  remove: string[],
  siblings: readonly Molecule[],
): Promise<void> {
  const issue = mol.subject.issue ?? mol.subject.pr;
  if (issue === undefined) return;
  const stillNeeded = new Set(siblings.filter((s) => s.id !== mol.id).map((s) => statusLabel(s.status)));
  stillNeeded.add(statusLabel(mol.status));
  for (const name of remove.filter((n) => !stillNeeded.has(n))) {
    try {
      await ctx.octokit.request('DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}', {
        ...ctx.repo,
        issue_number: issue,
        name,
      });
    } catch (error) {
      if (httpStatus(error) !== 404) throw error;
    }
  }
}

async function resetBranch(
  ctx: HandlerContext,
  mol: Molecule,
  effect: Extract<Effect, { type: 'reset-branch' }>,
  out: EffectsOutcome,
): Promise<void> {
  if (mol.execution !== 'distributed') {
    // A local molecule's commits are on its base branch, which Molecular never rewrites on GitHub.
    out.notices.push(`the commits on ${mol.base.ref} were left as they are; steps run again from there`);
    return;
  }
  if (effect.step === undefined || effect.commit === undefined) return;
  const moved = await resetStepBranch(ctx.octokit, ctx.repo, mol.id, effect.step, effect.commit);
  out.notices.push(
    moved
      ? `branch molecular/${mol.id}/${effect.step} is back at ${effect.commit.slice(0, 7)}`
      : `step "${effect.step}" has no branch to roll back`,
  );
}

async function nudge(
  ctx: HandlerContext,
  mol: Molecule,
  def: ProtoStep | undefined,
  idleMs: number,
): Promise<void> {
  const issue = mol.subject.issue ?? mol.subject.pr;
  if (issue === undefined || !def) return;
  const who = def.assignee ? `@${def.assignee.replace(/^@/, '')} ` : '';
  await reply(
    ctx.octokit,
    ctx.repo,
    issue,
    `⏰ ${who}step \`${def.id}\` of molecule \`${mol.id}\` has been in progress for ${formatDuration(idleMs)} with no news. Report it with \`/mol done ${def.id}\` or \`/mol fail ${def.id} <reason>\`.`,
  );
}

async function attempt(
  ctx: HandlerContext,
  out: EffectsOutcome,
  what: string,
  fn: () => Promise<unknown>,
): Promise<void> {
  await attemptValue(ctx, out, what, fn);
}

async function attemptValue<T>(
  ctx: HandlerContext,
  out: EffectsOutcome,
  what: string,
  fn: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await fn();
  } catch (error) {
    const status = httpStatus(error);
    const sentence = `could not ${what}: GitHub answered ${status ?? 'nothing'}: ${httpMessage(error)}`;
    ctx.log.warn(sentence);
    out.problems.push(sentence);
    return undefined;
  }
}
