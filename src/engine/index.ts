// The engine's public surface: everything the faces (and library users) may call. Pure.
export * from './codec/capacity.js';
export * from './codec/decode.js';
export * from './codec/encode.js';
export * from './commands/command-events.js';
export * from './commands/grammar.js';
export * from './commands/parse-commands.js';
export {
  approvalGate,
  type CommandPermissionTable,
  DEFAULT_COMMAND_PERMISSIONS,
  type Permission,
  type PermissionAsk,
  type PermissionLevel,
  permissionAtLeast,
  requiredPermission,
  stricter,
} from './commands/permissions.js';
export * from './cook/cook.js';
export * from './cook/default-retries.js';
export * from './cook/proto.js';
export { substitute } from './cook/substitute.js';
export { bindVars } from './cook/vars.js';
export { closest, didYouMean, editDistance } from './did-you-mean.js';
export * from './duration.js';
export * from './errors.js';
export * from './formula/condition.js';
export * from './formula/formula-schema.js';
export * from './formula/formula-source.js';
export * from './formula/parse-formula.js';
export type { ParsedFormula } from './formula/parsed-formula.js';
export * from './molecule/effects.js';
export * from './molecule/lease.js';
export * from './molecule/machine/molecule-machine.js';
export * from './molecule/machine/serialize.js';
export * from './molecule/machine/step-machine.js';
export * from './molecule/mentions.js';
export * from './molecule/molecule-schema.js';
export * from './molecule/ops/adhoc-proto.js';
export * from './molecule/ops/events.js';
export * from './molecule/ops/pour.js';
export * from './molecule/ops/transition.js';
export * from './molecule/patrol-decisions.js';
export * from './molecule/progress.js';
export * from './molecule/scheduler.js';
export * from './molecule/status-labels.js';
export * from './molecule/statuses.js';
export * from './molecule/store.js';
export * from './molecule/timer-gate.js';
export * from './render/markdown.js';
export * from './render/mermaid.js';
