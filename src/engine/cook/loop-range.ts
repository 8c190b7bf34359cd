/**
 * Beads' loop ranges (`range = "1..2^{disks}"`, range.go ParseRange/EvaluateExpr): two integer
 * expressions joined by `..`, each with + - * / ^ and parentheses, `{name}` replaced by a
 * variable's value first. Evaluated in floating point and truncated, as upstream does. Parsed by
 * hand so that text from a formula is never run as code.
 */
import { err, ok, type Result } from '../errors.js';

export interface LoopRange {
  start: number;
  end: number;
}

export function parseLoopRange(expr: string, value: (name: string) => string | undefined): Result<LoopRange> {
  const split = /^(.+)\.\.(.+)$/.exec(expr.trim());
  if (!split) return err('invalid-value', `range "${expr}" is not of the form start..end`);
  const start = evaluate(split[1] as string, value);
  if (!start.ok) return err('invalid-value', `range "${expr}": start ${start.error.message}`);
  const end = evaluate(split[2] as string, value);
  if (!end.ok) return err('invalid-value', `range "${expr}": end ${end.error.message}`);
  return ok({ start: start.value, end: end.value });
}

type Token = number | '+' | '-' | '*' | '/' | '^' | '(' | ')';

function evaluate(text: string, value: (name: string) => string | undefined): Result<number> {
  let unbound: string | undefined;
  const expr = text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = value(name);
    if (v === undefined) unbound ??= name;
    return v ?? whole;
  });
  if (unbound !== undefined) return err('invalid-value', `reads {${unbound}}, which has no value`);
  const tokens = tokenize(expr.trim());
  if (typeof tokens === 'string') return err('invalid-value', tokens);
  let at = 0;
  let failure: string | undefined;
  const fail = (why: string): number => {
    failure ??= why;
    return 0;
  };
  const sum = (): number => {
    let left = product();
    while (tokens[at] === '+' || tokens[at] === '-') {
      const op = tokens[at++];
      const right = product();
      left = op === '+' ? left + right : left - right;
    }
    return left;
  };
  const product = (): number => {
    let left = power();
    while (tokens[at] === '*' || tokens[at] === '/') {
      const op = tokens[at++];
      const right = power();
      if (op === '/' && right === 0) return fail('divides by zero');
      left = op === '*' ? left * right : left / right;
    }
    return left;
  };
  const power = (): number => {
    const base = primary();
    if (tokens[at] !== '^') return base;
    at++;
    return base ** power();
  };
  const primary = (): number => {
    const token = tokens[at++];
    if (typeof token === 'number') return token;
    if (token === '-') return -primary();
    if (token === '(') {
      const inner = sum();
      if (tokens[at++] !== ')') return fail('has a "(" that is never closed');
      return inner;
    }
    return fail(token === undefined ? 'ends too early' : `has "${token}" where a number belongs`);
  };
  const result = sum();
  if (failure === undefined && at < tokens.length) fail(`has "${tokens[at]}" after its end`);
  if (failure !== undefined) return err('invalid-value', `"${text.trim()}" ${failure}`);
  if (!Number.isFinite(result)) return err('invalid-value', `"${text.trim()}" is not a finite number`);
  return ok(Math.trunc(result));
}

function tokenize(expr: string): Token[] | string {
  const tokens: Token[] = [];
  for (let i = 0; i < expr.length; ) {
    const c = expr[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const number = /^\d+(\.\d+)?/.exec(expr.slice(i));
    if (number) {
      tokens.push(Number(number[0]));
      i += number[0].length;
      continue;
    }
    if ('+-*/^()'.includes(c)) {
      tokens.push(c as Token);
      i++;
      continue;
    }
    return `"${expr}" has "${c}", which is not a number, an operator (+ - * / ^) or a parenthesis`;
  }
  return tokens;
}
