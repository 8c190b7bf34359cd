/**
 * The CLI's half of the functional core / imperative shell split: the effects a transition asks
 * for, done locally. Dispatch needs nothing (the executor reads ready steps from the state), the
 * GitHub-only effects (labels, check runs) have no local meaning, and archive records are written
 * by the store itself.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Proto, ProtoGate } from '../engine/cook/proto.js';
import { formatDuration } from '../engine/duration.js';
import { ok, type Result } from '../engine/errors.js';
import type { Effect } from '../engine/molecule/effects.js';
import type { Molecule } from '../engine/molecule/molecule-schema.js';
import { deleteMoleculeBranches, evaluateGates, stepEnv } from '../runner/index.js';
import { pathExists } from '../runner/path-exists.js';
import { applyEvent } from './apply-event.js';
import type { CliContext } from './cli-context.js';

export interface CarryOutOptions {
  /** Print info notices too (a person's own command), not only warnings. */
  notices?: boolean;
}

/** Does what `effects` ask; returns the molecule as it stands afterwards (gate results may move it). */
export async function carryOut(
  ctx: CliContext,
  mol: Molecule,
  proto: Proto,
  effects: Effect[],
  options: CarryOutOptions = {},
): Promise<Result<Molecule>> {
  let latest = mol;
  for (const effect of effects) {
    switch (effect.type) {
      case 'notice':
        if (effect.level === 'warning') ctx.io.err(`mol: warning: ${effect.message}`);
        else if (options.notices) ctx.io.err(`mol: ${effect.message}`);
        break;
      case 'nudge':
        ctx.io.out(
          `nudge: ${mol.id}/${effect.step} has been in progress for ${formatDuration(effect.idleMs)} with no news`,
        );
        break;
      case 'delete-branches': {
        const removed = await removeMoleculeWork(ctx, mol.id);
        if (!removed.ok) return removed;
        break;
      }
      case 'evaluate-gates': {
        const judged = await judgeGates(ctx, latest, proto, effect.step, effect.gates, options);
        if (!judged.ok) return judged;
        latest = judged.value;
        break;
      }
      default:
        break;
    }
  }
  return ok(latest);
}

/** A molecule's branches (`molecular/<id>/*`), the worktrees holding them, and its worktree folder. */
export async function removeMoleculeWork(ctx: CliContext, molId: string): Promise<Result<void>> {
  const deleted = await deleteMoleculeBranches({ repoDir: ctx.repoDir, molId });
  if (!deleted.ok) return deleted;
  await rm(join(ctx.worktreeRoot, molId), { recursive: true, force: true });
  return ok(undefined);
}

/**
 * Gates of a step a person reported done (`mol done`): checked where its work is (the step's
 * worktree if one is left, else the repository), then recorded. Approval and other gates a person
 * decides stay waiting.
 */
async function judgeGates(
  ctx: CliContext,
  mol: Molecule,
  proto: Proto,
  stepId: string,
  gates: ProtoGate[],
  options: CarryOutOptions,
): Promise<Result<Molecule>> {
  const worktree = join(ctx.worktreeRoot, mol.id, stepId);
  const cwd = mol.execution === 'distributed' && (await pathExists(worktree)) ? worktree : ctx.repoDir;
  const env = stepEnv({ vars: mol.vars, molId: mol.id, stepId, inputs: [], workspace: cwd });
  if (!env.ok) return env;
  const state = mol.steps.find((s) => s.id === stepId);
  const results = await evaluateGates({
    cwd,
    gates,
    env: env.value,
    now: () => ctx.io.now(),
    ...(state?.awaitingSince === undefined ? {} : { awaitingSince: state.awaitingSince }),
  });
  const decided = results.filter((g) => g.passed !== null);
  if (decided.length === 0) return ok(mol);
  const applied = await applyEvent(ctx, mol.id, proto, { type: 'gates', step: stepId, gates: results });
  if (!applied.ok) return applied;
  for (const gate of decided)
    ctx.io.err(
      `mol: ${stepId}: ${gate.type} gate ${gate.passed ? 'passed' : 'failed'} — ${gate.detail.split('\n')[0]}`,
    );
  return carryOut(ctx, applied.value.mol, proto, applied.value.effects, options);
}
