/**
 * The `mol` CLI as a real child process, built from the current source: `buildCli()` bundles
 * `src/cli/bin.ts` with esbuild into a temp folder (next to a link to `formulas/`, which the CLI
 * finds by walking up from itself), so e2e tests never run a stale `dist/mol.js`. `useCliRepo()` is
 * the per-file setup most CLI e2e tests share: that build plus a fresh temp repository per test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { makeTempRepo, type TempRepo } from './git.js';

const ROOT = resolve(import.meta.dirname, '../..');

export interface BuiltCli {
  /** The bundled `mol.js`. */
  bin: string;
  /** A folder holding a `mol` command that runs it: put it on PATH to use `mol` as a user types it. */
  binDir: string;
  cleanup(): Promise<void>;
}

export async function buildCli(): Promise<BuiltCli> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), 'mol-cli-')));
  const bin = join(dir, 'mol.js');
  await build({
    entryPoints: [join(ROOT, 'src/cli/bin.ts')],
    outfile: bin,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    banner: {
      js: "import { createRequire as __molCreateRequire } from 'node:module'; const require = __molCreateRequire(import.meta.url);",
    },
  });
  await symlink(join(ROOT, 'formulas'), join(dir, 'formulas'));
  const binDir = join(dir, 'bin');
  await mkdir(binDir);
  await writeFile(join(binDir, 'mol'), `#!/bin/sh\nexec '${process.execPath}' '${bin}' "$@"\n`);
  await chmod(join(binDir, 'mol'), 0o755);
  return { bin, binDir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

export interface MolResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface MolOptions {
  cwd: string;
  env?: Record<string, string>;
  /** In a process group of its own, as a shell starts a job: a test can signal the whole group. */
  detached?: boolean;
}

/**
 * Starts `mol <args>` without waiting (for crash tests: kill it, race it). Its output is piped, so
 * plain; colour settings of the shell running the tests are left out unless a test sets them.
 */
export function spawnMol(cli: BuiltCli, args: string[], options: MolOptions): ChildProcess {
  const { FORCE_COLOR: _force, NO_COLOR: _no, ...inherited } = process.env;
  return spawn(process.execPath, [cli.bin, ...args], {
    cwd: options.cwd,
    env: { ...inherited, MOL_DEBUG: '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.detached ? { detached: true } : {}),
  });
}

/** Runs `mol <args>` to the end and collects its exit code and output. */
export function mol(cli: BuiltCli, args: string[], options: MolOptions): Promise<MolResult> {
  const child = spawnMol(cli, args, options);
  return collect(child);
}

export function collect(child: ChildProcess): Promise<MolResult> {
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((done, fail) => {
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

/** `mol … --json` parsed; fails the test with the CLI's stderr when the output is not JSON. */
export function json<T = unknown>(result: MolResult): T {
  try {
    return JSON.parse(result.stdout) as T;
  } catch {
    throw new Error(`mol did not print JSON (exit ${result.code}):\n${result.stdout}\n${result.stderr}`);
  }
}

export interface CliRepo extends TempRepo {
  /** A folder beside the working tree for a test's formulas and logs, so no step can commit them. */
  flows: string;
}

export interface CliTest {
  /** The `mol` built once for the test file. */
  cli: BuiltCli;
  /** The current test's repository: a fresh one for every test (unless `shared`), removed after it. */
  repo: CliRepo;
  /** `mol <args>` in the current test's repository, with `env` added to the environment. */
  run(args: string[], env?: Record<string, string>): Promise<MolResult>;
}

/**
 * The setup every CLI e2e file shares: `mol` built once per file, a fresh {@link makeTempRepo}
 * with an empty `flows` folder for every test, both removed afterwards. Call it at the top level of
 * a test file; `cli` and `repo` always stand for the current ones, so they can be destructured.
 * `setup` runs right after the repository is made (files every test starts from). `shared: true`
 * makes one repository for all the file's tests instead, for files whose tests build on each other.
 */
export function useCliRepo(
  setup?: (repo: CliRepo) => Promise<void>,
  options: { shared?: boolean } = {},
): CliTest {
  let cli: BuiltCli | undefined;
  let repo: CliRepo | undefined;
  const makeRepo = async () => {
    const made = await makeTempRepo();
    repo = { ...made, flows: join(made.root, 'flows') };
    await mkdir(repo.flows);
    await setup?.(repo);
  };
  const removeRepo = async () => {
    await repo?.cleanup();
    repo = undefined;
  };
  beforeAll(async () => {
    cli = await buildCli();
    if (options.shared) await makeRepo();
  });
  afterAll(async () => {
    await cli?.cleanup();
    if (options.shared) await removeRepo();
  });
  if (!options.shared) {
    beforeEach(makeRepo);
    afterEach(removeRepo);
  }
  const current = <T extends object>(what: string, get: () => T | undefined): T =>
    new Proxy({} as T, {
      get(_, key) {
        const value = get();
        if (value === undefined) throw new Error(`useCliRepo: ${what} is only there inside a test`);
        return Reflect.get(value, key);
      },
    });
  const liveCli = current('the built mol', () => cli);
  const liveRepo = current('the repository', () => repo);
  return {
    cli: liveCli,
    repo: liveRepo,
    run: (args, env = {}) => mol(liveCli, args, { cwd: liveRepo.dir, env }),
  };
}
