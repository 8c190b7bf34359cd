/**
 * The gates a GitHub face can judge without a checkout: `timer` (from when the step began
 * waiting), `checks` (CI check runs on the commit the step produced) and `pr-merged` (the
 * molecule's pull request). Command, files and schema gates need the step's files and are judged
 * by the step job (the Action's `step` mode), which reports them; approval waits for `/mol approve`.
 * A result of `null` means "still waiting": patrol asks again later.
 */

import {
  type GateResult,
  gatedCommit,
  judgeTimer,
  type Molecule,
  type Proto,
  type ProtoGate,
} from '../../engine/index.js';
import { latestCheckRuns } from '../../github/check-runs.js';
import { httpStatus } from '../../github/client.js';
import { getPull } from '../../github/pulls.js';
import type { GitHubContext } from './github-context.js';

export const APP_GATE_TYPES: ReadonlySet<ProtoGate['type']> = new Set(['timer', 'checks', 'pr-merged']);

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
    let result: GateResult | undefined;
    if (gate.type === 'timer') result = judgeTimer(gate.after, step.awaitingSince, ctx.now());
    else if (gate.type === 'checks')
      result = await checksGate(ctx, gate.names, gatedCommit(proto, mol, stepId));
    else if (gate.type === 'pr-merged') result = await prMergedGate(ctx, mol.subject.pr);
    if (result && result.passed !== null) results.push(result);
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
