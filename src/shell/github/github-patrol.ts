/**
 * The patrol round (the shell's) over a repository on GitHub, shared by the App's timer and the
 * Action's `patrol` mode: the survey is one GraphQL query over the issues, a lease holder is alive
 * while its Actions run is, the gates judged again are those that wait on time, CI or a merge,
 * and each decision goes through the handlers' write path with its effects.
 */

import {
  codeSpan,
  type Molecule,
  type MoleculeEvent,
  ok,
  type PatrolAction,
  parseDuration,
  type Result,
} from '../../engine/index.js';
import { budgetOf } from '../../github/rate-budget.js';
import { reply } from '../../github/reply.js';
import { type CommentView, DEFAULT_EDIT_WINDOW_MS } from '../../github/store/comment-trust.js';
import { type Survey, type SurveyPage, surveyMolecules } from '../../github/survey.js';
import { runMayBeAlive } from '../../github/workflow-runs.js';
import { outcomeLabel, type PatrolWrite, patrolRound } from '../patrol-round.js';
import { keepDashboard } from './dashboard.js';
import type { GitHubContext } from './github-context.js';
import { judgeAppGates, judgedOnGitHub } from './github-gates.js';
import { openStore } from './molecule-store.js';
import { cachedProto, loadProto } from './repo-proto.js';
import { applyToMolecule } from './step-event.js';
import { tellProblems } from './tell-problems.js';

export interface PatrolReport {
  surveyed: number;
  /** What was done, one line each (`timeout 12-a1b2c3/build`). */
  done: string[];
  /** What could not be done or read. */
  problems: string[];
  /** What became of the dashboard issue (`dashboard: true` only). */
  dashboard?: 'opened' | 'edited' | 'unchanged';
  /** Why the round did not run: the rate budget is nearly spent (rate-budget.ts). */
  deferred?: string;
}

export interface PatrolOptions {
  /** Run look-ups per round, to see whether lease holders are alive (default 30). */
  maxRunLookups?: number;
  /** The survey's first page, already read with the config (src/github/patrol-snapshot.ts). */
  firstPage?: SurveyPage;
}

