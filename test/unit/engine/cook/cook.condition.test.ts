import { describe, expect, it } from 'vitest';
import { cook } from '../../../../src/engine/cook/cook.js';
import { evaluateCondition, substituteCondition } from '../../../../src/engine/formula/condition.js';
import { formula, lineOf } from './fixture.js';

const vars = { env: 'prod', feature: 'login', empty: '', off: 'false', zero: '0', on: 'yes' };
const value = (expr: string, given: Record<string, string> = vars) => {
  const result = evaluateCondition(expr, given);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
};

describe('evaluateCondition', () => {
  it.each([
    ['env == "prod"', true],
    ["env == 'dev'", false],
    ['env != "dev"', true],
    ['feature != ""', true],
    ['empty != ""', false],
    ['env == "prod" && feature == "login"', true],
    ['env == "dev" && feature == "login"', false],
    ['env == "dev" || feature == "login"', true],
    ['!(env == "dev")', true],
    ['!env', false],
    ['on', true],
    ['empty', false],
    ['off', false],
    ['zero', false],
    ['undeclared', false],
    ['undeclared == ""', true],
    ['true', true],
    ['false', false],
    ['!!on', true],
    ['(env == "dev" || on) && !(empty)', true],
    ['env == "dev" || env == "prod" && empty', false],
    ['3 == "3"', true],
  ])('%s is %s', (expr, expected) => {
    expect(value(expr)).toBe(expected);
  });

  it('binds && tighter than ||', () => {
    expect(value('on || on && empty')).toBe(true);
    expect(value('(on || on) && empty')).toBe(false);
  });

  it('substitutes placeholders as values, never as syntax', () => {
    expect(value('{{env}} == "prod"')).toBe(true);
    expect(value("'{{feature}}' == 'login'")).toBe(true);
    const hostile = { env: "x' || 'a' == 'a", feature: '' };
    expect(value("'{{env}}' == 'prod'", hostile)).toBe(false);
    expect(value('{{env}} == "prod"', hostile)).toBe(false);
    expect(value("{{env}} == \"x' || 'a' == 'a\"", hostile)).toBe(true);
  });

  it('reads an unbound placeholder outside quotes as the variable it names', () => {
    expect(value('{{missing}} == ""')).toBe(true);
    expect(substituteCondition('{{a}} == "{{b}}"', { b: 'q"x' })).toBe('{{a}} == "q\\"x"');
  });

  it.each([
    ['env = "prod"', 5, 'unexpected "=" (compare with "==") at column 5'],
    ['env == "prod', 8, 'text opened with " is never closed at column 8'],
    ['env == ', 8, 'expected a name, a quoted text or "(" but found the end at column 8'],
    ['(env == "prod"', 15, 'expected ")" but found the end at column 15'],
    ['env "prod"', 5, 'unexpected the text "prod" at column 5'],
    ['env & on', 5, 'unexpected "&" (write "&&") at column 5'],
    ['', 1, 'expected a name, a quoted text or "(" but found the end at column 1'],
    ['env == == x', 8, 'expected a name, a quoted text or "(" but found "==" at column 8'],
  ])('refuses %j with the column', (expr, col, message) => {
    const result = evaluateCondition(expr, vars);
    if (result.ok) throw new Error('expected an error');
    expect(result.error.code).toBe('bad-condition');
    expect(result.error.col).toBe(col);
    expect(result.error.message).toBe(`condition "${expr}": ${message}`);
  });

  it('refuses nesting deep enough to threaten the stack, as an error', () => {
    const result = evaluateCondition(`${'('.repeat(5000)}on${')'.repeat(5000)}`, vars);
    expect(result.ok).toBe(false);
    const long = evaluateCondition(Array(2000).fill('on').join(' && '), vars);
    expect(long.ok).toBe(false);
  });
});

describe('cook: conditions', () => {
  it('refuses a condition that does not parse, at its place', () => {
    const text = '[[steps]]\nid = "deploy"\ncondition = "env = \'prod\'"\n';
    const result = cook(formula(text));
    if (result.ok) throw new Error('expected an error');
    expect(result.error.code).toBe('bad-condition');
    expect(result.error.message).toContain('step "deploy": condition "env = \'prod\'"');
    expect(result.error.line).toBe(lineOf(text, 'condition'));
  });

  it('warns when a condition reads a variable the formula does not declare', () => {
    const text =
      '[vars]\nenv = "dev"\n[[steps]]\nid = "deploy"\ncondition = "env == \'prod\' && enviroment != \'\'"\n';
    const result = cook(formula(text));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.warnings.map((w) => [w.code, w.severity, w.line])).toEqual([
      ['condition-unknown-var', 'warning', lineOf(text, 'condition')],
    ]);
    expect(result.value.warnings[0]?.message).toContain('"enviroment"');
  });

  it('binds given vars into a condition as quoted values', () => {
    const text = '[vars]\nenv = "dev"\n[[steps]]\nid = "deploy"\ncondition = "{{env}} == \'prod\'"\n';
    const result = cook(formula(text), { vars: { env: "it's" } });
    if (!result.ok) throw new Error(result.error.message);
    const condition = result.value.proto.steps[0]?.condition as string;
    expect(condition).toBe("'it\\'s' == 'prod'");
    expect(evaluateCondition(condition, {})).toEqual({ ok: true, value: false });
  });
});
