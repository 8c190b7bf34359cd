import { describe, expect, it } from 'vitest';
import { cook } from '../../../../src/engine/cook/cook.js';
import { formula } from './fixture.js';

const BOOT = `formula = "boot"
[[steps]]
id = "start"
[[steps]]
id = "workers"
title = "Start the workers"
type = "parallel"
needs = ["start"]
[[steps.children]]
id = "worker-a"
[[steps.children]]
id = "worker-b"
needs = ["worker-a-config"]
[[steps.children]]
id = "worker-a-config"
[[steps]]
id = "check"
needs = ["workers"]
`;

describe('cook: Gas Town parallel groups', () => {
  const result = cook(formula(BOOT));
  if (!result.ok) throw new Error(result.error.message);
  const step = Object.fromEntries(result.value.proto.steps.map((s) => [s.id, s]));

  it('turns children into steps that need what the group needs', () => {
    expect(step['worker-a']?.needs).toEqual(['start']);
    expect(step['worker-a-config']?.needs).toEqual(['start']);
    expect(step['worker-b']?.needs).toEqual(['start', 'worker-a-config']);
  });

  it('keeps the group as a join step that needs all its children, with no work of its own', () => {
    expect(step.workers).toMatchObject({
      title: 'Start the workers',
      type: 'gate',
      gates: [],
      needs: ['worker-a', 'worker-b', 'worker-a-config'],
      group: 'workers',
    });
  });

  it('marks each child with its group, and leaves steps that needed the group needing it', () => {
    for (const id of ['worker-a', 'worker-b', 'worker-a-config']) expect(step[id]?.group).toBe('workers');
    expect(step.check?.needs).toEqual(['workers']);
    expect(step.start?.group).toBeUndefined();
  });

  it('orders children before their join', () => {
    expect(result.ok && result.value.proto.steps.map((s) => s.id)).toEqual([
      'start',
      'worker-a',
      'worker-a-config',
      'worker-b',
      'workers',
      'check',
    ]);
  });

  it('flattens nested groups', () => {
    const nested = `[[steps]]
id = "outer"
type = "parallel"
[[steps.children]]
id = "inner"
type = "parallel"
[[steps.children.children]]
id = "leaf"
`;
    const cooked = cook(formula(nested));
    if (!cooked.ok) throw new Error(cooked.error.message);
    expect(cooked.value.proto.steps.map((s) => [s.id, s.needs, s.group])).toEqual([
      ['leaf', [], 'inner'],
      ['inner', ['leaf'], 'inner'],
      ['outer', ['inner'], 'outer'],
    ]);
  });
});
