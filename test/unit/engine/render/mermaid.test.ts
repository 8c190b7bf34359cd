import { describe, expect, it } from 'vitest';
import type { Proto, ProtoStep } from '../../../../src/engine/cook/proto.js';
import type { Molecule, StepStatus } from '../../../../src/engine/molecule/molecule-schema.js';
import { mermaidText, renderMermaid, STATUS_CLASS_STYLE } from '../../../../src/engine/render/mermaid.js';

function protoOf(steps: Array<{ id: string; title?: string; needs?: string[] }>): Proto {
  return {
    formula: 'f',
    description: '',
    type: 'workflow',
    execution: 'local',
    vars: {},
    maxLoops: 3,
    steps: steps.map(
      (s): ProtoStep => ({
        id: s.id,
        title: s.title ?? s.id,
        description: '',
        needs: s.needs ?? [],
        type: 'task',
        gates: [],
        trigger: 'all_success',
      }),
    ),
  };
}

function molWith(statuses: Record<string, StepStatus>): Molecule {
  return {
    v: 1,
    id: 'm',
    title: 't',
    formula: { name: 'f', source: 'builtin@1' },
    vars: {},
    kind: 'mol',
    status: 'in_progress',
    subject: {},
    base: { ref: 'main' },
    execution: 'local',
    rev: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    steps: Object.entries(statuses).map(([id, status]) => ({ id, status, attempts: 0, loops: 0 })),
    history: [],
  };
}

/** The chart read back: node id -> label, edges, and class -> node ids. */
function parse(chart: string) {
  const lines = chart.trimEnd().split('\n');
  const nodes = new Map<string, string>();
  const edges: string[] = [];
  const classes = new Map<string, string[]>();
  const classDefs = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const node = /^ {2}(\w+)\["(.*)"\]$/.exec(line);
    const edge = /^ {2}(\w+) --> (\w+)$/.exec(line);
    const cls = /^ {2}class ([\w,]+) (\w+)$/.exec(line);
    const def = /^ {2}classDef (\w+) (\S+)$/.exec(line);
    if (node) nodes.set(node[1] as string, node[2] as string);
    else if (edge) edges.push(`${edge[1]}->${edge[2]}`);
    else if (cls) classes.set(cls[2] as string, (cls[1] as string).split(','));
    else if (def) classDefs.set(def[1] as string, def[2] as string);
    else throw new Error(`unexpected line: ${line}`);
  }
  return { header: lines[0], nodes, edges, classes, classDefs };
}

describe('renderMermaid', () => {
  const diamond = protoOf([
    { id: 'plan', title: 'Plan it' },
    { id: 'advocate', needs: ['plan'] },
    { id: 'critic', needs: ['plan'] },
    { id: 'judge', needs: ['advocate', 'critic'] },
  ]);

  it('draws one node per step and one edge per need, top-down', () => {
    const chart = parse(renderMermaid(diamond));
    expect(chart.header).toBe('flowchart TD');
    expect([...chart.nodes.values()]).toEqual(['Plan it<br/>plan', 'advocate', 'critic', 'judge']);
    expect(chart.edges).toEqual(['s0->s1', 's0->s2', 's1->s3', 's2->s3']);
    expect(chart.classes.size).toBe(0);
  });

  it('colours nodes by status when given the molecule, with one classDef per status used', () => {
    const mol = molWith({ plan: 'completed', advocate: 'in_progress', critic: 'failed', judge: 'pending' });
    const chart = parse(renderMermaid(diamond, mol));
    expect(Object.fromEntries(chart.classes)).toEqual({
      completed: ['s0'],
      in_progress: ['s1'],
      failed: ['s2'],
      pending: ['s3'],
    });
    expect(chart.classDefs.get('failed')).toBe(STATUS_CLASS_STYLE.failed);
    expect([...chart.classDefs.keys()].sort()).toEqual(['completed', 'failed', 'in_progress', 'pending']);
    expect(chart.nodes.get('s0')).toMatch(/^✅ /);
    expect(chart.nodes.get('s2')).toMatch(/^❌ /);
  });

  it('is deterministic', () => {
    const mol = molWith({ plan: 'completed', judge: 'ready' });
    expect(renderMermaid(diamond, mol)).toBe(renderMermaid(diamond, structuredClone(mol)));
  });

  it('escapes quotes, angle brackets, hashes and backticks in labels so the chart still parses', () => {
    const proto = protoOf([{ id: 'x"y', title: 'say "hi" <b>#1</b> `code` & [more]\nline two' }]);
    const chart = renderMermaid(proto);
    const label = parse(chart).nodes.get('s0') ?? '';
    expect(label.replace(/#\d+;/g, '')).not.toContain('#');
    expect(label.replace('<br/>', '')).not.toMatch(/["<>`\n]/);
    expect(label).toContain('#34;hi#34;');
    expect(label).toContain('#60;b#62;#35;1#60;/b#62;');
    expect(label).toContain('line two');
  });

  it('skips needs that name no step instead of drawing a dangling node', () => {
    const chart = parse(renderMermaid(protoOf([{ id: 'a', needs: ['ghost'] }])));
    expect(chart.edges).toEqual([]);
    expect(chart.nodes.size).toBe(1);
  });
});

describe('mermaidText', () => {
  it('turns the characters mermaid reads specially into entity codes and shortens long text', () => {
    expect(mermaidText('a"b')).toBe('a#34;b');
    expect(mermaidText('#')).toBe('#35;');
    const long = mermaidText('x'.repeat(200));
    expect(Array.from(long).length).toBe(60);
    expect(long.endsWith('…')).toBe(true);
  });
});
