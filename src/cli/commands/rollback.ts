import { type Effect, type MoleculeEvent, transition } from '../../engine/index.js';
import { carryOutLocally } from '../../shell/carry-out-locally.js';
import { changeMolecule } from '../../shell/change-molecule.js';
import { EXIT } from '../io.js';
import { loadMolecule } from '../load-molecule.js';
import { json, STORE } from '../options.js';
import { whoAmI } from '../pour-molecule.js';
import { moleculeJson } from '../print.js';
import { printJson } from '../print-json.js';
import { checkForeignCommits, checkLocalRollback, resetMoleculeBranch } from '../reset-molecule-branch.js';
import { checkStep, contextFor, failWith, MOL_ARG, STEP_ARG } from '../verb.js';
import { defineVerb, type VerbCall } from '../verb-spec.js';

export const rollback = defineVerb({
  name: 'rollback',
  summary: "reset to a step's checkpoint commit; downstream steps back to pending",
  args: [MOL_ARG, { ...STEP_ARG, required: false }],
  options: [
    {
      name: 'force',
      meaning:
        "roll back even over commits that are not the molecule's, and over uncommitted changes to tracked files in the branch's worktree (both are dropped; untracked files are kept)",
    },
    json('the molecule after the rollback'),
    STORE,
  ],
  examples: ['mol rollback hello-1a2b3c greet'],
  run: rollbackCommand,
});

/**
 * Back to a completed step's checkpoint (or, with no step, to the base): the branch is reset to that
 * commit first, and only if git agrees is the state changed (the step stays completed, everything
 * downstream returns to pending, its old checkpoints forgotten). `mol resume` runs them again.
 *
 * Only the molecule's own commits are taken off the branch: one that is not (a person committed on
 * the branch after the step) makes the rollback refuse, unless `--force`, which also discards
 * uncommitted changes in the branch's worktree.
 */
async function rollbackCommand({ io, values, positionals }: VerbCall): Promise<number> {
  const [molId = '', stepId] = positionals;
  const ctx = await contextFor(io, values);
  if (!ctx.ok) return failWith(io, ctx.error);
  const loaded = await loadMolecule(ctx.value, molId);
  if (!loaded.ok) return failWith(io, loaded.error);
  if (stepId !== undefined) {
    const step = checkStep(loaded.value, stepId);
    if (!step.ok) return failWith(io, step.error);
  }
  const { mol, proto } = loaded.value;
  const event: MoleculeEvent = {
    type: 'rollback',
    by: whoAmI(io.env),
    ...(stepId === undefined ? {} : { step: stepId }),
  };

  // Ask the engine first, without writing: a refused rollback must not move the branch.
  const planned = transition(proto, mol, event, io.now());
  if (!planned.ok) return failWith(io, planned.error);
  const resets = planned.value.effects.filter(
    (e): e is Extract<Effect, { type: 'reset-branch' }> => e.type === 'reset-branch',
  );
  const force = values.force === true;
  for (const effect of resets) {
    const safe = await checkLocalRollback(ctx.value, mol, planned.value.mol, effect);
    if (!safe.ok) return failWith(io, safe.error);
    if (force) continue;
    const theirs = await checkForeignCommits(ctx.value, mol, effect);
    if (!theirs.ok) return failWith(io, theirs.error);
  }
  for (const effect of resets) {
    const moved = await resetMoleculeBranch(ctx.value, mol, effect, { force });
    if (!moved.ok) return failWith(io, moved.error);
    if (moved.value && !values.json) {
      io.out(`${moved.value.branch}: ${moved.value.from.slice(0, 7)} → ${moved.value.to.slice(0, 7)}`);
    }
  }
  const applied = await changeMolecule(ctx.value.store, proto, molId, event, ctx.value.io.now());
  if (!applied.ok) return failWith(io, applied.error);
  const rest = applied.value.effects.filter((e) => e.type !== 'reset-branch');
  const carried = await carryOutLocally(ctx.value, applied.value.mol, proto, rest, { notices: true });
  if (!carried.ok) return failWith(io, carried.error);
  const after = carried.value;
  if (values.json) return printJson(io, values.json, moleculeJson(after, proto));
  // Swept steps are pending, or ready at once when their needs still hold.
  const reopened = after.steps
    .filter((s, i) => (s.status === 'pending' || s.status === 'ready') && mol.steps[i]?.status !== s.status)
    .map((s) => s.id);
  const to = stepId === undefined ? 'the base' : `the checkpoint of ${stepId}`;
  io.out(
    `rolled back ${molId} to ${to}${reopened.length > 0 ? `; to run again: ${reopened.join(', ')}` : ''}`,
  );
  io.out(`continue with: mol resume ${molId}`);
  return EXIT.ok;
}