export async function runPatrol(ctx: GitHubContext, options: PatrolOptions = {}): Promise<PatrolReport> {
  // Patrol can wait for the next round; the budget left is for the writes of running molecules.
  const budget = budgetOf(ctx.octokit);
  if (budget?.low()) {
    return { surveyed: 0, done: [], problems: [], deferred: `the rate budget is low (${budget.describe()})` };
  }
  // The survey read each issue's comments whole: a write's first read of a molecule, handed over once.
  const listed = new Map<number, CommentView[]>();
  const store = openStore({
    ...ctx,
    alreadyListed: (issue) => {
      const comments = listed.get(issue);
      listed.delete(issue);
      return comments;
    },
  });
  let surveyed: Molecule[] = [];
  const round = await patrolRound(
    {
      survey: async () => {
        const found = await survey(ctx, options.firstPage);
        surveyed = found.molecules;
        for (const [issue, comments] of found.listed) listed.set(issue, comments);
        return found;
      },
      protoOf: (mol) => loadProto(ctx, mol),
      thresholds: {
        nudgeAfterMs: parseDuration(ctx.config.nudge_after) ?? 2 * 3_600_000,
        defaultTimeoutMs: parseDuration(ctx.config.stuck_after),
        redispatchAfterMs: parseDuration(ctx.config.redispatch_after),
        // Work no job delivered in that long is as lost as a step no job started.
        redeliverAfterMs: parseDuration(ctx.config.redispatch_after),
      },
      liveRuns: (molecules) => liveRuns(ctx, molecules, options.maxRunLookups ?? 30),
      // Stale ref locks are taken over by the next writer (ref-lock.ts): no releaseLock.
      write: (found, event, action) => write(ctx, store, found.mol, event, action),
      judgeGates: async ({ mol, proto }, step) => {
        const gates =
          proto.steps.find((s) => s.id === step.id)?.gates.filter((g) => judgedOnGitHub(g.type)) ?? [];
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
  if (ctx.config.dashboard) await dashboardOfRound(ctx, surveyed, round.outcomes, report);
  return report;
}

/** The round's one dashboard write, with the molecules as the round left them; a failure is a problem, not a stop. */
async function dashboardOfRound(
  ctx: GitHubContext,
  surveyed: readonly Molecule[],
  outcomes: Awaited<ReturnType<typeof patrolRound>>['outcomes'],
  report: PatrolReport,
): Promise<void> {
  const after = new Map(surveyed.map((m) => [m.id, m]));
  for (const o of outcomes) if (o.mol) after.set(o.mol.id, o.mol);
  try {
    report.dashboard = await keepDashboard(
      {
        octokit: ctx.octokit,
        repo: ctx.repo,
        title: ctx.config.dashboard_title,
        trust: trustOf(ctx),
        now: ctx.now(),
        protoOf: (mol) => cachedProto(ctx, mol),
      },
      { live: [...after.values()], outcomes },
    );
  } catch (error) {
    report.problems.push(`the dashboard issue could not be kept: ${(error as Error).message}`);
  }
}

function trustOf(ctx: GitHubContext) {
  return {
    writers: ctx.identity.trusted,
    ...(ctx.stateKey ? { key: ctx.stateKey } : {}),
    editWindowMs: DEFAULT_EDIT_WINDOW_MS,
  };
}

/** One GraphQL call per 100 issues with their comments, not a REST call per issue. */
async function survey(
  ctx: GitHubContext,
  firstPage: SurveyPage | undefined,
): Promise<{ molecules: Molecule[]; problems: string[]; listed: Map<number, CommentView[]> }> {
  let found: Survey;
  try {
    found = await surveyMolecules(ctx.octokit, ctx.repo, {
      ...(firstPage ? { firstPage } : {}),
      trust: trustOf(ctx),
    });
  } catch (error) {
    return {
      molecules: [],
      problems: [`the survey of active molecules failed: ${(error as Error).message}`],
      listed: new Map(),
    };
  }
  for (const rejected of found.rejected) {
    ctx.log.warn(`${rejected.error.code}: ${rejected.error.message}`);
    ctx.onRejectedState?.(rejected.comment, rejected.error);
  }
  return { molecules: found.molecules.map(({ mol }) => mol), problems: [], listed: found.listed };
}

/**
 * Through the handlers' write path; problems after a patrol decision are said on the molecule's
 * issue, and so is a delivery patrol made again, as `/mol deliver` says it.
 */
async function write(
  ctx: GitHubContext,
  store: ReturnType<typeof openStore>,
  mol: Molecule,
  event: MoleculeEvent,
  action: PatrolAction | undefined,
): Promise<Result<PatrolWrite>> {
  const tell = action !== undefined;
  const result = await applyToMolecule(ctx, store, mol.id, event);
  if (!result.ok) return result;
  const { change, outcome } = result.value;
  if (outcome && tell) await tellProblems(ctx, outcome.mol, outcome.problems);
  if (outcome && action?.type === 'redeliver' && change.changed)
    await tellRedelivered(ctx, outcome.mol, action.try);
  return ok({
    mol: outcome?.mol ?? change.mol,
    changed: change.changed,
    problems: tell ? (outcome?.problems ?? []) : [],
  });
}

/** `/mol deliver`'s answer, for a delivery patrol made: the pull request it is in. */
async function tellRedelivered(ctx: GitHubContext, mol: Molecule, attempt: number): Promise<void> {
  const issue = mol.subject.issue ?? mol.subject.pr;
  const pr = mol.delivery?.pr;
  if (issue === undefined || pr === undefined || mol.delivery?.due !== undefined) return;
  ctx.log.info(`${mol.id}: delivered by patrol (try ${attempt}): #${pr}`);
  try {
    await reply(
      ctx.octokit,
      ctx.repo,
      issue,
      `Molecule ${codeSpan(mol.id)}: its delivery never happened, so patrol delivered it (try ${attempt}): #${pr}`,
    );
  } catch (error) {
    ctx.log.warn(`${mol.id}: could not say on #${issue} that it was delivered: ${(error as Error).message}`);
  }
}

/**
 * Run ids of step leases that are still running. Runs not looked up (over the budget) count as
 * alive: patrol never re-dispatches on a guess.
 */
async function liveRuns(
  ctx: GitHubContext,
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
