/**
 * The README's GitHub Action section against action.yml and .github/workflows: every input and
 * output is named, every example workflow is in the table, and a workflow it points at exists.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const ROOT = resolve(import.meta.dirname, '../..');
const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
const action = parse(readFileSync(resolve(ROOT, 'action.yml'), 'utf8')) as {
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown>;
};
const section = (heading: string) => {
  const from = readme.indexOf(`\n## ${heading}\n`);
  const to = readme.indexOf('\n## ', from + 1);
  expect(from, heading).toBeGreaterThan(-1);
  return readme.slice(from, to === -1 ? undefined : to);
};

describe('README: GitHub Action', () => {
  const text = section('GitHub Action');
  const inputs = /\*\*Inputs\*\*:([\s\S]*?)\*\*Outputs\*\*/.exec(text)?.[1] ?? '';
  const outputs = /\*\*Outputs\*\*:([\s\S]*?)\n\n/.exec(text)?.[1] ?? '';

  it.each(Object.keys(action.inputs))('names the input %s under Inputs', (name) => {
    expect(inputs).toContain(`\`${name}\``);
  });

  it.each(Object.keys(action.outputs))('names the output %s under Outputs', (name) => {
    expect(outputs).toContain(`\`${name}\``);
  });

  it('lists every example workflow (not the project’s own CI) in its table', () => {
    const own = new Set(['ci.yml', 'release.yml']);
    const examples = readdirSync(resolve(ROOT, '.github/workflows')).filter((f) => !own.has(f));
    for (const file of examples)
      expect(text).toMatch(new RegExp(`^\\| \`${file.replace('.', '\\.')}\` \\|`, 'm'));
  });

  it('every workflow file the README names exists', () => {
    const present = new Set(readdirSync(resolve(ROOT, '.github/workflows')));
    for (const [, file] of readme.matchAll(/\b(molecular[\w-]*\.yml)\b/g)) {
      if (file === 'molecular.yml' && !present.has(file)) continue;
      expect(present.has(file ?? ''), file).toBe(true);
    }
  });
});
