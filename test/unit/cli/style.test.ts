/**
 * Colour and symbols: on a terminal only, NO_COLOR and FORCE_COLOR as their conventions say, and
 * tables that stay aligned in terminal cells with emoji, CJK and colour codes in them.
 */
import { stripVTControlCharacters } from 'node:util';
import fc from 'fast-check';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { report, stepTable, table } from '../../../src/cli/print.js';
import { finishedLine, startedLine } from '../../../src/cli/progress-lines.js';
import { PLAIN, styleFor } from '../../../src/cli/style.js';
import type { Molecule } from '../../../src/engine/molecule/molecule-schema.js';
import { makeProto, pourMol, protoStep } from '../../helpers/engine-fixtures.js';

const ESC = '\x1b[';
const tty = { isTTY: true };
const pipe = { isTTY: false };

describe('styleFor', () => {
  it.each([
    ['a terminal', tty, {}, { color: true, symbols: true }],
    ['a pipe', pipe, {}, { color: false, symbols: false }],
    ['a terminal with NO_COLOR', tty, { NO_COLOR: '1' }, { color: false, symbols: true }],
    ['a terminal with an empty NO_COLOR', tty, { NO_COLOR: '' }, { color: true, symbols: true }],
    ['a dumb terminal', tty, { TERM: 'dumb' }, { color: false, symbols: true }],
    ['a pipe with FORCE_COLOR=1', pipe, { FORCE_COLOR: '1' }, { color: true, symbols: false }],
    ['a pipe with an empty FORCE_COLOR', pipe, { FORCE_COLOR: '' }, { color: true, symbols: false }],
    ['a terminal with FORCE_COLOR=0', tty, { FORCE_COLOR: '0' }, { color: false, symbols: true }],
    ['a terminal with FORCE_COLOR=false', tty, { FORCE_COLOR: 'false' }, { color: false, symbols: true }],
    [
      'FORCE_COLOR and NO_COLOR together',
      pipe,
      { FORCE_COLOR: '1', NO_COLOR: '1' },
      { color: true, symbols: false },
    ],
  ])('%s', (_, stream, env, expected) => {
    const style = styleFor(stream, env);
    expect({ color: style.color, symbols: style.symbols }).toEqual(expected);
    const status = style.status('completed');
    expect(status.includes(ESC)).toBe(expected.color);
    expect(status.startsWith('✅ ')).toBe(expected.symbols);
    expect(stripVTControlCharacters(status).replace('✅ ', '')).toBe('completed');
  });
});

function wideMolecule(): { mol: Molecule; proto: ReturnType<typeof makeProto> } {
  const proto = makeProto([
    protoStep('launch', [], { title: '🚀 Launch the rocket' }),
    protoStep('kanji', ['launch'], { title: '日本語のタイトル' }),
    protoStep('plain', ['kanji'], { title: 'Plain title' }),
    protoStep('long', ['plain'], {
      title: '非常に長い日本語のタイトルが四十セルを超えると省略記号で切り詰められる',
    }),
  ]);
  const { mol } = pourMol(proto);
  // A note in the last column shows where every row's previous columns end.
  const steps = mol.steps.map((s, i) => ({
    ...s,
    attempts: i,
    note: `note ${s.id}`,
    ...(i === 0 ? { status: 'completed' as const } : {}),
  }));
  return { mol: { ...mol, steps }, proto };
}

/** Cells before the last column, per line: equal when the table is aligned on a terminal. */
function lastColumnStarts(text: string, lastCells: string[]): number[] {
  const lines = text.split('\n').slice(1);
  return lines.map((line, i) => stringWidth(line) - stringWidth(lastCells[i] ?? ''));
}

describe('tables in terminal cells', () => {
  it('the step table aligns emoji and CJK titles, plain and on a colour terminal', () => {
    const { mol, proto } = wideMolecule();
    const notes = mol.steps.map((s) => `note ${s.id}`);
    for (const style of [PLAIN, styleFor(tty, {})]) {
      const text = stepTable(mol, proto, style);
      const starts = lastColumnStarts(text, notes);
      expect(new Set(starts).size, text).toBe(1);
      // The header's NOTE column starts there too.
      const header = stripVTControlCharacters(text.split('\n')[0] ?? '');
      expect(stringWidth(header.slice(0, header.indexOf('NOTE')))).toBe(starts[0]);
    }
  });

  it('clips a long CJK title to 40 cells, not 40 characters', () => {
    const { mol, proto } = wideMolecule();
    const row =
      stepTable(mol, proto)
        .split('\n')
        .find((l) => l.startsWith('long')) ?? '';
    const title = row.slice(row.indexOf('非'), row.indexOf('…') + 1);
    expect(title.endsWith('…')).toBe(true);
    expect(stringWidth(title)).toBeLessThanOrEqual(40);
    expect(stringWidth(title)).toBeGreaterThanOrEqual(39);
  });

  it('any cells of narrow, wide and emoji characters line up (property)', () => {
    const cell = fc
      .array(fc.constantFrom('a', 'Z', '7', '日', '本', 'é', '🚀', '✅', '⏭️', '…', '▓', ' x'), {
        maxLength: 6,
      })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.array(fc.tuple(cell, cell, cell), { minLength: 1, maxLength: 6 }), (rows) => {
        const last = rows.map((r) => `end${r[2]}`);
        const text = table(
          ['A', 'B', 'C', 'END'],
          rows.map((r, i) => [...r, last[i] ?? '']),
        );
        expect(new Set(lastColumnStarts(text, last)).size).toBe(1);
      }),
    );
  });

  it('piped, a report has no escape codes and no status symbols', () => {
    const { mol, proto } = wideMolecule();
    const plain = report(mol, proto, PLAIN);
    expect(plain).not.toContain(ESC);
    expect(plain).not.toContain('✅');
    expect(plain).toMatch(/^launch {2}completed {2}/m);
    const colored = report(mol, proto, styleFor(tty, {}));
    expect(colored).toContain(ESC);
    expect(colored).toMatch(/^launch {2}✅ \x1b\[32mcompleted\x1b\[39m {2}/m);
    const noColor = report(mol, proto, styleFor(tty, { NO_COLOR: '1' }));
    expect(noColor).not.toContain(ESC);
    expect(noColor).toMatch(/^launch {2}✅ completed {2}/m);
  });

  it('progress lines have a symbol only on a terminal, coloured only on a colour one', () => {
    const { mol, proto } = wideMolecule();
    const def = proto.steps[0]!;
    const step = mol.steps[0]!;
    expect(startedLine(step, def)).toBe('started launch: 🚀 Launch the rocket');
    expect(startedLine(step, def, styleFor(tty, { NO_COLOR: '1' }))).toBe('▶ launch: 🚀 Launch the rocket');
    expect(startedLine(step, def, styleFor(tty, {}))).toBe('\x1b[36m▶\x1b[39m launch: 🚀 Launch the rocket');
    const outcome = { status: 'completed' as const, gates: [] };
    expect(finishedLine(step, mol, def, outcome, 1500)).toBe('launch completed in 2s · 0 files');
    expect(finishedLine(step, mol, def, outcome, 1500, styleFor(tty, { NO_COLOR: '1' }))).toBe(
      '✓ launch completed in 2s · 0 files',
    );
    expect(finishedLine(step, mol, def, outcome, 1500, styleFor(tty, {}))).toBe(
      '\x1b[32m✓\x1b[39m launch completed in 2s · 0 files',
    );
  });
});
