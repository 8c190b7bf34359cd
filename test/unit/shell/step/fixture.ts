/** A repository with a bare remote, a molecule poured into a memory store, and a host over both. */
import type { Proto } from '../../../../src/engine/cook/proto.js';
import type { Molecule } from '../../../../src/engine/molecule/molecule-schema.js';
import type { StepHost } from '../../../../src/shell/step/step-host.js';
import { type StepJob, stepJob } from '../../../../src/shell/step/step-job.js';
import { pourMol } from '../../../helpers/engine-fixtures.js';
import { makeTempRepo, type TempRepo } from '../../../helpers/git.js';
import { MemoryStore } from '../../../helpers/memory-store.js';
import { type TestStepHost, testStepHost } from '../../../helpers/step-host.js';

export interface StepWorld {
  repo: TempRepo;
  store: MemoryStore;
  proto: Proto;
  host: TestStepHost;
  /** The step as a job of `host` (or another host), on the molecule as stored now. */
  job(stepId: string, host?: StepHost): Promise<StepJob>;
  stored(): Promise<Molecule>;
}

export async function stepWorld(proto: Proto, vars: Record<string, string> = {}): Promise<StepWorld> {
  const repo = await makeTempRepo();
  const store = new MemoryStore();
  const { mol } = pourMol(proto, { vars, base: { ref: 'main' } });
  const created = await store.create(mol);
  if (!created.ok) throw new Error(created.error.message);
  const host = testStepHost(store, repo);
  const stored = async () => {
    const loaded = await store.load(mol.id);
    if (!loaded.ok || loaded.value === undefined) throw new Error('the molecule is gone');
    return loaded.value;
  };
  return {
    repo,
    store,
    proto,
    host,
    stored,
    job: async (stepId, on = host) => {
      const job = stepJob(on, await stored(), proto, stepId);
      if (!job.ok) throw new Error(job.error.message);
      return job.value;
    },
  };
}
