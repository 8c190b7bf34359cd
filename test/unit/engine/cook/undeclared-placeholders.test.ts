import { describe, expect, it } from 'vitest';
import { cook } from '../../../../src/engine/cook/cook.js';
import { formatDiagnostic } from '../../../../src/engine/errors.js';
import { formula, lineOf } from './fixture.js';

function warnings(text: string, vars?: Record<string, string>): string[] {
  const result = cook(formula(text, 'p.formula.toml'), vars ? { vars } : {});
  if (!result.ok) throw new Error(result.error.message);
  return result.value.warnings.map((w) => formatDiagnostic(w));
}

describe('undeclared {{placeholders}}', () => {
  const text = `description = "for {{nmae}}"
[vars]
name = "world"
version = { required = true }
[[steps]]
id = "greet"
title = "Greet {{nmae}}"
description = "Say hi to {{nmae}}, then {{name}} and {{version}}; {{.go.template}} is not ours"
[[steps]]
id = "ship"
needs = ["greet"]
acceptance = "{{verison}} is out"
gate = { type = "files", paths = ["out/{{unrelated_thing}}.txt"] }
`;

  it('warns once per name and step, at the key, with the declared var it was near', () => {
    expect(warnings(text)).toEqual([
      `p.formula.toml:${lineOf(text, 'description = "for')}:1: warning: formula "p": {{nmae}} in description is not a declared variable, so it stays as written (did you mean "name"?)`,
      `p.formula.toml:${lineOf(text, 'title = ')}:1: warning: step "greet": {{nmae}} in title is not a declared variable, so it stays as written (did you mean "name"?)`,
      `p.formula.toml:${lineOf(text, 'acceptance = ')}:1: warning: step "ship": {{verison}} in acceptance is not a declared variable, so it stays as written (did you mean "version"?)`,
      `p.formula.toml:${lineOf(text, 'gate = ')}:1: warning: step "ship": {{unrelated_thing}} in gate is not a declared variable, so it stays as written`,
    ]);
  });

  it('says nothing about declared vars, bound or not, nor about text that is not a placeholder', () => {
    const quiet = `[vars]\nname = "w"\nversion = { required = true }\n[[steps]]\nid = "a"\ntitle = "{{name}} {{version}} {{ spaced }} {{.dot}} {single} {{#if name}}x{{else}}y{{/if}} {{end}}"\n`;
    expect(warnings(quiet)).toEqual([]);
    expect(warnings(quiet, { version: '1' })).toEqual([]);
  });
});
