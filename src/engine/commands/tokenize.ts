/**
 * Words of a command line. A word may hold double-quoted parts (`title="a b"`, `"it's"`), with
 * `\"` and `\\` escaped inside them; the curly quotes phones type (“ ”) work the same way.
 * Single quotes are ordinary letters, so a note like `it's done` needs no quoting.
 */
import { err, ok, type Result } from '../errors.js';

export interface Token {
  value: string;
  /** Offsets in the text: where the word starts and just past where it ends. */
  start: number;
  end: number;
  /** Whether any part of the word was quoted. */
  quoted: boolean;
}

const OPEN_QUOTES: Record<string, string> = { '"': '"', '“': '”', '”': '”' };

/** The next word at or after `from`, or undefined at the end of the text. */
export function nextToken(text: string, from: number): Result<Token | undefined> {
  let i = from;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  if (i >= text.length) return ok(undefined);
  const start = i;
  let value = '';
  let quoted = false;
  while (i < text.length && !/\s/.test(text[i] as string)) {
    const c = text[i] as string;
    const close = OPEN_QUOTES[c];
    if (close === undefined) {
      value += c;
      i++;
      continue;
    }
    quoted = true;
    const opened = i;
    i++;
    for (;;) {
      if (i >= text.length) {
        return err('unterminated-quote', `the quote opened at column ${opened + 1} is never closed`, {
          col: opened + 1,
        });
      }
      const q = text[i] as string;
      if (q === close) {
        i++;
        break;
      }
      if (q === '\\' && close === '"' && (text[i + 1] === '"' || text[i + 1] === '\\')) {
        value += text[i + 1];
        i += 2;
        continue;
      }
      value += q;
      i++;
    }
  }
  return ok({ value, start, end: i, quoted });
}

/** Whether `word` reads back as itself without quotes. */
export function isBareWord(word: string): boolean {
  return word !== '' && !/[\s"“”\\]/.test(word);
}

/** `word` as a token that reads back to exactly `word`; `always` quotes even a bare word. */
export function quoteWord(word: string, always = false): string {
  return isBareWord(word) && !always ? word : `"${word.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}
