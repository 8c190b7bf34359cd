/**
 * A gate step through the Action bundle on a simulated runner against the fake GitHub: it has no
 * work, so as soon as the step it gates is done a job is started that judges its files and command
 * gates in a checkout of that step's branch — no `/mol done` — and what follows runs. A gate that
 * fails sends the molecule back the way `on_fail` says, with the job red.
 */
import { describe, expect, it } from 'vitest';
import type { Molecule } from '../../src/engine/molecule/molecule-schema.js';
import { useActionBundle } from '../helpers/action-repo.js';

const TOKEN = 'ghs_gate_step_token';

const FORMULA = (written: string) => `formula = "checked"
execution = "distributed"

[[steps]]
id = "write"
run = "echo ok > ${written}"

[[steps]]
id = "check"
type = "gate"
needs = ["write"]
max_retries = 0
gates = [
  { type = "files", paths = ["out.txt"] },
  { type = "command", run = "grep -q ok out.txt" },
]

[[steps]]
id = "after"
needs = ["check"]
run = "test -f out.txt"
`;

const bundle = useActionBundle();

async function play(written: string): Promise<{ mol: Molecule; jobs: Array<[string, number | null]> }> {
  const { runner, label, molecule } = await bundle.start({
    token: TOKEN,
    formulas: { checked: FORMULA(written) },
    people: { alice: 'write' },
    issue: { title: 'Check it', author: 'alice' },
    listen: true,
  });
  const labelled = await label('formula:checked');
  expect(labelled.exitCode, labelled.stdout + labelled.stderr).toBe(0);
  await runner.idle();
  const jobs = runner.jobs
    .filter((j) => j.request.inputs.mode === 'step')
    .map((j): [string, number | null] => [j.request.inputs.step ?? '', j.exitCode]);
  return { mol: molecule(), jobs };
}

describe('a gate step in the Action', () => {
  it('is judged by a job of its own as soon as its need is done, and what follows runs', async () => {
    const { mol, jobs } = await play('out.txt');
    expect(jobs).toEqual([
      ['write', 0],
      ['check', 0],
      ['after', 0],
    ]);
    expect(mol.status).toBe('complete');
    expect(mol.steps.find((s) => s.id === 'check')?.gates?.map((g) => [g.type, g.passed])).toEqual([
      ['files', true],
      ['command', true],
    ]);
  }, 240_000);

  it('a gate that fails is recorded, and its job is red', async () => {
    const { mol, jobs } = await play('elsewhere.txt');
    expect(jobs).toEqual([
      ['write', 0],
      ['check', 1],
    ]);
    expect(mol.status).toBe('failed');
    expect(mol.steps.find((s) => s.id === 'check')).toMatchObject({ status: 'failed' });
  }, 240_000);
});
