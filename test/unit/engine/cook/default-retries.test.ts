import { describe, expect, it } from 'vitest';
import { withDefaultRetries } from '../../../../src/engine/cook/default-retries.js';
import { makeProto, protoStep } from '../../../helpers/engine-fixtures.js';

describe('withDefaultRetries', () => {
  it('fills only the steps that set no max_retries, and hands back the same object each time', () => {
    const proto = makeProto([protoStep('a'), protoStep('b', ['a'], { maxRetries: 0 })]);
    const filled = withDefaultRetries(proto, 5);
    expect(filled.steps.map((s) => s.maxRetries)).toEqual([5, 0]);
    expect(proto.steps[0]?.maxRetries).toBeUndefined();
    expect(withDefaultRetries(proto, 5)).toBe(filled);
    expect(withDefaultRetries(proto, 1).steps[0]?.maxRetries).toBe(1);
  });

  it('returns the proto itself when every step sets its own', () => {
    const proto = makeProto([protoStep('a', [], { maxRetries: 3 })]);
    expect(withDefaultRetries(proto, 5)).toBe(proto);
  });
});
