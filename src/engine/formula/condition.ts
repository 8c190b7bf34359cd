/**
 * Step conditions (`condition = "env == 'prod' && feature != ''"`): a deliberately tiny expression
 * language over variables, parsed here by hand so that text from a formula or an issue is never
 * evaluated as code. Grammar:
 *
 *   or      := and ('||' and)*
 *   and     := unary ('&&' unary)*
 *   unary   := '!' unary | compare
 *   compare := primary (('==' | '!=') primary)?
 *   primary := '(' or ')' | 'text' | "text" | number | true | false | name
 *
 * A name is a variable's value ('' when not bound). A value standing alone is false when it is
 * empty or, in any case, "false", "0", "no" or "off" (Beads' `isTruthy` in stepcondition.go), and
 * true otherwise. A backslash in quoted text keeps the next character.
 *
 * `{{name}}` placeholders are substituted first, as values, never as syntax: inside quotes the
 * value is escaped, outside quotes it becomes a quoted text. So `{{env}} == 'prod'` compares the
 * value of env with prod whatever env holds (even `' || '`), and an unbound `{{name}}` reads as
 * the variable `name`.
 */

import { err, ok, type Result } from '../errors.js';
import { PLACEHOLDER } from './substitute.js';

type Value = string | boolean;

export type ConditionNode =
  | { kind: 'literal'; value: string }
  | { kind: 'var'; name: string }
  | { kind: 'not'; operand: ConditionNode }
  | { kind: 'and' | 'or'; left: ConditionNode; right: ConditionNode }
  | { kind: 'eq' | 'ne'; left: ConditionNode; right: ConditionNode };

interface Token {
  kind: 'text' | 'name' | 'op' | 'end';
  value: string;
  /** 1-based column of the token's first character. */
  col: number;
}

/** Nesting deeper (or expressions longer) than this are refused rather than risking the stack on hostile input. */
const MAX_DEPTH = 64;
const MAX_TOKENS = 256;
const PLACEHOLDER_HERE = new RegExp(`^${PLACEHOLDER.source}`);

export function evaluateCondition(expr: string, vars: Readonly<Record<string, string>>): Result<boolean> {
  const parsed = parseCondition(substituteCondition(expr, vars));
  if (!parsed.ok) return parsed;
  return ok(truthy(evaluate(parsed.value, vars)));
}

/**
 * Beads' comparison form, `{{var}} == value` (stepcondition.go EvaluateStepCondition): everything
 * after the operator, trimmed and unquoted, is literal text. Here a bare word would name a
 * variable, so such a right side is quoted first: `{{env}} == staging` compares with "staging".
 */
const BEADS_COMPARE =
  /^\s*(\{\{\s*[A-Za-z_]\w*\s*\}\})\s*(==|!=)\s*([^'"(){}!&|=\s](?:[^'"(){}!&|=]*[^'"(){}!&|=\s])?)\s*$/;

export function beadsCompare(expr: string): string {
  const m = BEADS_COMPARE.exec(expr);
  if (!m) return expr;
  return `${m[1]} ${m[2]} '${escapeQuoted(m[3] as string, "'")}'`;
}

/** `{{name}}` placeholders of `vars` replaced by their values as quoted, escaped text; others left as written. */
export function substituteCondition(raw: string, vars: Readonly<Record<string, string>>): string {
  const expr = beadsCompare(raw);
  if (!expr.includes('{{')) return expr;
  let out = '';
  let quote: string | undefined;
  for (let i = 0; i < expr.length; ) {
    const c = expr[i] as string;
    const placeholder = c === '{' ? PLACEHOLDER_HERE.exec(expr.slice(i)) : null;
    if (placeholder && Object.hasOwn(vars, placeholder[1] as string)) {
      const value = vars[placeholder[1] as string] as string;
      out += quote ? escapeQuoted(value, quote) : `'${escapeQuoted(value, "'")}'`;
      i += placeholder[0].length;
      continue;
    }
    if (quote && c === '\\') {
      out += expr.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c === "'" || c === '"') quote = quote === undefined ? c : quote === c ? undefined : quote;
    out += c;
    i++;
  }
  return out;
}

const escapeQuoted = (value: string, quote: string): string =>
  value.replace(/\\/g, '\\\\').replaceAll(quote, `\\${quote}`);

/** The names of the variables a condition reads, for cook to check they are declared. */
export function conditionVars(node: ConditionNode): string[] {
  switch (node.kind) {
    case 'literal':
      return [];
    case 'var':
      return [node.name];
    case 'not':
      return conditionVars(node.operand);
    default:
      return [...conditionVars(node.left), ...conditionVars(node.right)];
  }
}

