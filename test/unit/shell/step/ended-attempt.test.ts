import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  attemptFiles,
  endedAttempt,
  forgetAttemptRecord,
  keepAttemptRecord,
} from '../../../../src/shell/step/ended-attempt.js';
import type { StepCheckout } from '../../../../src/shell/step/step-checkout.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mol-ended-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const checkout: StepCheckout = {
  kind: 'tree',
  cwd: '/repo',
  branch: 'main',
  baseCommit: 'a'.repeat(40),
  preexisting: ['.env'],
  gitConfig: ['["local","file:.git/config","core.bare",null]'],
};

describe('ended attempts', () => {
  it('answers the checkout of the attempt whose command ended with 0', async () => {
    const files = attemptFiles(dir, 'mol/1', 'step 1');
    await keepAttemptRecord(files, 2, checkout);
    await writeFile(files.exit, '0\n');
    expect(await endedAttempt(files, 2)).toEqual({ ...checkout, ended: true });
  });

  it('answers nothing for another attempt, a failed or unfinished command, or an unreadable record', async () => {
    const files = attemptFiles(dir, 'm', 's');
    await keepAttemptRecord(files, 1, checkout);
    expect(await endedAttempt(files, 1)).toBeUndefined(); // still running, or killed: no exit status
    await writeFile(files.exit, '1\n');
    expect(await endedAttempt(files, 1)).toBeUndefined();
    await writeFile(files.exit, '0\n');
    expect(await endedAttempt(files, 2)).toBeUndefined();
    await writeFile(files.record, '{"attempt": 1, "checkout": ');
    expect(await endedAttempt(files, 1)).toBeUndefined();
  });

  it('a record that cannot be written is an error naming the path, so the command does not run', async () => {
    await writeFile(join(dir, 'blocked'), 'a file where the folder should be');
    const files = attemptFiles(join(dir, 'blocked'), 'm', 's');
    const kept = await keepAttemptRecord(files, 1, checkout);
    expect(kept.ok).toBe(false);
    expect(!kept.ok && kept.error.message).toContain(`cannot write ${join(dir, 'blocked', 'm')}`);
    expect(!kept.ok && kept.error.message).toContain('ENOTDIR');
  });

  it('a new record clears the exit status of the attempt before, and forgetting removes both', async () => {
    const files = attemptFiles(dir, 'm', 's');
    await keepAttemptRecord(files, 1, checkout);
    await writeFile(files.exit, '0\n');
    await keepAttemptRecord(files, 2, checkout);
    expect(await endedAttempt(files, 2)).toBeUndefined();
    await writeFile(files.exit, '0\n');
    await forgetAttemptRecord(files);
    expect(await endedAttempt(files, 2)).toBeUndefined();
  });
});
