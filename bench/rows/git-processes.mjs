// `mol run`'s git processes per step (issue 27): a 10-step chain of `run = "true"` steps, local
// execution, through the real binary built from the current source, with a `git` on PATH that
// logs each invocation before handing it to the real one. A count, so it does not depend on the
// machine's load as the per-step times beside it do.
import { execFile } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { buildCli } from '../../scripts/bundle.mjs';

const exec = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const STEPS = 10;

function chain(n) {
  const steps = Array.from({ length: n }, (_, i) =>
    [`[[steps]]`, `id = "s${i}"`, `run = "true"`, i > 0 ? `needs = ["s${i - 1}"]` : '']
      .filter(Boolean)
      .join('\n'),
  );
  return `formula = "chain"\n\n${steps.join('\n\n')}\n`;
}

export async function measure() {
  await mkdir(join(ROOT, 'node_modules/.cache'), { recursive: true });
  const dir = await mkdtemp(join(ROOT, 'node_modules/.cache', 'mol-bench-git-'));
  try {
    const bin = join(dir, 'mol.js');
    await buildCli(bin);
    const { stdout: realGit } = await exec('sh', ['-c', 'command -v git']);
    const log = join(dir, 'git.log');
    const wrapper = join(dir, 'bin', 'git');
    await mkdir(join(dir, 'bin'));
    // One NUL-ended record per call: a commit message's newlines do not count as calls.
    await writeFile(wrapper, `#!/bin/sh\nprintf '%s\\0' "$*" >> '${log}'\nexec '${realGit.trim()}' "$@"\n`);
    await chmod(wrapper, 0o755);
    const repo = join(dir, 'repo');
    await mkdir(repo);
    const env = {
      ...process.env,
      GIT_AUTHOR_NAME: 'bench',
      GIT_AUTHOR_EMAIL: 'bench@example.com',
      GIT_COMMITTER_NAME: 'bench',
      GIT_COMMITTER_EMAIL: 'bench@example.com',
    };
    await exec('git', ['init', '-q'], { cwd: repo, env });
    await exec('git', ['commit', '-q', '--allow-empty', '-m', 'init'], { cwd: repo, env });
    const formula = join(dir, 'chain.formula.toml');
    await writeFile(formula, chain(STEPS));
    const run = async (id) => {
      await rm(log, { force: true });
      await exec(process.execPath, [bin, 'run', formula, '--id', id], {
        cwd: repo,
        env: { ...env, PATH: `${join(dir, 'bin')}:${process.env.PATH}` },
      });
      return (await readFile(log, 'utf8')).split('\0').filter((call) => call.length > 0);
    };
    const calls = await run('g1');
    // What a run pays once (finding the repository, the run lock, pinning the formula), from a 1-step run.
    await writeFile(formula, chain(1));
    const once = await run('g0');
    const perStep = (calls.length - once.length) / (STEPS - 1);
    const kinds = new Map();
    for (const line of calls) {
      // The subcommand and its first flag, past git's own options (`-c k=v`, `--no-optional-locks`).
      const words = line
        .split(' ')
        .filter((w, i, all) => w !== '-c' && all[i - 1] !== '-c' && w !== '--no-optional-locks');
      const flag = words[1]?.startsWith('-') ? ` ${words[1]}` : '';
      const name = `${words[0]}${flag}`;
      kinds.set(name, (kinds.get(name) ?? 0) + 1);
    }
    const listed = [...kinds]
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${v}× ${k}`)
      .join(', ');
    return [
      {
        name: `mol run, git processes per step, local (${STEPS}-step chain)`,
        value: perStep,
        unit: 'processes',
        note: `${calls.length} in all for ${STEPS} steps: ${listed}`,
      },
    ];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const r of await measure()) console.log(`${r.name}: ${r.value} ${r.unit} — ${r.note}`);
}
