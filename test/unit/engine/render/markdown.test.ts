import { describe, expect, it } from 'vitest';
import type { Proto } from '../../../../src/engine/cook/proto.js';
import type { Molecule, StepState } from '../../../../src/engine/molecule/molecule-schema.js';
import { codeSpan, inlineText } from '../../../../src/engine/render/escape-markdown.js';
import { renderSummaryView, renderView } from '../../../../src/engine/render/markdown.js';
import { progressBar } from '../../../../src/engine/render/progress-bar.js';

function molecule(steps: StepState[], overrides: Partial<Molecule> = {}): Molecule {
  return {
    v: 1,
    id: 'mol-7',
    title: 'Ship the login page',
    formula: { name: 'shiny', source: 'builtin@1' },
    vars: {},
    kind: 'mol',
    status: 'in_progress',
    subject: { issue: 7 },
    base: { ref: 'main' },
    execution: 'distributed',
    rev: 4,
    createdAt: '2025-01-15T09:00:00.000Z',
    updatedAt: '2025-01-15T09:42:10.000Z',
    steps,
    history: [],
    ...overrides,
  };
}

function chainProto(ids: string[]): Proto {
  return {
    formula: 'shiny',
    description: '',
    type: 'workflow',
    execution: 'distributed',
    vars: {},
    maxLoops: 3,
    steps: ids.map((id, i) => ({
      id,
      title: `Title of ${id}`,
      description: '',
      needs: i === 0 ? [] : [ids[i - 1] as string],
      type: 'task',
      gates: [],
      trigger: 'all_success',
    })),
  };
}

const step = (id: string, status: StepState['status'], extra: Partial<StepState> = {}): StepState => ({
  id,
  status,
  attempts: status === 'pending' ? 0 : 1,
  loops: 0,
  ...extra,
});

/** Table rows as arrays of cells (GFM: split on unescaped pipes). */
function tableRows(view: string): string[][] {
  return view
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Status'))
    .map((line) =>
      line
        .slice(2, -2)
        .split(/(?<!\\) \| /)
        .map((cell) => cell.trim()),
    );
}

