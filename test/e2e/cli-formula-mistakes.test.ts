/**
 * Mistakes a person makes in a formula or on the command line, through the `mol` binary with real
 * git: ids git would refuse in a ref are refused before anything runs, and typos (a key, a
 * `{{var}}`, a formula name or path, a step id) are named with what was probably meant.
 */
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type MolResult, useCliRepo } from '../helpers/cli.js';

const { repo, run } = useCliRepo(async (repo) => {
  await mkdir(join(repo.dir, 'flows'));
});

async function formula(name: string, toml: string): Promise<string> {
  const path = `flows/${name}.formula.toml`;
  await writeFile(join(repo.dir, path), toml);
  return path;
}

/** A refusal: exit 1, one line on stderr saying `what`, no stack trace. */
function expectOneLineError(result: MolResult, what: RegExp): void {
  expect(result.stderr).not.toMatch(/\n\s+at /);
  expect(result.stderr.trimEnd().split('\n')).toEqual([expect.stringMatching(what)]);
  expect(result.code).toBe(1);
}

/** Refs and branches Molecular made in the repository: none, when a run was refused. */
async function molecularRefs(): Promise<string> {
  return repo.git(['for-each-ref', '--format=%(refname)', 'refs/molecular', 'refs/heads/molecular']);
}

describe('ids that git refuses in a ref', () => {
  const bad = `formula = "bad"
[[steps]]
id = "ok"
run = "true"
[[steps]]
id = "--upload-pack=touch /tmp/x"
needs = ["ok"]
run = "true"
`;

  it('mol validate refuses a step id at its place, with git rule', async () => {
    const path = await formula('bad', bad);
    const result = await run(['validate', path]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${path}:6:1: error: step id "--upload-pack=touch /tmp/x" cannot be part of a git ref: it contains "/"`,
    );
    expect(result.stderr).toMatch(/git refuses spaces, control characters and ~ \^ : \? \* \[ \\ in a ref/);
  });

  it('mol run refuses it before anything runs: no attempt, no ref, no molecule', async () => {
    const path = await formula('bad', bad);
    const result = await run(['run', path, '--id', 'b1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^flows\/bad\.formula\.toml:6:1: error: step id "--upload-pack/m);
    expect(result.stderr).not.toMatch(/update-ref|attempt/);
    expect(await molecularRefs()).toBe('');
    expect(existsSync(join(repo.dir, '.molecular/mols/b1.json'))).toBe(false);
  });

  it.each([
    ['a..b', 'it contains ".."'],
    ['x.lock', 'it ends with ".lock"'],
    ['m.', 'it ends with "."'],
  ])('mol run --id %j is refused (%s), nothing poured', async (id, why) => {
    expectOneLineError(
      await run(['run', 'hello', `--id=${id}`]),
      new RegExp(`^mol: "${id.replace(/\./g, '\\.')}" cannot be a molecule id: ${why.replace(/\./g, '\\.')}`),
    );
    expect(await molecularRefs()).toBe('');
    expect((await run(['list'])).stdout).not.toContain(id);
  });

  it('ids made by loops and expansions are fine, and the molecule runs', async () => {
    const path = await formula(
      'dotted',
      'formula = "dotted"\n[[steps]]\nid = "implement.iter2.review"\nrun = "echo hi > out.txt"\n',
    );
    const result = await run(['run', path, '--id', 'd.1']);
    expect(result.stderr).not.toMatch(/error/);
    expect(result.code).toBe(0);
  });
});

describe('typos named with what was meant', () => {
  it('an unknown key at any depth gets the near key, and the run is not silent about it', async () => {
    const path = await formula(
      'typo',
      `formula = "typo"
max_retires = 2
[vars.name]
defualt = "w"
[[steps]]
id = "a"
max_retires = 3
run = "true"
[steps.retry]
max_attempts = 2
on_exhaust = "soft_fail"
`,
    );
    const result = await run(['validate', path]);
    expect(result.stderr.split('\n')).toEqual(
      expect.arrayContaining([
        `${path}:2:1: warning: unknown key "max_retires" at the top level (ignored); did you mean "max_retries"?`,
        `${path}:4:1: warning: unknown key "defualt" in vars.name (ignored); did you mean "default"?`,
        `${path}:7:1: warning: unknown key "max_retires" in steps[0] (ignored); did you mean "max_retries"?`,
        `${path}:11:1: warning: unknown key "on_exhaust" in steps[0].retry (ignored); did you mean "on_exhausted"?`,
      ]),
    );
    expect(result.code).toBe(0);
  });

  it('an undeclared {{var}} warns at its key with the declared var it was near', async () => {
    const path = await formula(
      'greet',
      'formula = "greet"\n[vars]\nname = "world"\n[[steps]]\nid = "a"\ntitle = "Greet {{nmae}}"\n',
    );
    const cooked = await run(['cook', path, '--json']);
    expect(cooked.code).toBe(0);
    expect(cooked.stderr).toContain(
      `${path}:6:1: warning: step "a": {{nmae}} in title is not a declared variable, so it stays as written (did you mean "name"?)`,
    );
  });

  it('mol run says so too before it runs, and still runs', async () => {
    const path = await formula(
      'loud',
      'formula = "loud"\n[vars]\nname = "w"\n[[steps]]\nid = "a"\ntitle = "hi {{nmae}}"\nmax_retires = 3\nrun = "true"\n',
    );
    const ran = await run(['run', path, '--id', 'l1']);
    expect(ran.stderr).toContain(
      `${path}:6:1: warning: step "a": {{nmae}} in title is not a declared variable`,
    );
    expect(ran.stderr).toContain(
      `${path}:7:1: warning: unknown key "max_retires" in steps[0] (ignored); did you mean "max_retries"?`,
    );
    expect(ran.code).toBe(0);
  });

  it('a formula name: mol pour helo, extends = ["helo"]', async () => {
    expectOneLineError(
      await run(['pour', 'helo']),
      /^mol: no formula named "helo" \(did you mean "hello"\?\)/,
    );
    const path = await formula('child', 'formula = "child"\nextends = ["helo"]\n');
    const result = await run(['validate', path]);
    expect(result.stderr).toContain(
      `${path}:2:12: error: extends names "helo", but no formula by that name is known (did you mean "hello"?)`,
    );
    expect(result.code).toBe(1);
  });

  it('a path with a typo is a missing file, not an unknown formula', async () => {
    await formula('hello', '[[steps]]\nid = "a"\n');
    expectOneLineError(
      await run(['run', './flows/helo.formula.toml']),
      /^mol: \.\/flows\/helo\.formula\.toml does not exist \(did you mean \.\/flows\/hello\.formula\.toml\?\)$/,
    );
    expectOneLineError(
      await run(['run', './nowhere/helo.formula.toml']),
      /^mol: \.\/nowhere\/helo\.formula\.toml does not exist \(did you mean the formula "hello"\?\)$/,
    );
    const validated = await run(['validate', './flows/helo.formula.toml']);
    expect(validated.stderr).toContain('does not exist (did you mean ./flows/hello.formula.toml?)');
    expect(validated.code).toBe(1);
  });

  it('a step id: mol done m3 gret, mol prompt m3 gret', async () => {
    expect((await run(['pour', 'hello', '--id', 'm3'])).code).toBe(0);
    const said = /^mol: molecule "m3" has no step "gret" \(did you mean "greet"\?\); its steps are greet, /;
    expectOneLineError(await run(['done', 'm3', 'gret']), said);
    expectOneLineError(await run(['prompt', 'm3', 'gret']), said);
  });
});
