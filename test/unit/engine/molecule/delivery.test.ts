import { describe, expect, it } from 'vitest';
import {
  closedPullEvents,
  deliveringStep,
  deliveryBranches,
  deliveryDue,
  pullRequestText,
} from '../../../../src/engine/molecule/delivery.js';
import { conflictSentence } from '../../../../src/engine/molecule/ops/delivered.js';
import { renderView } from '../../../../src/engine/render/markdown.js';
import { apply, makeProto, pourMol, protoStep, run } from '../../../helpers/engine-fixtures.js';

const PR = {
  title: 'T',
  body: '',
  draft: true,
  labels: [],
  reviewers: [],
  teamReviewers: [],
  closesIssue: true,
};
const steps = [protoStep('plan'), protoStep('code', ['plan']), protoStep('docs', ['code'])];
const done = (step: string) => ({ type: 'complete' as const, step, branch: `molecular/m1/${step}` });

describe('delivery in the engine', () => {
  it('delivers once every step is done when no step is named, then not before', () => {
    const proto = makeProto(steps, { pullRequest: PR });
    expect(deliveringStep(proto)).toBe('docs');
    let mol = pourMol(proto).mol;
    const first = apply(proto, mol, done('plan'));
    expect(first.effects.filter((e) => e.type === 'deliver')).toEqual([]);
    mol = run(proto, first.mol, [done('code')]);
    const last = apply(proto, mol, done('docs'));
    expect(last.effects.filter((e) => e.type === 'deliver')).toEqual([
      {
        type: 'deliver',
        step: 'docs',
        branches: ['molecular/m1/docs'],
      },
    ]);
  });

  it('delivers when `after` completes and again on every later completion', () => {
    const proto = makeProto(steps, { pullRequest: { ...PR, after: 'code' } });
    let mol = run(proto, pourMol(proto).mol, [done('plan')]);
    expect(deliveryDue(proto, mol)).toBe(false);
    const opened = apply(proto, mol, done('code'));
    expect(opened.effects.find((e) => e.type === 'deliver')).toMatchObject({ step: 'code' });
    mol = opened.mol;
    const later = apply(proto, mol, done('docs'));
    expect(later.effects.find((e) => e.type === 'deliver')).toMatchObject({ step: 'docs' });
    expect(deliveryBranches(proto, later.mol)).toEqual(['molecular/m1/docs']);
  });

  it("ends the body with the face's notes, and the state comment shows the note", () => {
    const proto = makeProto(steps, { pullRequest: PR });
    const mol = { ...pourMol(proto).mol, subject: { issue: 4 } };
    const { body } = pullRequestText(proto, mol, ['⚠️ CI will not run on this pull request.']);
    expect(body.split('\n\n')).toEqual([
      'Closes #4',
      '---\nDelivered by Molecular: molecule `m1` (formula `test`); its state and `/mol` commands are on #4.',
      '⚠️ CI will not run on this pull request.',
    ]);
    const delivery = {
      branch: 'molecular/m1/-result',
      pr: 7,
      note: '⚠️ CI will not run on this pull request.',
    };
    const noted = apply(proto, mol, { type: 'delivered', delivery }).mol;
    expect(renderView(noted, proto)).toContain('> ⚠️ CI will not run on this pull request.');
  });

  it("fills {{title}} with the issue's title from the pour, the molecule's without one", () => {
    const proto = makeProto(steps, { pullRequest: { ...PR, title: 'Ship {{issue}}: {{title}}' } });
    const mol = pourMol(proto).mol;
    const onIssue = { ...mol, subject: { issue: 4, title: 'Add search' } };
    expect(pullRequestText(proto, onIssue).title).toBe('Ship #4: Add search');
    expect(pullRequestText(proto, { ...mol, subject: { issue: 4 } }).title).toBe(`Ship #4: ${mol.title}`);
  });

  it('merges the tips: parallel steps both, a chain only its end', () => {
    const fork = [protoStep('plan'), protoStep('api', ['plan']), protoStep('ui', ['plan'])];
    const proto = makeProto(fork, { pullRequest: PR });
    const mol = run(proto, pourMol(proto).mol, [done('plan'), done('api')]);
    const last = apply(proto, mol, done('ui'));
    expect(last.effects.find((e) => e.type === 'deliver')).toEqual({
      type: 'deliver',
      step: 'ui',
      branches: ['molecular/m1/api', 'molecular/m1/ui'],
    });
  });

  it('fails a completed step whose work conflicts on the result branch, naming the paths', () => {
    const proto = makeProto(steps, { pullRequest: PR });
    const mol = run(proto, pourMol(proto).mol, [done('plan'), done('code'), done('docs')]);
    expect(mol.status).toBe('complete');
    const failed = apply(proto, mol, {
      type: 'delivery-failed',
      step: 'docs',
      error: conflictSentence('docs', 'molecular/m1/-result', ['README.md', 'src/a.ts']),
    }).mol;
    expect(failed.status).toBe('failed');
    expect(failed.steps.find((s) => s.id === 'docs')?.error).toContain(
      'does not merge into molecular/m1/-result: conflicts in README.md, src/a.ts',
    );
  });

  it('asks for nothing without [pull_request]', () => {
    const proto = makeProto(steps);
    const mol = run(proto, pourMol(proto).mol, [done('plan'), done('code')]);
    expect(apply(proto, mol, done('docs')).effects.some((e) => e.type === 'deliver')).toBe(false);
  });

  it('records the pull request once, and shows it in the state comment', () => {
    const proto = makeProto(steps, { pullRequest: PR });
    const mol = pourMol(proto).mol;
    const delivery = {
      branch: 'molecular/m1/-result',
      pr: 7,
      url: 'https://github.com/o/r/pull/7',
      state: 'open' as const,
    };
    const recorded = apply(proto, mol, { type: 'delivered', delivery });
    expect(recorded.mol.delivery).toEqual(delivery);
    expect(recorded.mol.history.at(-1)).toMatchObject({ event: 'delivered', note: '#7 (open)' });
    // A second replica finding the same pull request writes nothing.
    expect(apply(proto, recorded.mol, { type: 'delivered', delivery }).mol).toBe(recorded.mol);
    expect(renderView(recorded.mol, proto)).toContain(
      '**Pull request** [#7](https://github.com/o/r/pull/7) · open · from `molecular/m1/-result`',
    );
  });

  it('passes pr-merged gates on merge, and marks the delivery merged', () => {
    const gated = [...steps.slice(0, 2), protoStep('docs', ['code'], { gates: [{ type: 'pr-merged' }] })];
    const proto = makeProto(gated, { pullRequest: PR });
    let mol = run(proto, pourMol(proto).mol, [done('plan'), done('code'), done('docs')]);
    mol = apply(proto, mol, { type: 'delivered', delivery: { branch: 'molecular/m1/-result', pr: 9 } }).mol;
    expect(mol.steps.find((s) => s.id === 'docs')?.status).toBe('awaiting_gate');
    const events = closedPullEvents(proto, mol, { number: 9, merged: true, by: 'mona' }, 'keep');
    const after = run(proto, mol, events);
    expect(after.status).toBe('complete');
    expect(after.delivery?.state).toBe('merged');
  });

  it('closed unmerged: burn burns, fail fails the delivering step, keep only records it', () => {
    const proto = makeProto(steps, { pullRequest: PR });
    const mol = run(proto, pourMol(proto).mol, [done('plan'), done('code'), done('docs')]);
    const pull = { number: 9, merged: false, by: 'mona' };
    expect(closedPullEvents(proto, mol, pull, 'burn')).toEqual([{ type: 'burn', by: 'mona', force: true }]);
    expect(run(proto, mol, closedPullEvents(proto, mol, pull, 'fail')).status).toBe('failed');
    expect(run(proto, mol, closedPullEvents(proto, mol, pull, 'keep')).status).toBe('complete');
  });
});
