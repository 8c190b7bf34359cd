/** Gas City's `description_file`, read beside the formula at cook time and pinned at pour. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cook } from '../../../../src/engine/cook/cook.js';
import type { Molecule } from '../../../../src/engine/molecule/molecule-schema.js';
import { localFormulaSource } from '../../../../src/local/formulas/local-formula-source.js';
import { forgetProtos, loadProto } from '../../../../src/shell/formulas/load-proto.js';
import { makeTempRepo, type TempRepo } from '../../../helpers/git.js';

let repo: TempRepo;
beforeEach(async () => {
  repo = await makeTempRepo();
  forgetProtos();
});
afterEach(async () => {
  await repo.cleanup();
});

const FORMULA = `formula = "described"
[[steps]]
id = "plan"
description = "inline, replaced by the file"
description_file = "prompts/plan.md"
[[steps]]
id = "build"
needs = ["plan"]
description = "stays inline"
`;

async function resolved(name: string) {
  const source = localFormulaSource({ repoDir: repo.dir, cwd: repo.dir });
  const found = await source.resolve(name, []);
  if (!found.ok) throw new Error(found.error.message);
  return { source, found: found.value };
}

describe('description_file', () => {
  it('replaces the description with the file beside the formula, and the re-cooked pin keeps it after the file changes', async () => {
    await repo.write('flows/described.formula.toml', FORMULA);
    await repo.write('flows/prompts/plan.md', 'Plan the work.\n');
    const { source, found } = await resolved('flows/described.formula.toml');
    const cooked = cook(found.root, { library: found.library });
    if (!cooked.ok) throw new Error(cooked.error.message);
    const steps = Object.fromEntries(cooked.value.proto.steps.map((s) => [s.id, s.description]));
    expect(steps).toEqual({ plan: 'Plan the work.\n', build: 'stays inline' });

    const ref = await found.pin('described', cooked.value.uses);
    if (!ref.ok) throw new Error(ref.error.message);
    expect(Object.keys(ref.value.pins ?? {})).toEqual(['description_file:described:prompts/plan.md']);
    await repo.write('flows/prompts/plan.md', 'Changed after the pour.\n');
    const mol = { formula: ref.value, vars: {} } as unknown as Molecule;
    const again = await loadProto(source, mol);
    if (!again.ok) throw new Error(again.error.message);
    expect(again.value.steps.find((s) => s.id === 'plan')?.description).toBe('Plan the work.\n');
  });

  it('names a description file that cannot be read at its key, with file:line:col', async () => {
    await repo.write('flows/described.formula.toml', FORMULA);
    const source = localFormulaSource({ repoDir: repo.dir, cwd: repo.dir });
    const found = await source.resolve('flows/described.formula.toml', []);
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.error).toMatchObject({
      code: 'description-file',
      file: 'flows/described.formula.toml',
      line: 5,
      col: 1,
    });
    expect(found.error.message).toBe(
      'description_file "prompts/plan.md" cannot be read (it is relative to the formula file)',
    );
  });

  it('reads the description files of a parent found by name from beside the parent', async () => {
    await repo.write(
      'packs/core/base.toml',
      'formula = "base"\n[[steps]]\nid = "plan"\ndescription_file = "plan.md"\n',
    );
    await repo.write('packs/core/plan.md', 'Base plan.\n');
    await repo.write(
      'flows/child.formula.toml',
      'formula = "child"\nextends = ["base"]\n[[steps]]\nid = "ship"\nneeds = ["plan"]\n',
    );
    const source = localFormulaSource({ repoDir: repo.dir, cwd: repo.dir, searchDirs: ['packs/core'] });
    const found = await source.resolve('flows/child.formula.toml', []);
    if (!found.ok) throw new Error(found.error.message);
    const cooked = cook(found.value.root, { library: found.value.library });
    if (!cooked.ok) throw new Error(cooked.error.message);
    expect(cooked.value.proto.steps[0]).toMatchObject({ id: 'plan', description: 'Base plan.\n' });
  });
});
