/**
 * TOML or JSON text to a plain value, or the syntax error with its line, column and reason.
 * Neither parser's exception escapes: a broken file is an answer, not a crash.
 */
import { parse as parseToml, TomlError } from 'smol-toml';
import type { Result } from '../errors.js';
import { findJsonSyntaxError } from './json-syntax.js';
import { offsetLocator } from './key-positions.js';

export type FormulaFormat = 'toml' | 'json';

export interface SyntaxProblem {
  code: 'toml-syntax' | 'json-syntax';
  message: string;
  line: number;
  col: number;
}

export function readDocument(text: string, format: FormulaFormat): Result<unknown, SyntaxProblem> {
  return format === 'json' ? readJson(text) : readToml(text);
}

/** Editors do not count a byte-order mark as a column, so it goes before anything is parsed or placed. */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function readToml(text: string): Result<unknown, SyntaxProblem> {
  try {
    return { ok: true, value: parseToml(text) };
  } catch (error) {
    if (error instanceof TomlError) {
      const reason = error.message
        .replace(/^Invalid TOML document: /, '')
        .split('\n\n')[0]
        ?.trim();
      const plain =
        endsLine(text, error.line, error.column) && /control characters/.test(reason ?? '')
          ? 'a string is not closed before the end of its line (use """ for text over several lines)'
          : reason || 'unreadable';
      return syntax('toml-syntax', `this file is not valid TOML: ${plain}`, error.line, error.column);
    }
    return syntax('toml-syntax', `this file could not be read as TOML: ${reasonOf(error)}`, 1, 1);
  }
}

function readJson(text: string): Result<unknown, SyntaxProblem> {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    const found = findJsonSyntaxError(text);
    if (found) {
      const { line, col } = offsetLocator(text)(found.offset);
      return syntax('json-syntax', `this file is not valid JSON: ${found.reason}`, line, col);
    }
    return syntax('json-syntax', `this file is not valid JSON: ${reasonOf(error)}`, 1, 1);
  }
}

/** smol-toml calls the newline that ends an unclosed string a control character; say what happened. */
function endsLine(text: string, line: number, col: number): boolean {
  const row = text.split('\n')[line - 1] ?? '';
  const c = row[col - 1];
  return c === undefined || c === '\r';
}

function syntax(code: SyntaxProblem['code'], message: string, line: number, col: number) {
  return { ok: false as const, error: { code, message, line, col } };
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
