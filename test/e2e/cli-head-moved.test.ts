/**
 * A local step that moves HEAD (issue 20, item 5): switching branches or resetting the molecule's
 * branch is not the step's work. The attempt fails naming what moved, the person's checkout goes
 * back on its branch at the step's base, and no completed step's commit is lost.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, useCliRepo } from '../helpers/cli.js';

interface MolJson {
  status: string;
  steps: Array<{ id: string; status: string; error?: string; checkpoint?: { commit?: string } }>;
}

const { repo, run } = useCliRepo(async (repo) => {
  // A person's work in progress, which must come through untouched.
  await repo.write('notes.txt', 'mine\n');
});

async function runWith(second: string, id: string) {
  const file = join(repo.root, 'head.formula.toml');
  await writeFile(
    file,
    `formula = "head"
execution = "local"
[[steps]]
id = "first"
run = 'echo 1 > first.txt'
[[steps]]
id = "second"
needs = ["first"]
max_retries = 0
run = '${second}'
[[steps]]
id = "third"
needs = ["second"]
run = 'echo 3 > third.txt'
`,
  );
  const ran = await run(['run', file, '--id', id]);
  const m = json<MolJson>(await run(['status', id, '--json']));
  const step = (sid: string) => m.steps.find((s) => s.id === sid);
  return { ran, m, step };
}

describe('a local step that moves HEAD', () => {
  it('a step that switches to another branch fails naming it; the checkout stays on main', async () => {
    const { ran, m, step } = await runWith(
      'git checkout -q -b elsewhere && echo 2 > second.txt && git add second.txt && git -c user.name=a -c user.email=a@a commit -qm moved',
      'hb1',
    );
    expect(ran.code).not.toBe(0);
    expect(m.status).not.toBe('complete');
    expect(step('second')?.status).toBe('failed');
    expect(step('second')?.error).toContain('moved HEAD from main to elsewhere');
    expect(step('third')?.status).not.toBe('completed');
    expect(await repo.git(['symbolic-ref', 'HEAD'])).toBe('refs/heads/main');
    const first = step('first')?.checkpoint?.commit as string;
    expect(await repo.git(['rev-parse', 'main'])).toBe(first);
    expect(existsSync(join(repo.dir, 'second.txt'))).toBe(false);
    expect(await readFile(join(repo.dir, 'notes.txt'), 'utf8')).toBe('mine\n');
    expect(await repo.git(['status', '--porcelain'])).toBe('?? notes.txt');
  }, 120_000);

  it('a step that resets main past its base fails naming it; the earlier step’s commit stays', async () => {
    const { ran, step } = await runWith('git reset -q --hard HEAD~1 && echo 2 > second.txt', 'hb2');
    expect(ran.code).not.toBe(0);
    expect(step('first')?.status).toBe('completed');
    expect(step('second')?.status).toBe('failed');
    const first = step('first')?.checkpoint?.commit as string;
    expect(step('second')?.error).toContain(`does not hold the step's base ${first.slice(0, 7)}`);
    expect(await repo.git(['symbolic-ref', 'HEAD'])).toBe('refs/heads/main');
    expect(await repo.git(['rev-parse', 'main'])).toBe(first);
    expect(await readFile(join(repo.dir, 'first.txt'), 'utf8')).toBe('1\n');
    expect(existsSync(join(repo.dir, 'second.txt'))).toBe(false);
    expect(await repo.git(['status', '--porcelain'])).toBe('?? notes.txt');
  }, 120_000);

  it('a step that commits on the branch it was given is recorded as before', async () => {
    const { ran, step } = await runWith(
      'echo 2 > second.txt && git add second.txt && git -c user.name=a -c user.email=a@a commit -qm own',
      'hb3',
    );
    expect(ran.code).toBe(0);
    expect(step('second')?.status).toBe('completed');
    expect(step('third')?.status).toBe('completed');
    expect(await repo.git(['symbolic-ref', 'HEAD'])).toBe('refs/heads/main');
  }, 120_000);
});
