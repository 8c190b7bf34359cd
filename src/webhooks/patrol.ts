/**
 * The patrol round (the shell's) over a repository on GitHub, shared by the App's timer and the
 * Action's `patrol` mode: the survey is one GraphQL query over the issues, a lease holder is alive
 * while its Actions run is, the gates judged again are those that wait on time, CI or a merge,
 * and each decision goes through the handlers' write path with its effects.
 */

import { type Molecule, type MoleculeEvent, ok, parseDuration, type Result } from '../engine/index.js';
import { DEFAULT_EDIT_WINDOW_MS } from '../github/comment-trust.js';
import { budgetOf } from '../github/rate-budget.js';
import { type Survey, type SurveyPage, surveyMolecules } from '../github/survey.js';
import { runMayBeAlive } from '../github/workflow-runs.js';
import { outcomeLabel, type PatrolWrite, patrolRound } from '../shell/patrol-round.js';
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
  /** Why the round did not run: the rate budget is nearly spent (rate-budget.ts). */
  deferred?: string;
}

export interface PatrolOptions {
  /** Run look-ups per round, to see whether lease holders are alive (default 30). */
  maxRunLookups?: number;
  /** The survey's first page, already read with the config (src/github/patrol-snapshot.ts). */
  firstPage?: SurveyPage;
}

export async function runPatrol(ctx: HandlerContext, options: PatrolOptions = {}): Promise<PatrolReport> {
  // Patrol can wait for the next round; the budget left is for the writes of running molecules.
  const budget = budgetOf(ctx.octokit);
  if (budget?.low()) {
    return { surveyed: 0, done: [], problems: [], deferred: `the rate budget is low (${budget.describe()})` };
  }
  const store = openStore(ctx);
  const round = await patrolRound(
    {
      survey: () => survey(ctx, options.firstPage),
      protoOf: (mol) => loadProto(ctx, mol),
      thresholds: {
        nudgeAfterMs: parseDuration(ctx.config.nudge_after) ?? 2 * 3_600_000,
        defaultTimeoutMs: parseDuration(ctx.config.stuck_after),
        redispatchAfterMs: parseDuration(ctx.config.redispatch_after),
      },
      liveRuns: (molecules) => liveRuns(ctx, molecules, options.maxRunLookups ?? 30),
      // Stale ref locks are taken over by the next writer (ref-lock.ts): no releaseLock.
      write: (found, event, action) => write(ctx, store, found.mol, event, action !== undefined),
      judgeGates: async ({ mol, proto }, step) => {
        const gates =
          proto.steps.find((s) => s.id === step.id)?.gates.filter((g) => APP_GATE_TYPES.has(g.type)) ?? [];
        return gates.length === 0 ? [] : judgeAppGates(ctx, proto, mol, step.id, gates);
      },
    },
    ctx.now(),
  );
  const report: PatrolReport = { surveyed: round.surveyed, done: [], problems: [] };
  for (const outcome of round.outcomes) {
    if (outcome.status === 'done') report.done.push(outcomeLabel(outcome));
    else if (outcome.status === 'failed') report.problems.push(`${outcomeLabel(outcome)}: ${outcome.error}`);
  }
  report.problems.unshift(...round.problems);
  return report;
}

/** One GraphQL call per 100 issues with their comments, not a REST call per issue. */
async function survey(
  ctx: HandlerContext,
  firstPage: SurveyPage | undefined,
): Promise<{ molecules: Molecule[]; problems: string[] }> {
  let found: Survey;
  try {
    found = await surveyMolecules(ctx.octokit, ctx.repo, {
      ...(firstPage ? { firstPage } : {}),
      trust: {
        writers: ctx.identity.trusted,
        ...(ctx.stateKey ? { key: ctx.stateKey } : {}),
        editWindowMs: DEFAULT_EDIT_WINDOW_MS,
      },
    });
  } catch (error) {
    return {
      molecules: [],
      problems: [`the survey of active molecules failed: ${(error as Error).message}`],
    };
  }
  for (const rejected of found.rejected) {
    ctx.log.warn(`${rejected.error.code}: ${rejected.error.message}`);
    ctx.onRejectedState?.(rejected.comment, rejected.error);
  }
  return { molecules: found.molecules.map(({ mol }) => mol), problems: [] };
}

/** Through the handlers' write path; problems after a patrol decision are said on the molecule's issue. */
async function write(
  ctx: HandlerContext,
  store: ReturnType<typeof openStore>,
  mol: Molecule,
  event: MoleculeEvent,
  tell: boolean,
): Promise<Result<PatrolWrite>> {
  const result = await applyToMolecule(ctx, store, mol.id, event);
  if (!result.ok) return result;
  const { change, outcome } = result.value;
  if (outcome && tell) await tellProblems(ctx, outcome.mol, outcome.problems);
  return ok({
    mol: outcome?.mol ?? change.mol,
    changed: change.changed,
    problems: tell ? (outcome?.problems ?? []) : [],
  });
}

/**
 * Run ids of step leases that are still running. Runs not looked up (over the budget) count as
 * alive: patrol never re-dispatches on a guess.
 */
async function liveRuns(
  ctx: HandlerContext,
  molecules: ReadonlyArray<{ mol: Molecule }>,
  budget: number,
): Promise<ReadonlySet<string>> {
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
    if (await runMayBeAlive(ctx.octokit, ctx.repo, Number(id))) alive.add(id);
  }
  return alive;
}
