import type { Proto } from './proto.js';

const withDefaults = new WeakMap<Proto, Map<number, Proto>>();

/**
 * The proto with a configured default filled into steps that set no `max_retries`. Cached per
 * proto and value, so the same proto object comes back (and the engine's index of it stays warm).
 */
export function withDefaultRetries(proto: Proto, retries: number | undefined): Proto {
  if (retries === undefined || proto.steps.every((s) => s.maxRetries !== undefined)) return proto;
  let byRetries = withDefaults.get(proto);
  if (!byRetries) {
    byRetries = new Map();
    withDefaults.set(proto, byRetries);
  }
  let filled = byRetries.get(retries);
  if (!filled) {
    filled = {
      ...proto,
      steps: proto.steps.map((s) => (s.maxRetries === undefined ? { ...s, maxRetries: retries } : s)),
    };
    byRetries.set(retries, filled);
  }
  return filled;
}
