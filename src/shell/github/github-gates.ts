/**
 * The gates a GitHub face can judge without a checkout (its table in the engine's gate registry):
 * `timer` (from when the step began waiting), `checks` (CI check runs on the commit the step
 * produced), `pr-merged` (the molecule's pull request) and `conditional` (the vars). Command, files and schema gates need the step's files and are judged
 * by the step job (the Action's `step` mode), which reports them; approval waits for `/mol approve`.
 * A result of `null` means "still waiting": patrol asks again later.
 */

import {
  type GateJudges,
  type GateResult,
  gatedCommit,
  judgeConditional,
  judgeGate,
  judgesHere,
  judgeTimer,
  type Molecule,
  type Proto,
  type ProtoGate,
  type StepState,
} from '../../engine/index.js';
import { latestCheckRuns } from '../../github/check-runs.js';
import { httpStatus } from '../../github/client.js';
import { getPull } from '../../github/pulls.js';
import type { GitHubContext } from './github-context.js';

interface GateScene {
  ctx: GitHubContext;
  proto: Pick<Proto, 'steps'>;
  mol: Molecule;
  step: StepState;
}

/** What GitHub judges: the clock, check runs, the pull request and the vars; the rest waits for a job or a person. */
export const GITHUB_JUDGES: GateJudges<GateScene> = {
  timer: (gate, { ctx, step }) => judgeTimer(gate.after, step.awaitingSince, ctx.now()),
  checks: (gate, { ctx, proto, mol, step }) => checksGate(ctx, gate.names, gatedCommit(proto, mol, step.id)),
  'pr-merged': (_gate, { ctx, mol }) => prMergedGate(ctx, mol.subject.pr),
  conditional: (gate, { mol }) => judgeConditional(gate, mol.vars),
  command: null,
  files: null,
  schema: null,
  approval: null,
};

/** True for the gate types a GitHub face judges without a checkout. */
export const judgedOnGitHub = (type: ProtoGate['type']): boolean => judgesHere(GITHUB_JUDGES, type);

/** Results for the gates of `stepId` this face can decide now (undecided ones are left out). */
export async function judgeAppGates(
  ctx: GitHubContext,
  proto: Pick<Proto, 'steps'>,
  mol: Molecule,
  stepId: string,
  gates: readonly ProtoGate[],
): Promise<GateResult[]> {
  const step = mol.steps.find((s) => s.id === stepId);
  if (!step) return [];
  const results: GateResult[] = [];
  for (const gate of gates) {
    if (!judgedOnGitHub(gate.type)) continue;
    const result = await judgeGate(GITHUB_JUDGES, gate, { ctx, proto, mol, step });
    if (result.passed !== null) results.push(result);
  }
  return results;
}

const PASSING = new Set(['success', 'neutral', 'skipped']);

async function checksGate(
  ctx: GitHubContext,
  names: string[],
  commit: string | undefined,
): Promise<GateResult> {
  if (commit === undefined)
    return { type: 'checks', passed: null, detail: 'the step recorded no commit yet' };
  const runs = await latestCheckRuns(ctx.octokit, ctx.repo, commit);
  const waiting: string[] = [];
  const failing: string[] = [];
  for (const name of names) {
    const run = runs.find((r) => r.name === name);
    if (run?.status !== 'completed') waiting.push(name);
    else if (!PASSING.has(run.conclusion ?? '')) failing.push(`${name} (${run.conclusion})`);
  }
  if (failing.length > 0) return { type: 'checks', passed: false, detail: `failed: ${failing.join(', ')}` };
  if (waiting.length > 0)
    return { type: 'checks', passed: null, detail: `waiting for ${waiting.join(', ')}` };
  return { type: 'checks', passed: true, detail: `passed on ${commit.slice(0, 7)}: ${names.join(', ')}` };
}

async function prMergedGate(ctx: GitHubContext, pr: number | undefined): Promise<GateResult> {
  if (pr === undefined)
    return { type: 'pr-merged', passed: null, detail: 'the molecule is not on a pull request' };
  try {
    const data = await getPull(ctx.octokit, ctx.repo, pr);
    if (data.merged) return { type: 'pr-merged', passed: true, detail: `#${pr} was merged` };
    if (data.state === 'closed')
      return { type: 'pr-merged', passed: false, detail: `#${pr} was closed without merging` };
    return { type: 'pr-merged', passed: null, detail: `#${pr} is open` };
  } catch (error) {
    if (httpStatus(error) === 404) return { type: 'pr-merged', passed: false, detail: `#${pr} is gone` };
    throw error;
  }
}
