// The engine's public surface: everything the faces (and library users) may call. Pure.
export * from './codec/capacity.js';
export * from './codec/decode.js';
export * from './codec/encode.js';
export * from './commands/grammar.js';
export * from './commands/parse-commands.js';
export {
  type CommandPermissionTable,
  DEFAULT_COMMAND_PERMISSIONS,
  type PermissionLevel,
  permissionAtLeast,
  requiredPermission,
} from './commands/permissions.js';
export * from './condition.js';
export * from './context.js';
export * from './cook/cook.js';
export { substitute } from './cook/substitute.js';
export { bindVars } from './cook/vars.js';
export * from './duration.js';
export * from './effects.js';
export * from './errors.js';
export * from './formula-schema.js';
export * from './machine/molecule-machine.js';
export * from './machine/serialize.js';
export * from './machine/step-machine.js';
export * from './manager.js';
export * from './molecule-schema.js';
export * from './ops/events.js';
export * from './ops/pour.js';
export * from './ops/transition.js';
export * from './parse-formula.js';
export type { ParsedFormula } from './parsed-formula.js';
export * from './patrol.js';
export * from './progress.js';
export * from './proto.js';
export * from './render/markdown.js';
export * from './render/mermaid.js';
export * from './scheduler.js';
export * from './store.js';
