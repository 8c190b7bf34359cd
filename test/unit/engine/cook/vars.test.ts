import { describe, expect, it } from 'vitest';
import { bindVars, cook, substitute } from '../../../../src/engine/cook/cook.js';
import type { Proto } from '../../../../src/engine/cook/proto.js';
import { formula, lineOf } from './fixture.js';

describe('substitute', () => {
  it('replaces the placeholders whose names it is given', () => {
    expect(substitute('Hi {{name}}, {{name}}!', { name: 'Ada' })).toBe('Hi Ada, Ada!');
  });

  it('leaves undeclared placeholders, Go templates and near-misses as text', () => {
    const text = '{{other}} {{.output.directory}} {{ name }} {name} {{constructor}} {{toString}}';
    expect(substitute(text, { name: 'Ada' })).toBe(text);
  });

  it('does not rescan what it inserted', () => {
    expect(substitute('{{a}}', { a: '{{b}}', b: 'no' })).toBe('{{b}}');
  });
});

const SHINY = `formula = "vars-demo"
description = "Build {{feature}} for {{team}}"

[vars]
team = "core"
[vars.feature]
description = "The feature"
required = true
[vars.env]
default = "dev"
enum = ["dev", "prod"]
[vars.ticket]
pattern = "^[A-Z]+-[0-9]+$"
[vars.retries]
default = 3

[[steps]]
id = "build"
title = "Build {{feature}}"
description = "For {{team}} in {{env}}; ticket {{ticket}}; unknown {{nope}}"
acceptance = "{{feature}} works"
output = "{{feature}}.md"
assignee = "{{team}}-lead"
condition = "env != 'prod' || '{{feature}}' != ''"
run = "echo \\"$MOL_VAR_FEATURE\\""
`;

describe('cook: vars', () => {
  it('declares vars as the proto describes them (a plain string is a default, numbers become text)', () => {
    const result = cook(formula(SHINY));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.proto.vars).toEqual({
      team: { default: 'core', required: false },
      feature: { description: 'The feature', required: true },
      env: { default: 'dev', enum: ['dev', 'prod'], required: false },
      ticket: { pattern: '^[A-Z]+-[0-9]+$', required: false },
      retries: { default: '3', required: false },
    });
  });

  it('substitutes defaults into every text a person reads, leaving unbound placeholders as text', () => {
    const result = cook(formula(SHINY));
    if (!result.ok) throw new Error(result.error.message);
    const step = result.value.proto.steps[0];
    expect(result.value.proto.description).toBe('Build {{feature}} for core');
    expect(step).toMatchObject({
      title: 'Build {{feature}}',
      description: 'For core in dev; ticket {{ticket}}; unknown {{nope}}',
      acceptance: '{{feature}} works',
      output: '{{feature}}.md',
      assignee: 'core-lead',
      condition: "env != 'prod' || '{{feature}}' != ''",
    });
  });

  it('substitutes given vars over defaults, and never inside run', () => {
    const result = cook(formula(SHINY), { vars: { feature: 'login', env: 'prod', ticket: 'MOL-7' } });
    if (!result.ok) throw new Error(result.error.message);
    const step = result.value.proto.steps[0];
    expect(step).toMatchObject({
      title: 'Build login',
      description: 'For core in prod; ticket MOL-7; unknown {{nope}}',
      output: 'login.md',
      condition: "env != 'prod' || 'login' != ''",
      run: 'echo "$MOL_VAR_FEATURE"',
    });
  });

  it('refuses a given var the formula does not declare, with a did-you-mean', () => {
    const result = cook(formula(SHINY), { vars: { featur: 'x' } });
    if (result.ok) throw new Error('expected an error');
    expect(result.error.code).toBe('unknown-var');
    expect(result.error.message).toContain(
      'variable "featur" is not declared by this formula (did you mean "feature"?)',
    );
  });

  it('checks given values against enum and pattern at cook', () => {
    const bad = cook(formula(SHINY), { vars: { env: 'staging', ticket: 'nope' } });
    if (bad.ok) throw new Error('expected an error');
    expect(bad.error.diagnostics?.map((d) => d.code)).toEqual(['var-enum', 'var-pattern']);
    expect(bad.error.message).toBe('variable "env" is "staging", but must be one of "dev", "prod"');
  });

  it('refuses a pattern that is not a regular expression, and a default that breaks its own enum', () => {
    const text = `[vars.a]
pattern = "(["
[vars.b]
default = "x"
enum = ["y"]
[[steps]]
id = "s"
`;
    const result = cook(formula(text));
    if (result.ok) throw new Error('expected an error');
    expect(result.error.diagnostics?.map((d) => [d.code, d.line])).toEqual([
      ['bad-pattern', lineOf(text, 'pattern')],
      ['bad-default', lineOf(text, 'default')],
    ]);
  });

  it('refuses a pattern RE2 cannot run, at its place in the file, with the reason', () => {
    const text = `[vars.a]
pattern = "(?<=x)y"
[vars.b]
pattern = "(a)\\\\1"
[[steps]]
id = "s"
`;
    const result = cook(formula(text));
    if (result.ok) throw new Error('expected an error');
    expect(result.error.diagnostics?.map((d) => [d.code, d.line, d.message])).toEqual([
      [
        'bad-pattern',
        lineOf(text, 'pattern = "(?<='),
        'variable "a": pattern "(?<=x)y" is not a valid RE2 regular expression: invalid named capture: `(?<=x)y`',
      ],
      [
        'bad-pattern',
        lineOf(text, 'pattern = "(a)'),
        'variable "b": pattern "(a)\\\\1" is not a valid RE2 regular expression: invalid escape sequence: `\\1`',
      ],
    ]);
    expect(result.error.diagnostics?.every((d) => typeof d.col === 'number')).toBe(true);
  });

  it('treats a required_unless input as optional', () => {
    const text = `[inputs.pr]
required = true
required_unless = ["branch"]
[inputs.branch]
description = "a branch"
[[steps]]
id = "s"
`;
    const result = cook(formula(text));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.proto.vars.pr?.required).toBe(false);
    expect(result.value.proto.vars.branch).toEqual({ description: 'a branch', required: false });
  });

  it('applies a formula-level max_retries to steps that set none', () => {
    const text = 'max_retries = 4\n[[steps]]\nid = "a"\n[[steps]]\nid = "b"\nmax_retries = 0\n';
    const result = cook(formula(text));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.proto.steps.map((s) => s.maxRetries)).toEqual([4, 0]);
  });
});

