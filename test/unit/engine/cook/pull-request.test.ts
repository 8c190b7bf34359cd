import { describe, expect, it } from 'vitest';
import { cook } from '../../../../src/engine/cook/cook.js';
import { parseFormula } from '../../../../src/engine/formula/parse-formula.js';
import { formula, library, lineOf } from './fixture.js';

const STEPS = `
[[steps]]
id = "plan"
[[steps]]
id = "code"
needs = ["plan"]
[[steps]]
id = "docs"
needs = ["code"]
`;

describe('[pull_request] at cook', () => {
  it('fills in the defaults and binds vars, leaving the delivery placeholders', () => {
    const text = `[vars]
topic = { default = "search" }
[pull_request]
title = "Add {{topic}}"
body = "{{summary}} for {{issue}}"
${STEPS}`;
    const result = cook(formula(text));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.proto.pullRequest).toEqual({
      title: 'Add search',
      body: '{{summary}} for {{issue}}',
      draft: true,
      labels: [],
      reviewers: [],
      teamReviewers: [],
      closesIssue: true,
    });
  });

  it('keeps every key the issue names', () => {
    const text = `[pull_request]
title = "T"
base = "develop"
draft = false
labels = ["molecular"]
reviewers = ["mona"]
team_reviewers = ["core"]
after = "code"
closes_issue = false
auto_merge = "squash"
${STEPS}`;
    const parsed = formula(text);
    // Lint mode knows every key: none is reported unknown.
    expect(parsed.warnings).toEqual([]);
    const result = cook(parsed);
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.proto.pullRequest).toMatchObject({
      base: 'develop',
      draft: false,
      labels: ['molecular'],
      reviewers: ['mona'],
      teamReviewers: ['core'],
      after: 'code',
      closesIssue: false,
      autoMerge: 'squash',
    });
    expect(result.value.warnings).toEqual([]);
  });

  it('is inherited through extends', () => {
    const parent = formula('formula = "base"\n[pull_request]\ntitle = "From base"\n', 'base.formula.toml');
    const result = cook(formula(`extends = "base"\n${STEPS}`), { library: library(parent) });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.proto.pullRequest?.title).toBe('From base');
  });

  it('refuses an after naming no step, at its key', () => {
    const text = `[pull_request]\nafter = "cod"\n${STEPS}`;
    const result = cook(formula(text));
    if (result.ok) throw new Error('expected an error');
    expect(result.error.code).toBe('unknown-pr-step');
    expect(result.error.message).toContain('(did you mean "code"?)');
    expect(result.error.line).toBe(lineOf(text, 'after'));
  });

  it('warns of a misspelt key in the table, as lint mode shows it', () => {
    const parsed = formula(`[pull_request]\nreviewer = ["mona"]\n${STEPS}`);
    expect(parsed.warnings.map((w) => w.message).join('\n')).toContain('reviewers');
  });

  it('refuses an auto_merge method GitHub does not have, at its key', () => {
    const text = `[pull_request]\nauto_merge = "fast-forward"\n${STEPS}`;
    const parsed = parseFormula(text, 'x.formula.toml');
    if (parsed.ok) throw new Error('expected an error');
    expect(parsed.error.message).toContain('auto_merge');
    expect(parsed.error.line).toBe(lineOf(text, 'auto_merge'));
  });
});

describe('on_changes_requested at cook', () => {
  it('accepts a step the delivering step needs and keeps it on the proto', () => {
    const text = `[pull_request]\nafter = "docs"\n${STEPS}on_changes_requested = "code"\n`;
    const result = cook(formula(text));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.proto.steps.find((s) => s.id === 'docs')?.onChangesRequested).toBe('code');
  });

  it('refuses a target that does not come before the delivering step', () => {
    const text = `[pull_request]\nafter = "code"\n${STEPS.replace('needs = ["plan"]', 'needs = ["plan"]\non_changes_requested = "docs"')}`;
    const result = cook(formula(text));
    if (result.ok) throw new Error('expected an error');
    expect(result.error.code).toBe('unknown-on-changes-requested');
    expect(result.error.message).toContain('"docs" does not come before it');
    expect(result.error.line).toBe(lineOf(text, 'on_changes_requested'));
  });

  it('warns when the key sits on a step no review reaches', () => {
    const text = `[pull_request]\n${STEPS.replace('needs = ["plan"]', 'needs = ["plan"]\non_changes_requested = "plan"')}`;
    const result = cook(formula(text));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.warnings.map((w) => w.code)).toEqual(['on-changes-requested-ignored']);
    expect(result.value.warnings[0]?.message).toContain('the delivering step "docs"');
  });
});
