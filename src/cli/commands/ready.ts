import { z } from 'zod';
import { isLive } from '../../engine/index.js';
import { EXIT } from '../io.js';
import { loadProto } from '../load-molecule.js';
import { json, STORE } from '../options.js';
import { table } from '../print.js';
import { printJson } from '../print-json.js';
import { contextFor, failWith } from '../verb.js';
import { defineVerb, type VerbCall } from '../verb-spec.js';
import { type WaitReason, waitingSteps } from '../waiting-steps.js';

export const ready = defineVerb({
  name: 'ready',
  summary: 'the steps, across molecules, waiting for a person or ready to run (--json)',
  args: [],
  options: [
    json('the steps (one object each: molecule, formula, step, title, why: human, approval or ready, next)'),
    STORE,
  ],
  examples: ['mol ready', 'mol ready --json=molecule,step,why'],
  run: readyCommand,
});

export const ReadyStepSchema = z.strictObject({
  molecule: z.string(),
  formula: z.string(),
  step: z.string(),
  title: z.string(),
  /** A step no command runs, an approval gate, or a step `mol run` would start. */
  why: z.enum(['human', 'approval', 'ready']),
  /** The command that moves it on. */
  next: z.string(),
});
export type ReadyStep = z.infer<typeof ReadyStepSchema>;

/**
 * `bd ready` for molecules: what a person can do now (a step no command runs, an approval) and what
 * `mol run` would start, oldest molecule first. A paused molecule's ready steps are left out: it
 * starts none until its budget is raised.
 */
async function readyCommand({ io, values }: VerbCall): Promise<number> {
  const ctx = await contextFor(io, values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const scanned = await ctx.value.store.scan();
  if (!scanned.ok) return failWith(io, scanned.error);
  const problems = [...scanned.value.problems];
  const rows: ReadyStep[] = [];
  const live = scanned.value.molecules
    .filter((m) => isLive(m.status))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  for (const mol of live) {
    if (!mol.steps.some((s) => s.status === 'ready' || s.status === 'awaiting_gate')) continue;
    const proto = await loadProto(ctx.value.repoDir, mol);
    if (!proto.ok) problems.push(proto.error);
    const titles = new Map(proto.ok ? proto.value.steps.map((s) => [s.id, s.title]) : []);
    for (const w of waitingSteps(mol, proto.ok ? proto.value : undefined)) {
      const why = w.why;
      if (!isReadyReason(why)) continue;
      rows.push({
        molecule: mol.id,
        formula: mol.formula.name,
        step: w.step,
        title: titles.get(w.step) ?? w.step,
        why,
        next: NEXT[why](mol.id, w.step),
      });
    }
  }
  for (const problem of problems) io.err(`mol: ${problem.message}`);
  const failed = problems.length > 0 ? EXIT.failed : EXIT.ok;
  if (values.json) return Math.max(printJson(io, values.json, rows), failed);
  if (rows.length === 0) {
    io.out('nothing is ready: no step waits for a person, and none is ready to run');
    return failed;
  }
  io.out(
    table(
      ['MOLECULE', 'STEP', 'WHY', 'TITLE', 'NEXT'],
      rows.map((r) => [r.molecule, r.step, r.why, r.title, r.next]),
      io.style,
    ),
  );
  return failed;
}

/** The reasons `mol ready` lists, each with the command that moves such a step on. */
const NEXT: Record<ReadyStep['why'], (mol: string, step: string) => string> = {
  human: (mol, step) => `mol done ${mol} ${step}`,
  approval: (mol, step) => `mol approve ${mol} ${step}`,
  ready: (mol) => `mol run ${mol}`,
};

function isReadyReason(why: WaitReason): why is ReadyStep['why'] {
  return Object.hasOwn(NEXT, why);
}
