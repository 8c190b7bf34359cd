/**
 * Every example `mol help` shows runs as written, through bash with the bundled `mol` on PATH, in a
 * fresh repository holding the molecule the examples name (`hello-1a2b3c`, poured from the built-in
 * `hello`). A few verbs need the molecule in a certain state first; that scene is set here, not
 * in the help. An example that names a step, a formula or an option that does not exist fails.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOWN_VERBS } from '../../src/cli/verbs.js';
import { type BuiltCli, buildCli } from '../helpers/cli.js';
import { makeTempRepo, type TempRepo } from '../helpers/git.js';

const exec = promisify(execFile);
const ID = 'hello-1a2b3c';

/** What has happened to the molecule before a verb's examples run. */
const SCENES: Record<string, string[]> = {
  // greet fails for good (three attempts): something to retry.
  retry: [1, 2, 3].map(() => `mol fail ${ID} greet "wrong name" --no-run`),
  rollback: [`mol run ${ID}`],
  // --watch returns once the molecule has ended.
  status: [`mol run ${ID}`],
  diff: [`mol run ${ID}`],
  validate: [],
};

/** Verbs whose example cannot succeed on `hello` (it has no approval gate): refused for the state only. */
const REFUSED_FOR_STATE: Record<string, RegExp> = {
  approve: /^mol: molecule "hello-1a2b3c" is pending; it cannot be approved\n$/,
};

let cli: BuiltCli;
let home: string;
beforeAll(async () => {
  cli = await buildCli();
  home = await realpath(await mkdtemp(join(tmpdir(), 'mol-home-')));
  // `mol prompt … | claude -p`: an agent that reads its prompt and says so.
  await writeFile(join(cli.binDir, 'claude'), '#!/bin/sh\ncat > /dev/null\necho agent ran\n', {
    mode: 0o755,
  });
});
afterAll(async () => {
  await cli.cleanup();
  await rm(home, { recursive: true, force: true });
});

async function sh(repo: TempRepo, line: string) {
  try {
    const { stdout, stderr } = await exec('bash', ['-c', line], {
      cwd: repo.dir,
      env: {
        PATH: `${cli.binDir}${delimiter}${process.env.PATH}`,
        HOME: home,
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_AUTHOR_NAME: 'Ada',
        GIT_AUTHOR_EMAIL: 'ada@example.com',
        GIT_COMMITTER_NAME: 'Ada',
        GIT_COMMITTER_EMAIL: 'ada@example.com',
      },
    });
    return { code: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const cases = SHOWN_VERBS.map((verb) => [verb.name, verb.examples] as const);

describe('every example in mol help runs', () => {
  it.each(cases)('%s: %j, in order', { timeout: 60_000 }, async (verb, examples) => {
    const repo = await makeTempRepo();
    try {
      await mkdir(join(repo.dir, '.github/formulas'), { recursive: true });
      await copyFile(
        resolve(import.meta.dirname, '../../formulas/hello.formula.toml'),
        join(repo.dir, '.github/formulas/greeting.formula.toml'),
      );
      await repo.commitAll('a formula of our own');
      expect((await sh(repo, `mol pour hello --id ${ID}`)).code).toBe(0);
      for (const line of SCENES[verb] ?? []) expect((await sh(repo, line)).code, line).not.toBe(2);
      let ran = { code: 0, stdout: '', stderr: '' };
      for (const example of examples) ran = await sh(repo, example);
      const refused = REFUSED_FOR_STATE[verb];
      if (refused !== undefined) {
        expect(ran.code).toBe(1);
        expect(ran.stderr).toMatch(refused);
      } else {
        expect(ran.stderr, examples.join('; ')).not.toMatch(/^usage: /m);
        expect([0, 3], `exit ${ran.code}\n${ran.stderr}`).toContain(ran.code);
      }
    } finally {
      await repo.cleanup();
    }
  });
});
