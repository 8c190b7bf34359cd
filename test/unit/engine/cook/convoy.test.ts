import { describe, expect, it } from 'vitest';
import { cook } from '../../../../src/engine/cook/cook.js';
import { formula } from './fixture.js';

const CONVOY = `formula = "review"
type = "convoy"
[inputs.pr]
description = "Pull request"
required_unless = ["branch"]
[inputs.topic]
required = true
[output]
directory = ".reviews/{{.review_id}}"
[[legs]]
id = "correctness"
title = "Correctness for {{topic}}"
focus = "Logic and edge cases"
description = "Read every branch."
[[legs]]
id = "style"
description = "Names and layout."
[[legs]]
id = "speed"
focus = "Hot paths"
[synthesis]
title = "Synthesis"
description = "Combine into {{.output.directory}}/summary.md"
`;

describe('cook: convoys', () => {
  const result = cook(formula(CONVOY), { vars: { topic: 'auth' } });
  if (!result.ok) throw new Error(result.error.message);
  const { proto } = result.value;

  it('runs the legs side by side and the synthesis after them all', () => {
    expect(proto.type).toBe('convoy');
    expect(proto.steps.map((s) => [s.id, s.needs])).toEqual([
      ['correctness', []],
      ['style', []],
      ['speed', []],
      ['synthesis', ['correctness', 'style', 'speed']],
    ]);
  });

  it("leads each leg's description with its focus, and titles default to the id", () => {
    expect(proto.steps[0]).toMatchObject({
      title: 'Correctness for auth',
      description: 'Focus: Logic and edge cases\n\nRead every branch.',
    });
    expect(proto.steps[1]).toMatchObject({ title: 'style', description: 'Names and layout.' });
    expect(proto.steps[2]?.description).toBe('Focus: Hot paths');
  });

  it("keeps Gas Town's Go-template text as written", () => {
    expect(proto.steps[3]?.description).toBe('Combine into {{.output.directory}}/summary.md');
  });

  it('treats inputs as vars, required_unless as optional', () => {
    expect(proto.vars).toEqual({
      pr: { description: 'Pull request', required: false },
      topic: { required: true },
    });
  });

  it('lets the synthesis name its own id and needs', () => {
    const text = CONVOY.replace(
      '[synthesis]',
      '[synthesis]\nid = "merge"\ndepends_on = ["correctness", "style"]',
    );
    const cooked = cook(formula(text));
    if (!cooked.ok) throw new Error(cooked.error.message);
    expect(cooked.value.proto.steps.at(-1)).toMatchObject({ id: 'merge', needs: ['correctness', 'style'] });
  });

  it('refuses a convoy with no legs', () => {
    const cooked = cook(formula('formula = "empty"\ntype = "convoy"\n'));
    expect(!cooked.ok && cooked.error.message).toBe('formula "empty" has no legs: there is nothing to run');
  });
});
