/**
 * What the upstream conformance files ask of a `mol` repository: a formula written into `flows/`,
 * a molecule's status as JSON, its steps' statuses, and the order its steps started in.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type CliTest, json } from './cli.js';
import { localMolecule } from './local-molecule.js';

export interface StatusJson {
  status: string;
  steps: Array<{ id: string; status: string }>;
}

export function upstreamRun<M extends StatusJson = StatusJson>({ repo, run }: CliTest) {
  return {
    status: async (id: string) => json<M>(await run(['status', id, '--json'])),
    statuses: (m: StatusJson) => Object.fromEntries(m.steps.map((s) => [s.id, s.status])),
    /** Writes `flows/<name>.formula.toml` (the `formula` line added) and returns its path. */
    async formula(name: string, toml: string): Promise<string> {
      const path = join(repo.root, 'flows', `${name}.formula.toml`);
      await writeFile(path, `formula = "${name}"\n${toml}`);
      return path;
    },
    /** The order steps started in, from the history. */
    async startOrder(id: string): Promise<string[]> {
      const m = await localMolecule(repo.dir, id);
      return m.history.flatMap((h) =>
        h.event === 'start' && h.to === 'in_progress' && h.step !== undefined ? [h.step] : [],
      );
    },
  };
}
