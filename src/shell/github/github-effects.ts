/**
 * The GitHub half of "the engine decides, the shell does": the handlers the shell's effect loop
 * (src/shell/carry-out.ts) calls for the App and the Action, each carried out through src/github.
 * A failed call becomes a problem for the reply and the log; it never undoes the change.
 *
 * - dispatch: `workflow_dispatch` of the step workflow for steps a job runs (every task step of a
 *   distributed formula; steps with `run` of a local one). Human and agent steps of a local
 *   formula wait for `/mol done`: the App never runs a command itself.
 * - evaluate-gates: the gates this face can judge (app-gates.ts); the others are named as waiting.
 * - check-run: the step's check run on its commit; the molecule's own check on its PR head.
 * - labels: removals (the store adds the new state label itself), sparing labels that another
 *   live molecule on the same issue still needs.
 * - delete-branches / reset-branch: the molecule's branches through the git refs API.
 * - nudge: a comment to whoever holds the step.
 */

import {
  type Effect,
  formatDuration,
  GATE_JUDGES,
  type GateResult,
  type GateType,
  gatedCommit,
  judgedOnReady,
  type Molecule,
  type MoleculeStore,
  moleculeLabel,
  type Proto,
  type ProtoStep,
  redeliveryHint,
  type StepStatus,
  TERMINAL_STEP_STATUSES,
  withFanouts,
} from '../../engine/index.js';
import { deleteMoleculeBranches, resetStepBranch } from '../../github/branches.js';
import { moleculeCheckRun, stepCheckRun } from '../../github/check-runs.js';
import { httpMessage, httpStatus } from '../../github/client.js';
import { dispatchStep } from '../../github/dispatch.js';
import { removeLabels } from '../../github/labels.js';
import { reply } from '../../github/reply.js';
import { carryOut } from '../carry-out.js';
import type { EffectHandlers, EffectsOutcome } from '../effect-handlers.js';
import { baseBranchesOf } from '../step/step-inputs.js';
import { upsertRememberedCheckRun } from './check-run-ids.js';
import { defaultBranch } from './default-branch.js';
import { deliverPullRequest } from './deliver-pull-request.js';
import type { GitHubContext } from './github-context.js';
import { judgeAppGates, judgedOnGitHub } from './github-gates.js';
import { closeStepIssue } from './step-issues.js';

export interface GitHubEffectsOptions {
  /** Other live molecules on the same issue: labels they need stay. */
  siblings?: readonly Molecule[];
}

/** Carries out `effects` on GitHub, then brings the molecule's own check run up to date. */
export async function carryOutOnGitHub(
  ctx: GitHubContext,
  store: MoleculeStore,
  mol: Molecule,
  proto: Proto,
  effects: readonly Effect[],
  options: GitHubEffectsOptions = {},
): Promise<EffectsOutcome> {
  const out = await carryOut(
    { store, proto, now: () => ctx.now() },
    mol,
    effects,
    githubEffectHandlers(ctx, proto, options),
  );
  if (touchesSteps(effects))
    await attempt(ctx, out, 'update the molecule check run', () => moleculeCheck(ctx, out.mol));
  return out;
}

