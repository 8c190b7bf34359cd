/** `mol demo` (what `npm run demo` runs): the built-in hello formula end to end in a temp repository. */

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCli, buildCli, mol } from '../helpers/cli.js';

const exec = promisify(execFile);
let cli: BuiltCli;

beforeAll(async () => {
  cli = await buildCli();
});
afterAll(async () => {
  await cli.cleanup();
});

describe('mol demo', () => {
  it('runs hello to completion and shows the retry, the gates, the fork-join and the table', async () => {
    const result = await mol(cli, ['demo'], { cwd: tmpdir() });
    const repo = /fresh git repository: (\S+)/.exec(result.stdout)?.[1];
    try {
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
      expect(repo && existsSync(repo)).toBe(true);
      const out = result.stdout;
      expect(out).toMatch(/join ← needs count \+ shout/);
      // Piped: words, no symbols.
      expect(out).not.toMatch(/[▶✓↻✗▓░]/);
      expect(out).toMatch(/^ {2}greet completed .* command gate passed/m);
      expect(out).toMatch(/^ {2}shout failed .*first try fails — retrying \(attempt 2 of 2\)/m);
      expect(out).toMatch(/^ {2}shout completed/m);
      expect(out).toMatch(/^ {2}join completed .* files gate passed/m);
      expect(out).toMatch(/STEP\s+STATUS\s+ATTEMPTS\s+COMMIT/);
      expect(out).toMatch(/shout\s+completed\s+2\s+[0-9a-f]{7}/);
      expect(out).toMatch(/· complete · 4\/4 \(100%\)$/m);
      expect(out).toMatch(/HELLO, MOLECULAR!/);
      // The last line is a command that works as printed, though no `mol` is on PATH here.
      const last = out.trimEnd().split('\n').at(-1)?.trim() ?? '';
      expect(last).toMatch(/^cd \S+ && node \S+mol\.js status hello-[0-9a-f]{6}$/);
      const again = await exec('bash', ['-c', last]);
      expect(again.stdout).toMatch(/^hello-[0-9a-f]{6} · hello · complete · 4\/4 \(100%\)$/m);
    } finally {
      if (repo?.startsWith(tmpdir())) await rm(repo, { recursive: true, force: true });
    }
  });
});
