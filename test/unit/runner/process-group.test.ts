import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endGroup, groupAlive, identifyGroup } from '../../../src/runner/process-group.js';
import { runCommand } from '../../../src/runner/run-process.js';

let dir: string;
beforeAll(async () => {
  dir = await realpath(await mkdtemp(join(tmpdir(), 'mol-pg-')));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
}

describe('process groups', () => {
  it('a group is alive while any member runs, and ended by endGroup', async () => {
    const child = spawn('sh', ['-c', `sleep 60 & touch ${dir}/bg; wait`], {
      detached: true,
      stdio: 'ignore',
    });
    const group = identifyGroup(child.pid as number);
    await until(() => existsSync(join(dir, 'bg')));
    expect(groupAlive(group)).toBe(true);
    expect(await endGroup(group, { graceMs: 100 })).toBe(true);
    expect(groupAlive(group)).toBe(false);
    expect(await endGroup(group)).toBe(false);
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'a reused pid with another start time is not the recorded group',
    () => {
      const self = identifyGroup(process.pid);
      expect(self.startTime).toMatch(/^\d+$/);
      expect(groupAlive({ pgid: process.pid, startTime: `${Number(self.startTime) + 1}` })).toBe(false);
    },
  );
});

describe('runCommand held start', () => {
  it('runs the command only once onSpawn says so, in the group it named', async () => {
    let named: number | undefined;
    const ran = await runCommand({
      cwd: dir,
      // The fifth field of /proc/<pid>/stat is the process group.
      run: 'echo "pgid:$(cut -d" " -f5 /proc/$$/stat)"',
      onSpawn: async (group) => {
        named = group.pgid;
        return true;
      },
    });
    expect(ran.ok && ran.value.exitCode).toBe(0);
    expect(ran.ok && ran.value.outputTail.trim()).toBe(`pgid:${named}`);
  });

  it("writes the command's exit status to the exit file once it ends, and nothing when it never ran", async () => {
    const exitFile = join(dir, 'exit');
    const ran = await runCommand({ cwd: dir, run: 'exit 3', exitFile, onSpawn: async () => true });
    expect(ran.ok && ran.value.exitCode).toBe(3);
    expect(readFileSync(exitFile, 'utf8')).toBe('3');
    // Over a file reserved before the command ran, the status is written in place: no new space.
    const reserved = join(dir, 'reserved');
    writeFileSync(reserved, `${' '.repeat(15)}\n`);
    await runCommand({ cwd: dir, run: 'exit 0', exitFile: reserved, onSpawn: async () => true });
    expect(readFileSync(reserved, 'utf8')).toBe(`0${' '.repeat(14)}\n`);
    const refused = join(dir, 'refused');
    await runCommand({ cwd: dir, run: 'true', exitFile: refused, graceMs: 100, onSpawn: async () => false });
    expect(existsSync(refused)).toBe(false);
  });

  it('never runs the command when onSpawn refuses', async () => {
    const ran = await runCommand({
      cwd: dir,
      run: `touch ${dir}/ran`,
      graceMs: 100,
      onSpawn: async () => false,
    });
    expect(ran.ok && ran.value.exitCode).not.toBe(0);
    expect(existsSync(join(dir, 'ran'))).toBe(false);
  });
});
