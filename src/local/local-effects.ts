/**
 * The effects of a change, done on this machine (the handlers the shell's effect loop calls for
 * the CLI). Dispatch needs nothing (the executor reads ready steps from the state), the
 * GitHub-only effects (labels, check runs) have no local meaning, and archive records are written
 * by the store itself. Gates are judged where the step's work is.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  conflictSentence,
  type Effect,
  formatDuration,
  type GateResult,
  judgedOnReady,
  type Molecule,
  type MoleculeEvent,
  needBranches,
  ok,
  type Proto,
  type ProtoGate,
  type Result,
  resultBranch,
} from '../engine/index.js';
import { deleteMoleculeBranches, evaluateGates, prepareWorkspace, stepEnv } from '../runner/index.js';
import { pathExists } from '../runner/path-exists.js';
import { buildResultBranch } from '../runner/result-branch.js';

type DeliverEffect = Extract<Effect, { type: 'deliver' }>;

/** A word the shell reads as itself (a base branch from the formula). */
const shellWord = (word: string) => (/^[\w./-]+$/.test(word) ? word : `'${word.replaceAll("'", "'\\''")}'`);

export interface LocalPlace {
  /** The top of the main working tree. */
  repoDir: string;
  /** Distributed steps run in `<worktreeRoot>/<mol-id>/<step-id>`. */
  worktreeRoot: string;
}

export interface LocalEffectsScene extends LocalPlace {
  io: { now(): Date; out(line: string): void; err(line: string): void };
}

export interface LocalEffectsOptions {
  /** Print info notices too (a person's own command), not only warnings. */
  notices?: boolean;
}

interface Problems {
  problems: string[];
}

export function localEffectHandlers(
  scene: LocalEffectsScene,
  proto: Pick<Proto, 'steps'> & Partial<Pick<Proto, 'pullRequest'>>,
  options: LocalEffectsOptions = {},
) {
  const { io } = scene;
  return {
    /**
     * `[pull_request]` on this machine: the work merged into the result branch, and how to open
     * the pull request from it (no network: `mol` never pushes or calls GitHub for it).
     */
    async deliver(effect: DeliverEffect, mol: Molecule, out: Problems): Promise<MoleculeEvent[]> {
      const branch = resultBranch(mol.id);
      const sources = effect.branches.length > 0 ? effect.branches : [mol.base.ref];
      const built = await buildResultBranch({ repoDir: scene.repoDir, branch, sources });
      if (!built.ok) {
        out.problems.push(built.error.message);
        return [];
      }
      if (built.value.kind === 'conflict') {
        const { source, paths } = built.value;
        const step = mol.steps.find((s) => s.branch === source)?.id ?? effect.step;
        return [{ type: 'delivery-failed', step, error: conflictSentence(step, branch, paths) }];
      }
      const pr = proto.pullRequest;
      const base = pr?.base === undefined ? '' : ` --base ${shellWord(pr.base)}`;
      const draft = pr?.draft === false ? '' : ' --draft';
      io.out(`the work of ${mol.id} is on ${branch}; open a pull request from it with:`);
      io.out(`  git push -u origin ${branch} && gh pr create --head ${branch}${base}${draft} --fill`);
      // Recorded once, and again while the completion's write says it is due.
      const recorded = mol.delivery?.branch === branch && mol.delivery.due === undefined;
      return recorded ? [] : [{ type: 'delivered', delivery: { branch } }];
    },

    judgeGates: (mol: Molecule, step: string, gates: readonly ProtoGate[], out: Problems) =>
      judgeLocalGates(scene, mol, step, gates, out, proto),

    gatesRecorded(step: string, decided: readonly GateResult[]): void {
      for (const gate of decided)
        io.err(
          `mol: ${step}: ${gate.type} gate ${gate.passed ? 'passed' : 'failed'} — ${gate.detail.split('\n')[0]}`,
        );
    },

    async carry(effect: Effect, mol: Molecule, _batch: readonly Effect[], out: Problems): Promise<void> {
      switch (effect.type) {
        case 'notice':
          if (effect.level === 'warning') io.err(`mol: warning: ${effect.message}`);
          else if (options.notices) io.err(`mol: ${effect.message}`);
          break;
        case 'nudge':
          io.out(
            `nudge: ${mol.id}/${effect.step} has been in progress for ${formatDuration(effect.idleMs)} with no news`,
          );
          break;
        case 'delete-branches': {
          const removed = await removeMoleculeWork(scene, mol.id);
          if (!removed.ok) out.problems.push(removed.error.message);
          break;
        }
        default:
          break;
      }
    },
  };
}

/**
 * The step's worktree; a gate step has none (it has no work), so one is built for it from the
 * branches it gates, as for any step, and left for `mol gc`.
 */
async function worktreeOf(
  scene: LocalEffectsScene,
  mol: Molecule,
  stepId: string,
  proto: Pick<Proto, 'steps'>,
): Promise<string | undefined> {
  const worktree = join(scene.worktreeRoot, mol.id, stepId);
  if (await pathExists(worktree)) return worktree;
  const def = proto.steps.find((s) => s.id === stepId);
  if (def === undefined || !judgedOnReady(def)) return undefined;
  const built = await prepareWorkspace({
    repoDir: scene.repoDir,
    molId: mol.id,
    stepId,
    execution: 'distributed',
    baseBranches: needBranches(proto, mol, def),
    baseRef: mol.base.sha ?? mol.base.ref,
    worktreeRoot: scene.worktreeRoot,
  });
  return built.ok ? built.value.cwd : undefined;
}

/** A molecule's branches (`molecular/<id>/*`), the worktrees holding them, and its worktree folder. */
export async function removeMoleculeWork(place: LocalPlace, molId: string): Promise<Result<void>> {
  const deleted = await deleteMoleculeBranches({ repoDir: place.repoDir, molId });
  if (!deleted.ok) return deleted;
  await rm(join(place.worktreeRoot, molId), { recursive: true, force: true });
  return ok(undefined);
}

/**
 * Gates of a step a person reported done (`mol done`), or of a gate step whose needs are done:
 * checked where its work is (the step's worktree if one is left; for a gate step, which has none,
 * the worktree of the work it gates; else the repository). Approval and other gates a person
 * decides come back undecided and keep waiting.
 */
async function judgeLocalGates(
  scene: LocalEffectsScene,
  mol: Molecule,
  stepId: string,
  gates: readonly ProtoGate[],
  out: Problems,
  proto: Pick<Proto, 'steps'>,
): Promise<GateResult[]> {
  const cwd =
    (mol.execution === 'distributed' && (await worktreeOf(scene, mol, stepId, proto))) || scene.repoDir;
  const env = stepEnv({
    base: process.env,
    vars: mol.vars,
    molId: mol.id,
    stepId,
    inputs: [],
    workspace: cwd,
  });
  if (!env.ok) {
    out.problems.push(env.error.message);
    return [];
  }
  const state = mol.steps.find((s) => s.id === stepId);
  return evaluateGates({
    cwd,
    gates: [...gates],
    env: env.value,
    vars: mol.vars,
    now: () => scene.io.now(),
    ...(state?.awaitingSince === undefined ? {} : { awaitingSince: state.awaitingSince }),
  });
}