describe('renderView', () => {
  const steps = [
    step('design', 'completed', {
      branch: 'molecular/mol-7/design',
      checkpoint: {
        commit: '1234567890abcdef1234567890abcdef12345678',
        filesModified: [],
        testsPassed: true,
        notes: '',
        capturedAt: '2025-01-15T09:10:00.000Z',
      },
    }),
    step('implement', 'failed', { attempts: 3, loops: 1, error: 'tests failed | see log' }),
    step('review', 'awaiting_gate', {
      gates: [{ type: 'approval', passed: null, detail: 'needs maintain' }],
    }),
    step('submit', 'pending'),
  ];
  const proto = chainProto(steps.map((s) => s.id));

  it('starts with the status emoji, the title and the formula, then the progress bar', () => {
    const view = renderView(molecule(steps), proto);
    const lines = view.split('\n');
    expect(lines[0]).toBe('### 🔄 Ship the login page · `shiny`');
    expect(view).toContain('molecule `mol-7` · in progress · rev 4 · updated 2025-01-15 09:42 UTC');
    expect(view).toContain(`**Progress** \`${progressBar(1, 4)}\``);
    expect(view).toContain('⏳ 1 awaiting gate · ✅ 1 completed · ❌ 1 failed');
  });

  it('lists every step of a small molecule with status, id, title, attempts, branch @ short sha and note', () => {
    const rows = tableRows(renderView(molecule(steps), proto));
    expect(rows.map((r) => r[1])).toEqual(['`design`', '`implement`', '`review`', '`submit`']);
    expect(rows[0]).toEqual([
      '✅ completed',
      '`design`',
      'Title of design',
      '1',
      '`molecular/mol-7/design` @ `1234567`',
      '',
    ]);
    expect(rows[1]?.[3]).toBe('3 (loop 1)');
    // The error's pipe is escaped so it stays in its cell.
    expect(rows[1]?.[5]).toBe('tests failed \\| see log');
    expect(rows[2]?.[5]).toBe('approval waiting: needs maintain');
  });

  it('falls back to step ids without a proto: no Title column and no graph', () => {
    const view = renderView(molecule(steps));
    expect(view).toContain('| Status | Step | Attempts | Branch · commit | Note |');
    expect(view).not.toContain('```mermaid');
    expect(tableRows(view)[0]).toHaveLength(5);
    expect(view.split('\n')[0]).toBe('### 🔄 Ship the login page · `shiny`');
  });

  it('embeds the mermaid graph for a small molecule', () => {
    const view = renderView(molecule(steps), proto);
    const graph = /```mermaid\n([\s\S]*?)```/.exec(view)?.[1] ?? '';
    expect(graph.startsWith('flowchart TD\n')).toBe(true);
    expect(graph.match(/^ {2}s\d+\[/gm)).toHaveLength(4);
    expect(graph).toContain('class s1 failed');
  });

  it('summarizes a large molecule: counts, then only active, failed and recent steps', () => {
    const ids = Array.from({ length: 200 }, (_, i) => `s${i}`);
    const big = ids.map((id, i) =>
      i < 150
        ? step(id, 'completed', { completedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString() })
        : i === 150
          ? step(id, 'in_progress')
          : i === 151
            ? step(id, 'failed', { error: 'boom' })
            : step(id, 'pending'),
    );
    const view = renderView(molecule(big), chainProto(ids));
    expect(view).toContain('✅ 150 completed');
    expect(view).toContain('⚪ 48 pending');
    expect(view).toContain('_Showing 7 of 200 steps');
    const shown = tableRows(view).map((r) => r[1]);
    // The five most recently completed, the running one and the failed one, in molecule order.
    expect(shown).toEqual(['`s145`', '`s146`', '`s147`', '`s148`', '`s149`', '`s150`', '`s151`']);
    expect(view).not.toContain('```mermaid');
    expect(view).toContain('The graph is left out: 200 steps are too many');
  });

  it('keeps the graph while it stays readable even when the table is summarized', () => {
    const ids = Array.from({ length: 55 }, (_, i) => `s${i}`);
    const view = renderView(molecule(ids.map((id) => step(id, 'pending'))), chainProto(ids));
    expect(view).toContain('_Showing 0 of 55 steps');
    expect(view).toContain('```mermaid');
  });

  it('honours maxTableRows and maxGraphNodes', () => {
    const view = renderView(molecule(steps), proto, { maxTableRows: 2, maxGraphNodes: 3 });
    expect(tableRows(view).map((r) => r[1])).toEqual(['`implement`', '`review`']);
    expect(view).toContain('The graph is left out: 4 steps');
  });

  it('never lets a note mention people, inject HTML or break out of its line', () => {
    const view = renderView(
      molecule([step('a', 'failed', { error: '@octocat <script>x</script>\n| # done' })]),
    );
    const note = tableRows(view)[0]?.[4] ?? '';
    expect(note).not.toMatch(/@\w/);
    expect(note).not.toContain('<');
    expect(note).toBe('@\u200boctocat &lt;script&gt;x&lt;/script&gt; \\| # done');
  });
});

describe('renderSummaryView', () => {
  it('keeps the heading and progress but drops the table and the graph', () => {
    const mol = molecule([step('a', 'completed'), step('b', 'pending')]);
    const view = renderSummaryView(mol, chainProto(['a', 'b']));
    expect(view).toContain('### 🔄 Ship the login page');
    expect(view).toContain('1/2 (50%)');
    expect(view).not.toContain('| Status');
    expect(view).not.toContain('```mermaid');
    expect(view).toContain('`mol status mol-7`');
  });
});

describe('progressBar', () => {
  it('fills in proportion, rounding down short of done', () => {
    expect(progressBar(4, 8, 8)).toBe('▓▓▓▓░░░░ 4/8 (50%)');
    expect(progressBar(0, 3, 6)).toBe('░░░░░░ 0/3 (0%)');
    expect(progressBar(3, 3, 6)).toBe('▓▓▓▓▓▓ 3/3 (100%)');
    // 199 of 200 is not finished: the bar keeps one empty cell and the percentage stays under 100.
    expect(progressBar(199, 200, 10)).toBe('▓▓▓▓▓▓▓▓▓░ 199/200 (99%)');
    expect(progressBar(0, 0, 4)).toBe('░░░░ 0/0');
    expect(progressBar(1_234, 5_000, 4)).toBe('▓░░░ 1,234/5,000 (24%)');
  });
});

describe('markdown escaping', () => {
  it('escapes markdown and HTML in inline text and cuts long text on a code point', () => {
    expect(inlineText('*a* _b_ [c](d) `e` ~f~ a|b <i> & \\')).toBe(
      '\\*a\\* \\_b\\_ \\[c\\](d) \\`e\\` \\~f\\~ a\\|b &lt;i&gt; &amp; \\\\',
    );
    expect(inlineText('😀😀😀', 2)).toBe('😀…');
  });

  it('makes code spans that survive backticks and pipes', () => {
    expect(codeSpan('plain')).toBe('`plain`');
    expect(codeSpan('a`b')).toBe('`` a`b ``');
    expect(codeSpan('a|b')).toBe('`a\\|b`');
  });
});
