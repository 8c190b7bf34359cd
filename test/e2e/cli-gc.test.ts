/**
 * `mol gc` through the real binary and real git: a molecule whose state file cannot be read
 * (corrupt, or written by a newer mol) is not gone. Its `molecular/<id>/*` branches and its
 * worktrees stay, and gc names it with the reason; a molecule that really is gone is still cleaned.
 */
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { json, useCliRepo } from '../helpers/cli.js';

let file: string;

const { repo, run } = useCliRepo(async (repo) => {
  file = join(repo.flows, 'kept.formula.toml');
  // The second step fails, so its worktree is one gc keeps for a person to look at.
  await writeFile(
    file,
    `formula = "kept"
execution = "distributed"
[[steps]]
id = "a"
run = 'echo a > a.txt'
[[steps]]
id = "b"
needs = ["a"]
run = 'echo b > b.txt; exit 1'
`,
  );
});

const stateFile = (id: string) => join(repo.dir, '.molecular/mols', `${id}.json`);
const branchesOf = async (id: string) =>
  (await repo.git(['for-each-ref', '--format=%(refname:short)', `refs/heads/molecular/${id}/`]))
    .split('\n')
    .filter(Boolean);

interface GcJson {
  branches: string[];
  worktrees: string[];
  kept: { id: string; reason: string }[];
}

/** Pours and runs `id` (its second step fails) and returns its branches, checked to exist. */
async function pourWork(id: string): Promise<string[]> {
  const ran = await run(['run', file, '--id', id]);
  expect(ran.code, ran.stderr).toBe(1);
  const branches = await branchesOf(id);
  expect(branches).toEqual([`molecular/${id}/a`, `molecular/${id}/b`]);
  expect(existsSync(join(repo.dir, '.molecular/worktrees', id, 'b'))).toBe(true);
  return branches;
}

describe('mol gc', { timeout: 300_000 }, () => {
  it('keeps the branches and worktrees of a molecule whose state file is corrupt, and says why', async () => {
    const kept = await pourWork('corrupt1');
    await pourWork('gone1');
    const tips = await Promise.all(kept.map((b) => repo.git(['rev-parse', b])));
    await writeFile(stateFile('corrupt1'), '{"v": 1, "id": "corrupt1", "title": ');
    await rm(stateFile('gone1'));

    const gc = await run(['gc']);
    expect(gc.code, gc.stderr).toBe(0);
    const line = gc.stdout.split('\n').find((l) => l.includes('kept corrupt1'));
    expect(line).toMatch(/corrupt1\.json is not valid JSON/);
    expect(gc.stdout).toMatch(/1 unreadable molecule kept/);

    expect(await branchesOf('corrupt1')).toEqual(kept);
    expect(await Promise.all(kept.map((b) => repo.git(['rev-parse', b])))).toEqual(tips);
    expect(existsSync(join(repo.dir, '.molecular/worktrees/corrupt1/b/b.txt'))).toBe(true);
    // The state file is left as it was, for a person to fix.
    expect(await readFile(stateFile('corrupt1'), 'utf8')).toBe('{"v": 1, "id": "corrupt1", "title": ');
    // A molecule that really is gone is still cleaned up.
    expect(await branchesOf('gone1')).toEqual([]);
    expect(existsSync(join(repo.dir, '.molecular/worktrees/gone1'))).toBe(false);
  });

  it('keeps the work of a molecule written by a newer version of mol', async () => {
    const kept = await pourWork('future1');
    const state = JSON.parse(await readFile(stateFile('future1'), 'utf8'));
    await writeFile(stateFile('future1'), JSON.stringify({ ...state, v: 2, newField: { x: 1 } }));

    const gc = json<GcJson>(await run(['gc', '--json']));
    expect(gc.branches).toEqual([]);
    expect(gc.worktrees).toEqual([]);
    expect(gc.kept.map((k) => k.id)).toEqual(['future1']);
    expect(gc.kept[0]?.reason).toMatch(/written by a newer version of Molecular \(state format v2/);
    expect(await branchesOf('future1')).toEqual(kept);
    expect(existsSync(join(repo.dir, '.molecular/worktrees/future1/b'))).toBe(true);
  });
});
