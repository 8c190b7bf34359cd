import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { byteLength } from '../../../../src/engine/codec/budget.js';
import { decodeState } from '../../../../src/engine/codec/decode.js';
import { inflateFromBase64 } from '../../../../src/engine/codec/deflate.js';
import { encodeState } from '../../../../src/engine/codec/encode.js';
import { findStateBlock } from '../../../../src/engine/codec/state-block.js';
import { cook } from '../../../../src/engine/cook/cook.js';
import type { Proto } from '../../../../src/engine/cook/proto.js';
import { parseFormula } from '../../../../src/engine/formula/parse-formula.js';
import type { Molecule } from '../../../../src/engine/molecule/molecule-schema.js';

/*
 * State comments written by the encoder as it was before it checked and packed only what changed
 * (a 1,025-step chain after 4 and after all 2,050 transitions, App budget). Comments already on
 * issues must still read, and the encoder must keep writing the same state and view for the same
 * molecule: the same bytes at the default deflate level, the same JSON at the fast one.
 */
const HANOI = 'test/fixtures/corpus/gastown/internal/formula/formulas/towers-of-hanoi-10.formula.toml';
const FIXTURES = ['hanoi-10-after-4.md', 'hanoi-10-after-2050.md'];

function hanoi(): Proto {
  const parsed = parseFormula(readFileSync(HANOI, 'utf8'), HANOI);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const cooked = cook(parsed.value, {});
  if (!cooked.ok) throw new Error(cooked.error.message);
  return cooked.value.proto;
}

/** The JSON a deflated block holds, and the view after it. */
function contentOf(body: string): { json: string; view: string } {
  const block = findStateBlock(body);
  if (block?.encoding !== 'deflate') throw new Error('not a deflated state block');
  const json = inflateFromBase64(block.payload);
  if (!json.ok) throw new Error(json.error.message);
  return { json: json.value, view: body.slice(body.indexOf('\n-->\n') + 5) };
}

describe('state comments written before the incremental codec', () => {
  const proto = hanoi();
  it.each(FIXTURES)('%s decodes, and encoding what it holds writes the same JSON and view', (name) => {
    const body = readFileSync(`test/fixtures/codec/${name}`, 'utf8');
    const decoded = decodeState(body);
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.value.id).toBe('hanoi');
    expect(decoded.value.steps).toHaveLength(proto.steps.length);
    // With room to spare the encoder deflates at the fast level: other bytes, the same content.
    const again = encodeState(decoded.value, { proto, budgetBytes: 59_000 });
    if (!again.ok) throw new Error(again.error.message);
    expect(contentOf(again.value.body)).toEqual(contentOf(body));
    expect(byteLength(again.value.body)).toBeGreaterThan(byteLength(body));
    // Where only the default level fits, it writes what it wrote before, byte for byte.
    const tight = encodeState(decoded.value, { proto, budgetBytes: byteLength(body) });
    expect(tight.ok && tight.value.body).toBe(body);
  });

  it('writes a step changed after an encode as changed: nothing is served stale from the last encode', () => {
    const body = readFileSync('test/fixtures/codec/hanoi-10-after-4.md', 'utf8');
    const decoded = decodeState(body);
    if (!decoded.ok) throw new Error(decoded.error.message);
    const first = encodeState(decoded.value, { proto, budgetBytes: 59_000 });
    const steps = decoded.value.steps.slice();
    steps[2] = { ...(steps[2] as Molecule['steps'][number]), note: 'looked at twice' };
    const changed = { ...decoded.value, steps, rev: decoded.value.rev + 1 };
    const second = encodeState(changed, { proto, budgetBytes: 59_000 });
    expect(first.ok && second.ok).toBe(true);
    if (!second.ok) return;
    const back = decodeState(second.value.body);
    expect(back.ok && back.value).toEqual(changed);
  });
});

describe('encodeState checks what changed', () => {
  it('refuses a molecule whose one new step is invalid, after encoding its valid predecessor', () => {
    const body = readFileSync('test/fixtures/codec/hanoi-10-after-4.md', 'utf8');
    const decoded = decodeState(body);
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(encodeState(decoded.value).ok).toBe(true);
    const steps = decoded.value.steps.slice();
    steps[7] = { ...(steps[7] as Molecule['steps'][number]), startedAt: 'soon' };
    const broken = encodeState({ ...decoded.value, steps });
    expect(broken.ok).toBe(false);
    if (!broken.ok) {
      expect(broken.error.code).toBe('state-invalid');
      expect(broken.error.message).toContain('steps[7].startedAt');
    }
  });

  it('refuses a molecule whose own field changed to something invalid, after encoding it valid', () => {
    const body = readFileSync('test/fixtures/codec/hanoi-10-after-4.md', 'utf8');
    const decoded = decodeState(body);
    if (!decoded.ok) throw new Error(decoded.error.message);
    expect(encodeState(decoded.value).ok).toBe(true);
    for (const [change, where] of [
      [{ updatedAt: 'soon' }, 'updatedAt'],
      [{ rev: -1 }, 'rev'],
      [{ vars: { n: 3 } }, 'vars.n'],
    ] as const) {
      const broken = encodeState({ ...decoded.value, ...change } as unknown as Molecule);
      expect(broken.ok).toBe(false);
      if (!broken.ok) expect(broken.error.message).toContain(`at ${where}:`);
    }
    expect(encodeState(decoded.value).ok).toBe(true);
  });
});