export function parseCondition(expr: string): Result<ConditionNode> {
  const tokens = tokenize(expr);
  if (!tokens.ok) return tokens;
  const list = tokens.value;
  let at = 0;
  let failure: { message: string; col: number } | undefined;
  const peek = (): Token => list[at] as Token;
  const fail = (message: string, token: Token): undefined => {
    failure ??= { message, col: token.col };
    return undefined;
  };

  const parseOr = (depth: number): ConditionNode | undefined => {
    let left = parseAnd(depth);
    while (left && peek().value === '||') {
      at++;
      const right = parseAnd(depth);
      left = right && { kind: 'or', left, right };
    }
    return left;
  };
  const parseAnd = (depth: number): ConditionNode | undefined => {
    let left = parseUnary(depth);
    while (left && peek().value === '&&') {
      at++;
      const right = parseUnary(depth);
      left = right && { kind: 'and', left, right };
    }
    return left;
  };
  const parseUnary = (depth: number): ConditionNode | undefined => {
    if (depth > MAX_DEPTH) return fail(`nesting deeper than ${MAX_DEPTH} levels`, peek());
    if (peek().value === '!' && peek().kind === 'op') {
      at++;
      const operand = parseUnary(depth + 1);
      return operand && { kind: 'not', operand };
    }
    return parseCompare(depth);
  };
  const parseCompare = (depth: number): ConditionNode | undefined => {
    const left = parsePrimary(depth);
    const op = peek();
    if (!left || op.kind !== 'op' || (op.value !== '==' && op.value !== '!=')) return left;
    at++;
    const right = parsePrimary(depth);
    return right && { kind: op.value === '==' ? 'eq' : 'ne', left, right };
  };
  const parsePrimary = (depth: number): ConditionNode | undefined => {
    const token = peek();
    if (token.kind === 'text') {
      at++;
      return { kind: 'literal', value: token.value };
    }
    if (token.kind === 'name') {
      at++;
      if (token.value === 'true' || token.value === 'false') return { kind: 'literal', value: token.value };
      if (/^[0-9]/.test(token.value)) return { kind: 'literal', value: token.value };
      return { kind: 'var', name: token.value };
    }
    if (token.value === '(') {
      at++;
      const inner = parseOr(depth + 1);
      if (!inner) return undefined;
      if (peek().value !== ')') return fail(`expected ")" but found ${describe(peek())}`, peek());
      at++;
      return inner;
    }
    return fail(`expected a name, a quoted text or "(" but found ${describe(token)}`, token);
  };

  const tree = parseOr(0);
  if (tree && peek().kind !== 'end') fail(`unexpected ${describe(peek())}`, peek());
  if (failure || !tree) {
    const f = failure ?? { message: 'empty condition', col: 1 };
    return err('bad-condition', `condition "${expr}": ${f.message} at column ${f.col}`, { col: f.col });
  }
  return ok(tree);
}

function tokenize(expr: string): Result<Token[]> {
  const tokens: Token[] = [];
  let i = 0;
  while (i < expr.length) {
    const c = expr[i] as string;
    const col = i + 1;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "'" || c === '"') {
      let value = '';
      i++;
      while (i < expr.length && expr[i] !== c) {
        if (expr[i] === '\\' && i + 1 < expr.length) i++;
        value += expr[i];
        i++;
      }
      if (i >= expr.length) {
        return err(
          'bad-condition',
          `condition "${expr}": text opened with ${c} is never closed at column ${col}`,
          { col },
        );
      }
      i++;
      tokens.push({ kind: 'text', value, col });
    } else if (c === '{' && PLACEHOLDER_HERE.test(expr.slice(i))) {
      // An unbound placeholder outside quotes is a reference to the variable it names.
      const whole = PLACEHOLDER_HERE.exec(expr.slice(i)) as RegExpExecArray;
      tokens.push({ kind: 'name', value: whole[1] as string, col });
      i += whole[0].length;
    } else if (/[A-Za-z0-9_]/.test(c)) {
      const name = /^[A-Za-z0-9_][A-Za-z0-9_.-]*/.exec(expr.slice(i))?.[0] as string;
      tokens.push({ kind: 'name', value: name, col });
      i += name.length;
    } else {
      const two = expr.slice(i, i + 2);
      if (two === '==' || two === '!=' || two === '&&' || two === '||') {
        tokens.push({ kind: 'op', value: two, col });
        i += 2;
      } else if (c === '!' || c === '(' || c === ')') {
        tokens.push({ kind: 'op', value: c, col });
        i++;
      } else {
        const hint = c === '=' ? ' (compare with "==")' : c === '&' || c === '|' ? ` (write "${c}${c}")` : '';
        return err('bad-condition', `condition "${expr}": unexpected "${c}"${hint} at column ${col}`, {
          col,
        });
      }
    }
  }
  if (tokens.length > MAX_TOKENS) {
    const col = (tokens[MAX_TOKENS] as Token).col;
    return err(
      'bad-condition',
      `condition is longer than ${MAX_TOKENS} words and operators at column ${col}`,
      { col },
    );
  }
  tokens.push({ kind: 'end', value: '', col: expr.length + 1 });
  return ok(tokens);
}

function describe(token: Token): string {
  if (token.kind === 'end') return 'the end';
  if (token.kind === 'text') return `the text "${token.value}"`;
  return `"${token.value}"`;
}

function evaluate(node: ConditionNode, vars: Readonly<Record<string, string>>): Value {
  switch (node.kind) {
    case 'literal':
      return node.value;
    case 'var':
      return Object.hasOwn(vars, node.name) ? (vars[node.name] as string) : '';
    case 'not':
      return !truthy(evaluate(node.operand, vars));
    case 'and':
      return truthy(evaluate(node.left, vars)) && truthy(evaluate(node.right, vars));
    case 'or':
      return truthy(evaluate(node.left, vars)) || truthy(evaluate(node.right, vars));
    case 'eq':
      return String(evaluate(node.left, vars)) === String(evaluate(node.right, vars));
    case 'ne':
      return String(evaluate(node.left, vars)) !== String(evaluate(node.right, vars));
  }
}

const FALSY: ReadonlySet<string> = new Set(['', 'false', '0', 'no', 'off']);

function truthy(value: Value): boolean {
  if (typeof value === 'boolean') return value;
  return !FALSY.has(value.toLowerCase());
}
