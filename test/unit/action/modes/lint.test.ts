import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lintMode } from '../../../../src/action/modes/lint.js';
import { memoryIO } from '../fixture.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function workspace(files: Record<string, string>): Promise<string> {
  dir = await mkdtemp(join(tmpdir(), 'mol-lint-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  return dir;
}

describe('lintMode', () => {
  it('passes with warnings, each an annotation at its place, and lists them in the summary', async () => {
    const ws = await workspace({
      'formulas/nested/extra.formula.toml':
        'formula = "extra"\n\n[[steps]]\nid = "a"\ntitle = "A"\nwhen = "never"\n',
    });
    const io = memoryIO();
    const result = await lintMode({ io, workspace: ws, formulasPath: 'formulas' });
    expect(result).toEqual({ outputs: { status: 'passed' } });
    expect(io.said.filter((s) => s.level === 'warning')).toEqual([
      {
        level: 'warning',
        text: 'unknown key "when" in steps[0] (ignored)',
        place: { file: 'formulas/nested/extra.formula.toml', line: 6, col: 1 },
      },
    ]);
    expect(io.summaries.join('')).toContain('1 formula checked in formulas: 0 errors, 1 warning');
  });

  it('fails on a formula that does not parse, pointing at the line', async () => {
    const ws = await workspace({
      '.github/formulas/bad.formula.toml': 'formula = "bad"\n[[steps]\nid = "x"\n',
    });
    const io = memoryIO();
    const result = await lintMode({ io, workspace: ws, formulasPath: '.github/formulas' });
    expect(result.failure).toBe('1 formula checked in .github/formulas: 1 error, 0 warnings');
    const errors = io.said.filter((s) => s.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.place).toMatchObject({ file: '.github/formulas/bad.formula.toml', line: 2 });
  });
});
