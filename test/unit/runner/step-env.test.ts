import { randomBytes } from 'node:crypto';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathExists } from '../../../src/runner/path-exists.js';
import { runCommand } from '../../../src/runner/run-process.js';
import { envVarName, stepEnv } from '../../../src/runner/step-env.js';

let cwd: string;
beforeAll(async () => {
  cwd = await realpath(await mkdtemp(join(tmpdir(), 'mol-env-')));
});
afterAll(() => rm(cwd, { recursive: true, force: true }));

const base = {
  base: {},
  molId: 'm1',
  stepId: 'build',
  inputs: [] as string[],
  workspace: '/work/space',
};

describe('stepEnv', () => {
  it('names variables MOL_VAR_<NAME>, upper-cased with non-alphanumerics as _', () => {
    expect(envVarName('feature')).toBe('MOL_VAR_FEATURE');
    expect(envVarName('issue-title')).toBe('MOL_VAR_ISSUE_TITLE');
    expect(envVarName('a.b c')).toBe('MOL_VAR_A_B_C');
    const env = stepEnv({
      ...base,
      vars: { 'issue-title': 'Fix it', n: '3' },
      inputs: ['plan.md', 'design/notes.md'],
    });
    expect(env.ok && env.value).toEqual({
      MOL_VAR_ISSUE_TITLE: 'Fix it',
      MOL_VAR_N: '3',
      MOL_MOLECULE: 'm1',
      MOL_STEP: 'build',
      MOL_INPUTS: 'plan.md\ndesign/notes.md',
      MOL_INPUTS_JSON: '["plan.md","design/notes.md"]',
      MOL_WORKSPACE: '/work/space',
    });
  });

  it('refuses two variables that would share one name, naming both', () => {
    const env = stepEnv({ ...base, vars: { 'a-b': '1', a_b: '2' } });
    expect(!env.ok && env.error.code).toBe('var-collision');
    expect(!env.ok && env.error.message).toMatch(/"a-b".*"a_b"/);
  });

  it('extra variables cannot override the MOL_* ones', () => {
    const env = stepEnv({ ...base, vars: {}, extra: { MOL_STEP: 'forged', TOKEN: 't' } });
    expect(env.ok && env.value.MOL_STEP).toBe('build');
    expect(env.ok && env.value.TOKEN).toBe('t');
  });

  it('a shell script can loop over MOL_INPUTS', async () => {
    const env = stepEnv({ ...base, vars: {}, inputs: ['a.md', 'with space.md'] });
    if (!env.ok) throw new Error(env.error.message);
    const result = await runCommand({
      cwd,
      run: 'printf "%s\\n" "$MOL_INPUTS" | while IFS= read -r f; do echo "<$f>"; done',
      env: env.value,
    });
    expect(result.ok && result.value.outputTail).toBe('<a.md>\n<with space.md>\n');
  });

  it('a hostile variable value reaches the command as inert text and never runs', async () => {
    const marker = join(tmpdir(), `pwned-${randomBytes(6).toString('hex')}`);
    const values = {
      subst: `$(touch ${marker})`,
      backtick: `\`touch ${marker}\``,
      chain: `; touch ${marker}; rm -rf ~`,
      quote: `"'; touch ${marker}; echo '`,
    };
    const env = stepEnv({ ...base, vars: values });
    if (!env.ok) throw new Error(env.error.message);
    // The formula's command uses the variables the documented way: quoted expansions.
    const run = 'printf "%s\\n" "$MOL_VAR_SUBST" "$MOL_VAR_BACKTICK" "$MOL_VAR_CHAIN" "$MOL_VAR_QUOTE"';
    const result = await runCommand({ cwd, run, env: env.value });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.exitCode).toBe(0);
    expect(result.value.outputTail).toBe(`${Object.values(values).join('\n')}\n`);
    // Even unquoted, expansion output is not re-parsed as shell syntax.
    const unquoted = await runCommand({ cwd, run: 'echo $MOL_VAR_SUBST $MOL_VAR_CHAIN', env: env.value });
    expect(unquoted.ok && unquoted.value.exitCode).toBe(0);
    expect(await pathExists(marker)).toBe(false);
  });
});
