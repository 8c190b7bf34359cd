/**
 * One patrol round over a repository (DESIGN §8), shared by the App's timer and the Action's
 * `patrol` mode: survey the live molecules, ask the engine what is stuck (`patrolDecisions`:
 * timeouts, expired leases, runs that are gone, idle steps to nudge, expired wisps), apply each
 * decision as an event (whose own guards refuse it if the world moved on), and judge again the
 * gates that wait on time, CI or a merge. Nothing stuck, nothing written.
 */

import type { Proto } from '../engine/cook/proto.js';
import { parseDuration } from '../engine/duration.js';
import { isLive } from '../engine/index.js';
import type { Molecule } from '../engine/molecule/molecule-schema.js';
import { type PatrolAction, patrolDecisions, toEvent } from '../engine/molecule/patrol-decisions.js';
import { httpStatus } from '../github/client.js';
import { DEFAULT_EDIT_WINDOW_MS } from '../github/comment-trust.js';
import { type Survey, surveyMolecules } from '../github/survey.js';
import { APP_GATE_TYPES, judgeAppGates } from './app-gates.js';
import type { HandlerContext } from './handler-context.js';
import { loadProto } from './load-proto.js';
import { openStore } from './molecule-store.js';
import { applyToMolecule } from './step-event.js';
import { tellProblems } from './tell-problems.js';

export interface PatrolReport {
  surveyed: number;
  /** What was done, one line each (`timeout 12-a1b2c3/build`). */
  done: string[];
  /** What could not be done or read. */
  problems: string[];
}

export interface PatrolOptions {
  /** Run look-ups per round, to see whether lease holders are alive (default 30). */
  maxRunLookups?: number;
}

export async function runPatrol(ctx: HandlerContext, options: PatrolOptions = {}): Promise<PatrolReport> {
  const report: PatrolReport = { surveyed: 0, done: [], problems: [] };
  const store = openStore(ctx);
  // One GraphQL call per 100 issues with their comments, not a REST call per issue (DESIGN §8).
  let survey: Survey;
  try {
    survey = await surveyMolecules(ctx.octokit, ctx.repo, {
      trust: {
        writers: ctx.identity.trusted,
        ...(ctx.stateKey ? { key: ctx.stateKey } : {}),
        editWindowMs: DEFAULT_EDIT_WINDOW_MS,
      },
    });
  } catch (error) {
    report.problems.push(`the survey of active molecules failed: ${(error as Error).message}`);
    return report;
  }
  for (const rejected of survey.rejected) {
    ctx.log.warn(`${rejected.error.code}: ${rejected.error.message}`);
    ctx.onRejectedState?.(rejected.comment, rejected.error);
  }
  const molecules: Array<{ proto: Proto; mol: Molecule }> = [];
  for (const { mol } of survey.molecules) {
    // A complete molecule waits for a squash, not for patrol.
    if (!isLive(mol.status)) continue;
    const proto = await loadProto(ctx, mol);
    if (proto.ok) molecules.push({ proto: proto.value, mol });
    else report.problems.push(proto.error.message);
  }
  report.surveyed = molecules.length;
  const now = ctx.now();
  const actions = patrolDecisions({
    now,
    molecules,
    thresholds: {
      nudgeAfterMs: parseDuration(ctx.config.nudge_after) ?? 2 * 3_600_000,
      defaultTimeoutMs: parseDuration(ctx.config.stuck_after),
      redispatchAfterMs: parseDuration(ctx.config.redispatch_after),
    },
    liveRuns: await liveRuns(ctx, molecules, options.maxRunLookups ?? 30),
  });
  for (const action of actions) await act(ctx, store, action, report);
  for (const { proto, mol } of molecules) await rejudgeGates(ctx, store, proto, mol, report);
  return report;
}

async function act(
  ctx: HandlerContext,
  store: ReturnType<typeof openStore>,
  action: PatrolAction,
  report: PatrolReport,
): Promise<void> {
  const event = toEvent(action);
  if (!event) return; // stale ref locks are taken over by the next writer (ref-lock.ts)
  const label = `${action.type} ${action.molId}${'step' in action ? `/${action.step}` : ''}`;
  const result = await applyToMolecule(ctx, store, action.molId, event);
  if (!result.ok) {
    report.problems.push(`${label}: ${result.error.message}`);
    return;
  }
  if (result.value.change.changed) report.done.push(label);
  if (result.value.outcome) {
    report.problems.push(...result.value.outcome.problems);
    await tellProblems(ctx, result.value.outcome.mol, result.value.outcome.problems);
  }
}

/** Gates that wait on time, CI or a merge, asked again; each decided answer is applied. */
async function rejudgeGates(
  ctx: HandlerContext,
  store: ReturnType<typeof openStore>,
  proto: Proto,
  mol: Molecule,
  report: PatrolReport,
): Promise<void> {
  for (const step of mol.steps) {
    if (step.status !== 'awaiting_gate') continue;
    const gates =
      proto.steps.find((s) => s.id === step.id)?.gates.filter((g) => APP_GATE_TYPES.has(g.type)) ?? [];
    if (gates.length === 0) continue;
    const results = await judgeAppGates(ctx, mol, step.id, gates);
    if (results.length === 0) continue;
    const applied = await applyToMolecule(ctx, store, mol.id, {
      type: 'gates',
      step: step.id,
      gates: results,
    });
    if (applied.ok && applied.value.change.changed) report.done.push(`gates ${mol.id}/${step.id}`);
    else if (!applied.ok) report.problems.push(`gates ${mol.id}/${step.id}: ${applied.error.message}`);
  }
}

/**
 * Run ids of step leases that are still running. Runs not looked up (over the budget) count as
 * alive: patrol never re-dispatches on a guess.
 */
async function liveRuns(
  ctx: HandlerContext,
  molecules: ReadonlyArray<{ mol: Molecule }>,
  budget: number,
): Promise<Set<string>> {
  const ids = [
    ...new Set(
      molecules.flatMap(({ mol }) =>
        mol.steps.flatMap((s) => (s.status === 'in_progress' && s.lease?.runId ? [s.lease.runId] : [])),
      ),
    ),
  ];
  const alive = new Set<string>(ids.slice(budget));
  for (const id of ids.slice(0, budget)) {
    if (!/^\d+$/.test(id)) {
      alive.add(id); // not an Actions run id: nothing to ask
      continue;
    }
    try {
      const { data } = await ctx.octokit.request('GET /repos/{owner}/{repo}/actions/runs/{run_id}', {
        ...ctx.repo,
        run_id: Number(id),
      });
      if (data.status !== 'completed') alive.add(id);
    } catch (error) {
      if (httpStatus(error) !== 404) alive.add(id);
    }
  }
  return alive;
}