export function githubEffectHandlers(
  ctx: GitHubContext,
  proto: Proto,
  options: GitHubEffectsOptions = {},
): EffectHandlers {
  // A write may have fanned a step out (on_complete): its children are in the molecule, not in the
  // proto that was loaded before it, so each effect reads the steps of the molecule it is about.
  const protoOf = (mol: Molecule) => withFanouts(proto, mol);
  const defOf = (mol: Molecule, step: string) => protoOf(mol).steps.find((s) => s.id === step);
  let branchesCleared = false;
  const deleteBranchesOnce = async (mol: Molecule, out: EffectsOutcome) => {
    if (branchesCleared) return;
    branchesCleared = true;
    await attempt(ctx, out, 'delete the molecule branches', async () => {
      const deleted = await deleteMoleculeBranches(ctx.octokit, ctx.repo, mol.id);
      if (deleted.length > 0)
        ctx.log.info(`deleted ${deleted.length} branch(es) of ${mol.id}: ${deleted.join(', ')}`);
    });
  };

  return {
    async judgeGates(mol, step, gates, out) {
      const results = await attemptValue(ctx, out, `check the gates of step "${step}"`, () =>
        judgeAppGates(ctx, protoOf(mol), mol, step, gates),
      );
      const waiting = gates.filter((g) => !results?.some((r) => r.type === g.type));
      // No job was dispatched for a gate step (it has no work): one is started to judge the
      // gates that need a checkout.
      const def = defOf(mol, step);
      if (def && judgedOnReady(def) && waiting.some((g) => GATE_JUDGES[g.type] === 'workspace')) {
        await attempt(ctx, out, `start the job that judges the gates of step "${step}"`, () =>
          dispatchJob(ctx, mol, def, baseBranchesOf(protoOf(mol), mol, def), out),
        );
      }
      if (waiting.length > 0)
        out.notices.push(
          waitingSentence(
            step,
            waiting.map((g) => g.type),
          ),
        );
      return results ?? [];
    },

    async deliver(effect, mol, out) {
      const host = {
        octokit: ctx.octokit,
        repo: ctx.repo,
        defaultBranch: () => defaultBranch(ctx),
        ...(ctx.deliveryNotes ? { notes: ctx.deliveryNotes } : {}),
      };
      const events = await attemptValue(
        ctx,
        out,
        'deliver the work as a pull request',
        () => deliverPullRequest(host, proto, mol, effect),
        tokenFix,
      );
      // The problem, told on the issue, says whether patrol tries again and how to ask at once.
      if (events === undefined && out.problems.length > 0)
        out.problems[out.problems.length - 1] += `; ${redeliveryHint(mol)}`;
      // The job's log (a warning annotation on the run) and whoever reads the reply.
      if (events?.some((e) => e.type === 'delivered'))
        for (const note of ctx.deliveryNotes ?? []) {
          ctx.log.warn(note);
          out.notices.push(note);
        }
      return events ?? [];
    },

    async carry(effect, mol, batch, out) {
      switch (effect.type) {
        case 'dispatch':
          await attempt(ctx, out, `start step "${effect.step}"`, () =>
            dispatch(ctx, mol, defOf(mol, effect.step), effect.baseBranches, out),
          );
          break;
        case 'check-run':
          await attempt(ctx, out, `report the check run of step "${effect.step}"`, () =>
            stepCheck(ctx, protoOf(mol), mol, effect.step, effect.status, effect.gates, effect.commit),
          );
          break;
        case 'step-status': {
          // The engine reports gates as they are judged; a skip or retry of a gated step moves its
          // check run too, so the buttons people see match the state.
          const def = defOf(mol, effect.step);
          if (
            def &&
            def.gates.length > 0 &&
            !batch.some((e) => e.type === 'check-run' && e.step === effect.step)
          ) {
            const state = mol.steps.find((s) => s.id === effect.step);
            // A step that starts again (a retry) has no results for this attempt: its gates are
            // listed as not judged yet, whatever the attempt before left.
            const gates =
              TERMINAL_STEP_STATUSES.has(effect.to) && state?.gates?.length ? state.gates : notJudged(def);
            // A finished run keeps its conclusion on GitHub: a step that starts again gets a new run.
            const fresh = TERMINAL_STEP_STATUSES.has(effect.from) && !TERMINAL_STEP_STATUSES.has(effect.to);
            await attempt(ctx, out, `report the check run of step "${effect.step}"`, () =>
              stepCheck(ctx, protoOf(mol), mol, effect.step, effect.to, gates, undefined, fresh),
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
            removeStateLabels(ctx, mol, effect.remove, options.siblings ?? []),
          );
          break;
        case 'delete-branches':
          await deleteBranchesOnce(mol, out);
          break;
        case 'molecule-status':
          // Burn and squash clear molecular/<id>/ even when no step recorded a branch (a job that died mid-push).
          if ((effect.to === 'burned' || effect.to === 'squashed') && mol.execution === 'distributed') {
            await deleteBranchesOnce(mol, out);
          }
          break;
        case 'reset-branch':
          await attempt(ctx, out, 'roll back the branch', () => resetBranch(ctx, mol, effect, out));
          break;
        case 'nudge':
          await attempt(ctx, out, `nudge step "${effect.step}"`, () =>
            nudge(ctx, mol, defOf(mol, effect.step), effect.idleMs),
          );
          break;
        case 'notice':
          if (effect.level === 'warning') ctx.log.warn(`${mol.id}: ${effect.message}`);
          out.notices.push(effect.message);
          break;
        case 'archive':
          break;
      }
    },
  };
}

/** Steps a job runs: on GitHub no command runs outside an Actions job. */
export function runsInJob(mol: Molecule, def: ProtoStep | undefined): boolean {
  if (def?.type !== 'task') return false;
  return mol.execution === 'distributed' || def.run !== undefined;
}

async function dispatch(
  ctx: GitHubContext,
  mol: Molecule,
  def: ProtoStep | undefined,
  baseBranches: string[],
  out: EffectsOutcome,
): Promise<void> {
  if (!runsInJob(mol, def) || !def) return;
  await dispatchJob(ctx, mol, def, baseBranches, out);
}

async function dispatchJob(
  ctx: GitHubContext,
  mol: Molecule,
  def: ProtoStep,
  baseBranches: string[],
  out: EffectsOutcome,
): Promise<void> {
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
      : judgedOnGitHub(type as GateType)
        ? type
        : `${type} (judged by the step job)`,
  );
  return `step "${step}" waits for its gates: ${hints.join(', ')}`;
}

function notJudged(def: ProtoStep): GateResult[] {
  return def.gates.map((g) => ({ type: g.type, passed: null, detail: 'not judged yet' }));
}

/** A gated step's check run on the commit its gates are about (or the PR head); none without a commit. */
async function stepCheck(
  ctx: GitHubContext,
  proto: Proto,
  mol: Molecule,
  step: string,
  status: StepStatus,
  gates: GateResult[],
  commit: string | undefined,
  fresh = false,
): Promise<void> {
  const sha = commit ?? gatedCommit(proto, mol, step) ?? prHead(mol);
  if (sha === undefined) return; // nothing to attach it to: the state comment shows the gates
  const usage = mol.steps.find((s) => s.id === step)?.usage;
  const done = await upsertRememberedCheckRun(
    ctx,
    stepCheckRun({
      formula: mol.formula.name,
      molId: mol.id,
      step,
      status,
      gates,
      headSha: sha,
      ...(mol.delivery?.pr === undefined ? {} : { pull: { number: mol.delivery.pr, url: mol.delivery.url } }),
      fresh,
      ...(usage === undefined ? {} : { usage }),
    }),
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

async function moleculeCheck(ctx: GitHubContext, mol: Molecule): Promise<void> {
  const head = prHead(mol);
  if (head === undefined) return;
  const done = await upsertRememberedCheckRun(ctx, moleculeCheckRun(mol, head));
  if (!done.ok) ctx.log.warn(done.error.message);
}

async function removeStateLabels(
  ctx: GitHubContext,
  mol: Molecule,
  remove: string[],
  siblings: readonly Molecule[],
): Promise<void> {
  const issue = mol.subject.issue ?? mol.subject.pr;
  if (issue === undefined) return;
  const stillNeeded = new Set(siblings.filter((s) => s.id !== mol.id).map(moleculeLabel));
  stillNeeded.add(moleculeLabel(mol));
  await removeLabels(
    ctx.octokit,
    ctx.repo,
    issue,
    remove.filter((n) => !stillNeeded.has(n)),
  );
}

async function resetBranch(
  ctx: GitHubContext,
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
  ctx: GitHubContext,
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
  ctx: GitHubContext,
  out: EffectsOutcome,
  what: string,
  fn: () => Promise<unknown>,
): Promise<void> {
  await attemptValue(ctx, out, what, fn);
}

async function attemptValue<T>(
  ctx: GitHubContext,
  out: EffectsOutcome,
  what: string,
  fn: () => Promise<T>,
  fix: (error: unknown) => string | undefined = () => undefined,
): Promise<T | undefined> {
  try {
    return await fn();
  } catch (error) {
    const status = httpStatus(error);
    const how = fix(error);
    const sentence = `could not ${what}: GitHub answered ${status ?? 'nothing'}: ${httpMessage(error)}${how === undefined ? '' : ` (${how})`}`;
    ctx.log.warn(sentence);
    out.problems.push(sentence);
    return undefined;
  }
}

/**
 * GitHub's 403 to a token that may not open pull requests stays until a person changes a setting:
 * the sentence names it (trying again meanwhile only spends patrol's backed-off tries).
 */
function tokenFix(error: unknown): string | undefined {
  if (httpStatus(error) !== 403 || !/pull request/i.test(httpMessage(error))) return undefined;
  return 'the token may not open pull requests: allow it under the repository\'s Settings → Actions → General → Workflow permissions ("Allow GitHub Actions to create and approve pull requests"), or give the App or token pull requests: write';
}
