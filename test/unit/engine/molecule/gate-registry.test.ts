import { describe, expect, it } from 'vitest';
import { ProtoGateSchema } from '../../../../src/engine/cook/proto.js';
import {
  GATE_JUDGES,
  type GateJudges,
  judgeConditional,
  judgeGate,
  type ProtoGate,
  waitingOn,
} from '../../../../src/engine/index.js';

const GATES: ProtoGate[] = [
  { type: 'command', run: 'true' },
  { type: 'files', paths: ['a'] },
  { type: 'schema', file: 'a.json', schema: 's.json' },
  { type: 'timer', after: '1h' },
  { type: 'approval', permission: 'write' },
  { type: 'checks', names: [] },
  { type: 'pr-merged' },
  { type: 'conditional', condition: '{{ship}}' },
];

describe('gate registry', () => {
  it('names a judge for every gate type a proto can hold', () => {
    const types = ProtoGateSchema.options.map((option) => option.shape.type.value);
    expect(Object.keys(GATE_JUDGES).sort()).toEqual([...types].sort());
    expect(GATES.map((g) => g.type).sort()).toEqual([...types].sort());
  });

  it('leaves a gate a face does not judge waiting, with a sentence', async () => {
    const none = Object.fromEntries(
      Object.keys(GATE_JUDGES).map((t) => [t, null]),
    ) as unknown as GateJudges<void>;
    for (const gate of GATES) {
      const result = await judgeGate(none, gate, undefined);
      expect(result).toEqual(waitingOn(gate));
      expect(result.passed).toBeNull();
      expect(result.type).toBe(gate.type);
      expect(result.detail.length).toBeGreaterThan(0);
    }
  });

  it("calls the face's own judge for a type it judges", async () => {
    const none = Object.fromEntries(
      Object.keys(GATE_JUDGES).map((t) => [t, null]),
    ) as unknown as GateJudges<string>;
    const judges: GateJudges<string> = {
      ...none,
      files: (gate, context) => ({
        type: 'files',
        passed: true,
        detail: `${gate.paths.join()} in ${context}`,
      }),
    };
    expect(await judgeGate(judges, { type: 'files', paths: ['x'] }, 'here')).toEqual({
      type: 'files',
      passed: true,
      detail: 'x in here',
    });
  });

  it('judges a conditional gate over the vars', () => {
    const gate = { type: 'conditional', condition: '{{ship}}' } as const;
    expect(judgeConditional(gate, { ship: 'yes' }).passed).toBe(true);
    expect(judgeConditional(gate, { ship: 'off' }).passed).toBe(false);
    expect(judgeConditional({ type: 'conditional', condition: '{{a}} ==' }, {}).passed).toBe(false);
  });

  it('does not compile a face table that leaves a gate type out', () => {
    // @ts-expect-error: `conditional` (and the rest) missing — a new gate type fails every face's table
    const partial: GateJudges<void> = { command: null };
    expect(partial).toBeDefined();
  });
});
