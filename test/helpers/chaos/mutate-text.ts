/**
 * Deterministic damage to a text, for fuzzing parsers with inputs that are almost right: 1–4
 * edits chosen by a seed (fast-check shrinks the seed, and the same seed gives the same text).
 */
import { seededRandom } from '../fake-github/faults.js';

const INSERTS = [
  '"',
  "'",
  '[',
  ']',
  '{',
  '}',
  '=',
  '\n',
  '[[steps]]\n',
  'id = "a"\n',
  'needs = ["a"]\n',
  '"""',
  '{{feature}}',
  '$(touch /tmp/pwned)',
  '\u0000',
  '\ud800',
  '😀',
  '-->',
  '#',
  ',',
  '.',
  '\\u',
];

export function mutatedText(text: string, seed: number): string {
  const random = seededRandom(seed);
  const pick = (n: number) => Math.floor(random() * n);
  let out = text;
  const edits = 1 + pick(4);
  for (let i = 0; i < edits; i++) {
    const at = pick(out.length + 1);
    const len = 1 + pick(Math.min(40, out.length + 1));
    switch (pick(6)) {
      case 0: // cut a span
        out = out.slice(0, at) + out.slice(at + len);
        break;
      case 1: // duplicate a span
        out = out.slice(0, at + len) + out.slice(at, at + len) + out.slice(at + len);
        break;
      case 2: {
        // swap two lines
        const lines = out.split('\n');
        const a = pick(lines.length);
        const b = pick(lines.length);
        [lines[a], lines[b]] = [lines[b] as string, lines[a] as string];
        out = lines.join('\n');
        break;
      }
      case 3: // insert punctuation or hostile text
        out = out.slice(0, at) + (INSERTS[pick(INSERTS.length)] as string) + out.slice(at);
        break;
      case 4: // truncate
        out = out.slice(0, at);
        break;
      default: // replace one character
        out = out.slice(0, at) + String.fromCharCode(pick(0x80)) + out.slice(at + 1);
    }
  }
  return out;
}
