/**
 * scripts/check-workflows.mjs: GitHub's own workflow parser over action.yml and the workflows,
 * as CI runs it. A planted bad workflow must fail it with one `file:line:col` line per problem.
 */
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collect } from '../helpers/cli.js';

const ROOT = resolve(import.meta.dirname, '../..');
const check = (...files: string[]) =>
  collect(
    spawn(process.execPath, [join(ROOT, 'scripts/check-workflows.mjs'), ...files], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mol-check-workflows-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('check-workflows', () => {
  it("passes this repository's action.yml and workflows", async () => {
    const result = await check();
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+ file\(s\) pass/);
  }, 120_000);

  it('fails a planted bad workflow, naming each problem by file, line and column', async () => {
    const bad = join(dir, 'bad.yml');
    await writeFile(
      bad,
      [
        'name: bad',
        'on:',
        '  schedule:',
        "    - cron: '61 * * * *'",
        'jobs:',
        '  build:',
        '    runs-on: ubuntu-latest',
        '    steps:',
        '      - uses: actions/checkout@v7',
        '        wth:',
        '          fetch-depth: 0',
        '',
      ].join('\n'),
    );
    const result = await check(bad);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    for (const line of lines) {
      expect(line.startsWith(`${bad}:`)).toBe(true);
      expect(line.slice(bad.length)).toMatch(/^:\d+:\d+: error: \S/);
    }
    expect(lines).toContainEqual(`${bad}:10:9: error: Unexpected value 'wth'`);
    expect(lines.some((line) => line.startsWith(`${bad}:4:13: error: Invalid cron expression`))).toBe(true);
  }, 120_000);

  it('fails an action.yml GitHub would refuse, and a file that is not YAML, one line each', async () => {
    const actionDir = join(dir, 'action');
    await mkdir(actionDir);
    const action = join(actionDir, 'action.yml');
    await writeFile(action, 'name: x\ndescription: y\nruns:\n  using: node99\n  main: index.js\n');
    const broken = join(dir, 'broken.yml');
    await writeFile(broken, 'on: [push\njobs: {}\n');
    const result = await check(action, broken);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toBe(`${action}:4:10: error: Unexpected value 'node99'`);
    expect(lines.slice(1).every((line) => line.startsWith(`${broken}:`))).toBe(true);
    expect(lines).toHaveLength(2);
  }, 120_000);
});
