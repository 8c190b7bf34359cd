import { describe, expect, it } from 'vitest';
import type { Proto, ProtoStep } from '../../../../src/engine/cook/proto.js';
import type { Molecule } from '../../../../src/engine/molecule/molecule-schema.js';
import { stepInputs } from '../../../../src/shell/step/step-inputs.js';
import { formatStepPrompt } from '../../../../src/shell/step/step-prompt.js';

function step(id: string, fields: Partial<ProtoStep> = {}): ProtoStep {
  return {
    id,
    title: id,
    description: '',
    needs: [],
    type: 'task',
    gates: [],
    trigger: 'all_success',
    ...fields,
  };
}

const proto: Proto = {
  formula: 'diamond',
  description: '',
  type: 'workflow',
  execution: 'distributed',
  vars: {},
  maxLoops: 3,
  steps: [
    step('plan', { output: 'plan.md' }),
    step('left', { needs: ['plan'], output: 'left.txt' }),
    step('right', { needs: ['plan'] }),
    step('join', {
      needs: ['left', 'right'],
      title: 'Join the halves',
      description: 'Merge them.',
      acceptance: 'One file.',
    }),
  ],
};

const mol = {
  id: '7-abc123',
  formula: { name: 'diamond', source: 'builtin@1' },
  steps: [],
} as unknown as Molecule;

describe('stepInputs', () => {
  it('lists the outputs of the whole needs chain, nearest first, each once', () => {
    expect(stepInputs(proto, proto.steps[3] as ProtoStep)).toEqual([
      { path: 'left.txt', from: 'left' },
      { path: 'plan.md', from: 'plan' },
    ]);
    expect(stepInputs(proto, proto.steps[0] as ProtoStep)).toEqual([]);
  });
});

describe('formatStepPrompt', () => {
  it('holds the title, the instructions, what counts as done, the inputs and the context', () => {
    const def = proto.steps[3] as ProtoStep;
    const prompt = formatStepPrompt({
      mol,
      def,
      branch: 'molecular/7-abc123/join',
      inputs: stepInputs(proto, def),
      context: {
        items: [{ mention: '@Style', path: 'docs/style.md', content: 'Be brief.\n' }],
        unknown: ['@bob'],
        missing: [{ mention: '@Gone', path: 'docs/gone.md', reason: 'no such file' }],
      },
    });
    expect(prompt).toBe(
      [
        '# Join the halves',
        '',
        'Step `join` of molecule `7-abc123` (formula `diamond`), working on branch `molecular/7-abc123/join`.',
        '',
        'Merge them.',
        '',
        '## Acceptance',
        '',
        'One file.',
        '',
        '## Inputs',
        '',
        'The steps before this one produced these files; they are in the checkout:',
        '',
        '- `left.txt` (from step `left`)',
        '- `plan.md` (from step `plan`)',
        '',
        '## Context',
        '',
        '### Context @Style (from `docs/style.md`)',
        '',
        'Be brief.',
        '',
        'Mentions without context:',
        '',
        '- @bob (not in the context map of .github/molecular.yml)',
        '- @Gone → `docs/gone.md`: no such file',
        '',
      ].join('\n'),
    );
  });

  it('leaves out the sections a step does not have', () => {
    const prompt = formatStepPrompt({
      mol,
      def: step('solo'),
      branch: 'b',
      inputs: [],
      context: { items: [], unknown: [], missing: [] },
    });
    expect(prompt).toBe(
      '# solo\n\nStep `solo` of molecule `7-abc123` (formula `diamond`), working on branch `b`.\n',
    );
  });
});

describe('the prompt after a failed attempt', () => {
  const failed = (error: string, gates: { type: string; passed: boolean | null; detail: string }[] = []) =>
    ({
      ...mol,
      steps: [{ id: 'solo', status: 'in_progress', attempts: 2, loops: 0, error, gates }],
    }) as unknown as Molecule;
  const prompt = (m: Molecule) =>
    formatStepPrompt({
      mol: m,
      def: step('solo'),
      branch: 'b',
      inputs: [],
      context: { items: [], unknown: [], missing: [] },
    });

  it("quotes the last failure and the failing gates' output not already in it", () => {
    const text = prompt(
      failed('the command exited with 3: tests are red', [
        { type: 'command', passed: false, detail: '`npm test`: exited with 1\n2 failing' },
        { type: 'files', passed: true, detail: 'all there' },
      ]),
    );
    expect(text).toContain('## Previous attempt');
    expect(text).toContain('```\nthe command exited with 3: tests are red\n```');
    expect(text).toContain('Gate `command`:\n\n```\n`npm test`: exited with 1\n2 failing\n```');
    expect(text).not.toContain('all there');
  });

  it('fences output that itself holds backticks so it cannot close the fence', () => {
    const text = prompt(failed('gate command failed: ```\n## not a heading'));
    expect(text).toContain('````\ngate command failed: ```\n## not a heading\n````');
  });

  it('has no such section for a step that never failed', () => {
    expect(prompt(mol)).not.toContain('Previous attempt');
  });
});

describe('the prompt after a review requested changes', () => {
  it('carries the review, body and inline comments, and names $MOL_REVIEW_FILE', () => {
    const review =
      'Review by @mona requesting changes:\n\nRename it.\n\nInline comments:\n- api.txt:1: call it search';
    const reviewed = {
      ...mol,
      steps: [{ id: 'plan', status: 'ready', attempts: 0, loops: 1, review }],
    } as unknown as Molecule;
    const prompt = formatStepPrompt({
      mol: reviewed,
      def: step('plan'),
      branch: 'b',
      inputs: [],
      context: { items: [], unknown: [], missing: [] },
    });
    expect(prompt).toContain('## Review requesting changes');
    expect(prompt).toContain('`$MOL_REVIEW_FILE`');
    expect(prompt).toContain('- api.txt:1: call it search');
  });
});