describe('bindVars', () => {
  const vars: Proto['vars'] = {
    feature: { description: 'The feature', required: true },
    issue: { required: true },
    env: { default: 'dev', enum: ['dev', 'prod'], required: false },
    ticket: { pattern: '^[A-Z]+-[0-9]+$', required: false },
    note: { required: false },
  };

  it('binds every declared var: given, else default, else empty when optional', () => {
    const result = bindVars(vars, { feature: 'login', issue: '12' });
    expect(result).toEqual({
      ok: true,
      value: { feature: 'login', issue: '12', env: 'dev', ticket: '', note: '' },
    });
  });

  it('names each missing required var', () => {
    const result = bindVars(vars, {});
    if (result.ok) throw new Error('expected an error');
    expect(result.error.code).toBe('missing-var');
    expect(result.error.message).toBe('required variables missing: "feature", "issue"');
    expect(result.error.diagnostics?.map((d) => d.message)).toEqual([
      'required variables missing: "feature", "issue"',
      'variable "feature" (The feature) is required: give feature=<value>',
      'variable "issue" is required: give issue=<value>',
    ]);
  });

  it('names a single missing var in the message itself', () => {
    const result = bindVars(vars, { feature: 'x' });
    if (result.ok) throw new Error('expected an error');
    expect(result.error.message).toBe('variable "issue" is required: give issue=<value>');
    expect(result.error.diagnostics).toBeUndefined();
  });

  it('refuses unknown vars and values outside enum or pattern, all at once', () => {
    const result = bindVars(vars, { feature: 'x', issue: '1', env: 'qa', ticket: 'T1', enviroment: 'prod' });
    if (result.ok) throw new Error('expected an error');
    expect(result.error.diagnostics?.map((d) => d.code)).toEqual(['var-enum', 'var-pattern', 'unknown-var']);
    const unknown = result.error.diagnostics?.[2]?.message;
    expect(unknown).toContain('"enviroment"');
  });

  // Issue text is anyone's to write: a backtracking engine took for ever on this pair.
  it('matches a catastrophic pattern against hostile text in linear time', () => {
    const evil: Proto['vars'] = { v: { pattern: '^(a+)+$', required: true } };
    const value = `${'a'.repeat(40)}b`;
    const result = bindVars(evil, { v: value });
    expect(result).toMatchObject({ ok: false, error: { code: 'var-pattern' } });
    expect(bindVars(evil, { v: 'a'.repeat(100_000) }).ok).toBe(true);
  });

  it('accepts a value matching the pattern', () => {
    expect(bindVars(vars, { feature: 'x', issue: '1', ticket: 'MOL-12' }).ok).toBe(true);
  });

  it('does not mistake inherited object keys for declared vars', () => {
    const result = bindVars({}, { constructor: 'x' });
    expect(result.ok).toBe(false);
  });
});
