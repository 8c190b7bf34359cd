/**
 * Where JSON text goes wrong and why, in words. JSON.parse on Node 20 often says only
 * `Unexpected token '}', "…" is not valid JSON` with no position, so this small checker walks the
 * grammar itself (iteratively: deep nesting cannot overflow the stack) to find the first bad offset.
 */
export interface JsonSyntaxProblem {
  offset: number;
  reason: string;
}

type Expect = 'value' | 'value-or-end' | 'key' | 'key-or-end' | 'colon' | 'comma-or-end' | 'end';

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const LITERAL = /true|false|null/y;
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;

/** The first syntax error in `text`, or undefined when it is valid JSON. */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | undefined {
  const stack: ('{' | '[')[] = [];
  let expect = 'value' as Expect;
  let i = 0;
  // After a complete value: the document ends, or its container continues.
  const afterValue = (): Expect => (stack.length === 0 ? 'end' : 'comma-or-end');
  for (;;) {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
    const c = text[i];
    if (c === undefined) {
      return expect === 'end' ? undefined : { offset: text.length, reason: 'the JSON ends too early' };
    }
    switch (expect) {
      case 'end':
        return { offset: i, reason: 'unexpected text after the end of the JSON value' };
      case 'colon':
        if (c !== ':') return { offset: i, reason: 'expected ":" after the property name' };
        i++;
        expect = 'value';
        break;
      case 'comma-or-end': {
        const close = stack[stack.length - 1] === '{' ? '}' : ']';
        if (c === ',') {
          i++;
          expect = close === '}' ? 'key' : 'value';
        } else if (c === close) {
          i++;
          stack.pop();
          expect = afterValue();
        } else return { offset: i, reason: `expected "," or "${close}"` };
        break;
      }
      case 'key':
      case 'key-or-end':
        if (c === '}' && expect === 'key-or-end') {
          i++;
          stack.pop();
          expect = afterValue();
        } else if (c === '"') {
          const end = stringEnd(text, i);
          if (typeof end !== 'number') return end;
          i = end;
          expect = 'colon';
        } else {
          const trailing = c === '}' && afterComma(text, i) ? ' (remove the comma before "}")' : '';
          return { offset: i, reason: `expected a property name in double quotes${trailing}` };
        }
        break;
      case 'value':
      case 'value-or-end':
        if (c === ']' && expect === 'value-or-end') {
          i++;
          stack.pop();
          expect = afterValue();
        } else if (c === '{' || c === '[') {
          stack.push(c);
          i++;
          expect = c === '{' ? 'key-or-end' : 'value-or-end';
        } else if (c === '"') {
          const end = stringEnd(text, i);
          if (typeof end !== 'number') return end;
          i = end;
          expect = afterValue();
        } else {
          const end = matchAt(NUMBER, text, i) ?? matchAt(LITERAL, text, i);
          if (end === undefined) {
            const trailing = c === ']' && afterComma(text, i) ? ' (remove the comma before "]")' : '';
            return {
              offset: i,
              reason: `unexpected ${JSON.stringify(c)} where a value should be${trailing}`,
            };
          }
          i = end;
          expect = afterValue();
        }
        break;
    }
  }
}

function stringEnd(text: string, start: number): number | JsonSyntaxProblem {
  let i = start + 1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) return { offset: i, reason: 'a control character (such as a raw newline) inside a string' };
    if (c === 0x5c) {
      const end = matchAt(ESCAPE, text, i);
      if (end === undefined) return { offset: i, reason: 'an invalid escape sequence in a string' };
      i = end;
    } else i++;
  }
  return { offset: start, reason: 'a string that never ends (no closing ")' };
}

function matchAt(pattern: RegExp, text: string, at: number): number | undefined {
  pattern.lastIndex = at;
  return pattern.test(text) ? pattern.lastIndex : undefined;
}

function afterComma(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && ' \t\n\r'.includes(text[i] as string)) i--;
  return text[i] === ',';
}
