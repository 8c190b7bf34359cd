/**
 * One step's job (DESIGN §7): who runs it (the workflow run, as lease holder), where (the
 * checkout), and the molecule with its proto and the step's definition, loaded once at the start;
 * every write re-reads the molecule under the lock (the handlers' changeMolecule).
 */

import type { Proto, ProtoStep } from '../../engine/cook/proto.js';
import { err, ok, type Result } from '../../engine/errors.js';
import type { Molecule, StepState } from '../../engine/molecule/molecule-schema.js';
import type { MoleculeStore } from '../../engine/molecule/store.js';
import type { HandlerContext } from '../../webhooks/handler-context.js';
import { loadProto } from '../../webhooks/load-proto.js';
import type { ActionIO } from '../action-io.js';

export interface StepJobDeps {
  ctx: HandlerContext;
  io: ActionIO;
  store: MoleculeStore;
  /** GITHUB_RUN_ID: the step's lease names it, and patrol asks GitHub whether it still runs. */
  runId: string;
  workspace: string;
  runnerTemp: string;
  /** The checkout's remote: step branches are fetched from and pushed to it. */
  remote: string;
}

export interface StepJob extends StepJobDeps {
  mol: Molecule;
  /** With the config's default retries, as every face transitions it. */
  proto: Proto;
  def: ProtoStep;
  state: StepState;
  /** `actions:<run id>`. */
  holder: string;
}

export const holderOf = (runId: string) => `actions:${runId}`;

export async function openStepJob(
  deps: StepJobDeps,
  molId: string,
  stepId: string,
): Promise<Result<StepJob>> {
  const { ctx } = deps;
  const loaded = await deps.store.load(molId);
  if (!loaded.ok) return loaded;
  const mol = loaded.value;
  if (mol === undefined) {
    return err(
      'unknown-molecule',
      `there is no live molecule ${molId} in ${ctx.repo.owner}/${ctx.repo.repo} (squashed, burned, or never poured)`,
    );
  }
  const loadedProto = await loadProto(ctx, mol);
  if (!loadedProto.ok) return loadedProto;
  const proto = loadedProto.value;
  const def = proto.steps.find((s) => s.id === stepId);
  const state = mol.steps.find((s) => s.id === stepId);
  if (def === undefined || state === undefined) {
    return err(
      'unknown-step',
      `molecule ${molId} has no step "${stepId}"; its steps are ${proto.steps.map((s) => s.id).join(', ')}`,
    );
  }
  return ok({ ...deps, mol, proto, def, state, holder: holderOf(deps.runId) });
}

/** The job's view after a write: the molecule as stored and this step's state in it. */
export function withMolecule(job: StepJob, mol: Molecule): StepJob {
  const state = mol.steps.find((s) => s.id === job.def.id) ?? job.state;
  return { ...job, mol, state };
}
