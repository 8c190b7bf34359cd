/**
 * `mol completion bash`, sourced in a real bash with the bundled `mol` on PATH: Tab after `mol`
 * offers verbs, after a verb its options, then molecule ids from the store and the step ids of the
 * molecule typed. zsh and fish scripts are checked for syntax where those shells are installed.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { mol, useCliRepo } from '../helpers/cli.js';

const exec = promisify(execFile);
let scripts: string;

const { cli, repo } = useCliRepo(
  async (repo) => {
    scripts = await mkdtemp(join(tmpdir(), 'mol-completion-'));
    for (const id of ['hello-1a2b3c', 'hello-ffffff']) {
      expect((await mol(cli, ['pour', 'hello', '--id', id], { cwd: repo.dir })).code).toBe(0);
    }
  },
  { shared: true },
);
afterAll(async () => {
  await rm(scripts, { recursive: true, force: true });
});

/** COMPREPLY after Tab on `line` (the cursor at its end), as bash's programmable completion sets it. */
async function tab(line: string): Promise<string[]> {
  const script = `source <(mol completion bash)
read -ra COMP_WORDS <<< "$LINE"
[[ $LINE == *' ' ]] && COMP_WORDS+=('')
COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 ))
_mol_complete
printf '%s\\n' "\${COMPREPLY[@]}"`;
  const { stdout } = await exec('bash', ['-c', script], {
    cwd: repo.dir,
    env: { ...process.env, PATH: `${cli.binDir}${delimiter}${process.env.PATH}`, LINE: line },
  });
  return stdout.split('\n').filter(Boolean);
}

describe('mol completion bash', () => {
  it('completes verbs, options, molecule ids and step ids', { timeout: 30_000 }, async () => {
    expect(await tab('mol st')).toEqual(['status']);
    expect(await tab('mol ro')).toEqual(['rollback']);
    expect(await tab('mol run --ve')).toEqual(['--verbose']);
    expect((await tab('mol done ')).sort()).toEqual(['hello-1a2b3c', 'hello-ffffff']);
    expect(await tab('mol done hello-1')).toEqual(['hello-1a2b3c']);
    expect(await tab('mol done hello-1a2b3c ')).toEqual(['greet', 'count', 'shout', 'join']);
    expect(await tab('mol prompt hello-1a2b3c sh')).toEqual(['shout']);
    expect(await tab('mol completion ')).toEqual(['bash', 'zsh', 'fish']);
  });

  it('completes formula names, and file names beside them', { timeout: 30_000 }, async () => {
    expect(await tab('mol pour hel')).toEqual(['hello']);
    expect(await tab('mol validate READ')).toEqual(['README.md']);
  });
});

describe.each(['zsh', 'fish'])('mol completion %s', (shell) => {
  const installed = (() => {
    try {
      execFileSync(shell, ['-c', 'true']);
      return true;
    } catch {
      return false;
    }
  })();
  it.skipIf(!installed)('is a script the shell parses', async () => {
    const printed = await mol(cli, ['completion', shell], { cwd: repo.dir });
    expect(printed.code).toBe(0);
    const file = join(scripts, `mol.${shell}`);
    await writeFile(file, printed.stdout);
    await exec(shell, ['-n', file]);
  });
});
