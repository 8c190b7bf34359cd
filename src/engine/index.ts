// The engine's public surface: everything the faces (and library users) may call. Pure.

export { moleculeBranchPrefix, moleculeOfResultBranch, resultBranch, stepBranch } from './branch-names.js';
export * from './budget/budget.js';
export * from './budget/prices.js';
export * from './budget/usage.js';
// Used by the shell and the faces.
export { DEFAULT_STATE_BUDGET_BYTES } from './codec/budget.js';
export * from './codec/capacity.js';
export { claimedId } from './codec/claimed-id.js';
export { commentSafeJson } from './codec/comment-safe-json.js';
export * from './codec/decode.js';
export * from './codec/encode.js';
export { findHiddenBlock, findStateBlock, type HiddenBlock } from './codec/state-block.js';
export * from './commands/command-events.js';
export * from './commands/grammar.js';
export * from './commands/parse-commands.js';
export {
  approvalGate,
  type CommandPermissionKey,
  type CommandPermissionTable,
  DEFAULT_COMMAND_PERMISSIONS,
  type Permission,
  type PermissionAsk,
  type PermissionLevel,
  permissionAtLeast,
  readLevelVouched,
  requiredPermission,
  stricter,
} from './commands/permissions.js';
export * from './cook/cook.js';
export * from './cook/default-retries.js';
export * from './cook/proto.js';
export { bindVars } from './cook/vars.js';
export * from './dashboard/dashboard-boxes.js';
export * from './dashboard/molecule-summary.js';
export * from './dashboard/render-dashboard.js';
export { closest, didYouMean, editDistance } from './did-you-mean.js';
export * from './duration.js';
export * from './errors.js';
export * from './formula/condition.js';
export * from './formula/description-files.js';
export * from './formula/formula-schema.js';
export * from './formula/parse-formula.js';
export type { ParsedFormula } from './formula/parsed-formula.js';
export { substitute } from './formula/substitute.js';
export * from './molecule/delivery.js';
export * from './molecule/effects.js';
export * from './molecule/fanout.js';
export * from './molecule/formula-source.js';
export * from './molecule/gate-registry.js';
export * from './molecule/gated-commit.js';
export * from './molecule/lease.js';
export * from './molecule/machine/molecule-machine.js';
export * from './molecule/machine/serialize.js';
export * from './molecule/machine/step-machine.js';
export * from './molecule/mentions.js';
export * from './molecule/molecule-schema.js';
export * from './molecule/need-branches.js';
export * from './molecule/ops/adhoc-proto.js';
export { conflictSentence } from './molecule/ops/delivered.js';
export * from './molecule/ops/events.js';
export { TRANSIENT_EXIT_STATUS } from './molecule/ops/fail.js';
export { unknownStep } from './molecule/ops/find-step.js';
export { listChanges, sharedCopy } from './molecule/ops/molecule-lists.js';
export * from './molecule/ops/pour.js';
export * from './molecule/ops/transition.js';
export * from './molecule/patrol-decisions.js';
export * from './molecule/progress.js';
export * from './molecule/rewisp.js';
export * from './molecule/scheduler.js';
export * from './molecule/status-labels.js';
export * from './molecule/statuses.js';
export * from './molecule/step-budgets.js';
export * from './molecule/step-waits.js';
export * from './molecule/store.js';
export * from './molecule/timer-gate.js';
export { REF_NAME_RULE, refNameProblem, refPartProblem } from './ref-name.js';
export { codeSpan, escapeHtml, inlineText, truncate } from './render/escape-markdown.js';
export { groupDigits } from './render/group-digits.js';
export * from './render/markdown.js';
export * from './render/mermaid.js';
export { progressBar, settledSteps } from './render/progress-bar.js';
export { MOLECULE_STATUS_EMOJI, STEP_STATUS_EMOJI, statusWords } from './render/status-emoji.js';
export { renderStepTable } from './render/step-table.js';
