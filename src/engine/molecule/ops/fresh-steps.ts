import type { Proto } from '../../cook/proto.js';
import type { StepState } from '../molecule-schema.js';

/** The steps of a just-poured molecule: all pending, nothing attempted. */
export function freshSteps(proto: Proto): StepState[] {
  return proto.steps.map((s) => ({ id: s.id, status: 'pending', attempts: 0, loops: 0 }));
}
