/** `mol demo` (what `npm run demo` runs): the built-in hello formula end to end in a temp repository. */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltCli, buildCli, mol } from '../helpers/cli.js';

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
      expect(out).toMatch(/✓ greet completed .* command gate passed/);
      expect(out).toMatch(/↻ shout failed .*first try fails — retrying \(attempt 2 of 2\)/);
      expect(out).toMatch(/✓ shout completed/);
      expect(out).toMatch(/✓ join completed .* files gate passed/);
      expect(out).toMatch(/STEP\s+STATUS\s+ATTEMPTS\s+COMMIT/);
      expect(out).toMatch(/shout\s+completed\s+2\s+[0-9a-f]{7}/);
      expect(out).toMatch(/· complete · .* 4\/4 \(100%\)/);
      expect(out).toMatch(/HELLO, MOLECULAR!/);
    } finally {
      if (repo?.startsWith(tmpdir())) await rm(repo, { recursive: true, force: true });
    }
  });
});
