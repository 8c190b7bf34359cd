import type { StepState } from '../molecule-schema.js';
import type { Proto } from '../proto.js';

/** The steps of a just-poured molecule: all pending, nothing attempted. */
export function freshSteps(proto: Proto): StepState[] {
  return proto.steps.map((s) => ({ id: s.id, status: 'pending', attempts: 0, loops: 0 }));
}
