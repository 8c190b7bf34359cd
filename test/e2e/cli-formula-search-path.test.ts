/**
 * `formula_search_path` in `.github/molecular.yml` is where `mol` finds formulas too (as the App
 * and the Action do), and a formula not found names every folder looked in, missing ones included.
 */
import { describe, expect, it } from 'vitest';
import { mol, useCliRepo } from '../helpers/cli.js';

const { cli, repo } = useCliRepo(
  async (repo) => {
    await repo.write(
      'packs/base/base.formula.toml',
      'formula = "base"\n[[steps]]\nid = "first"\nrun = "true"\n',
    );
    await repo.write(
      'packs/team/team.formula.toml',
      'formula = "team"\nextends = ["base"]\n[[steps]]\nid = "second"\nneeds = ["first"]\nrun = "true"\n',
    );
    await repo.write(
      '.github/molecular.yml',
      '# where our packs live\nformula_search_path: [packs/team, packs/base]\n',
    );
    await repo.commitAll('packs');
  },
  { shared: true },
);

const run = (args: string[]) => mol(cli, args, { cwd: repo.dir });

describe('formula_search_path', () => {
  it('finds a formula by name, and what it extends, in the configured folders', async () => {
    const cooked = await run(['cook', 'team', '--json']);
    expect(cooked.stderr).toBe('');
    expect(JSON.parse(cooked.stdout).steps.map((s: { id: string }) => s.id)).toEqual(['first', 'second']);
    const poured = await run(['pour', 'team', '--id', 't1']);
    expect(poured).toMatchObject({ code: 0, stdout: 't1\n' });
  });

  it('names every folder it looked in when a formula is not found', async () => {
    const missing = await run(['pour', 'nowhere']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /^mol: no formula named "nowhere" \(looked in packs\/team, packs\/base, \S+ \(the built-ins\), \.github\/formulas \(missing\), \.beads\/formulas \(missing\), \.molecular\/formulas \(missing\)\)/,
    );
  });

  it('an entry outside the repository is ignored with a warning at its line', async () => {
    await repo.write(
      '.github/molecular.yml',
      '# where our packs live\nformula_search_path: [../elsewhere]\n',
    );
    const cooked = await run(['cook', 'hello']);
    expect(cooked.code).toBe(0);
    expect(cooked.stderr).toBe(
      '.github/molecular.yml:2:1: warning: formula_search_path: "../elsewhere" is not a folder inside the repository; formula_search_path ignored\n',
    );
  });
});
