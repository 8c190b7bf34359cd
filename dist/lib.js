import { createRequire as __molCreateRequire } from 'node:module'; const require = __molCreateRequire(import.meta.url);

// src/index.ts
import { randomBytes as randomBytes3 } from "node:crypto";

// src/engine/errors.ts
var ok = (value) => ({ ok: !0, value }), err = (code, message, place = {}) => ({
  ok: !1,
  error: { code, message, ...place }
});
function formatDiagnostic(d, severity = "error") {
  let sev = "severity" in d ? d.severity : severity;
  return `${[d.file ?? "<input>", d.line ?? 1, d.col ?? 1].join(":")}: ${sev}: ${d.message}`;
}
var MolecularError = class extends Error {
  code;
  place;
  diagnostics;
  constructor(error) {
    super(error.message), this.name = "MolecularError", this.code = error.code, this.place = { file: error.file, line: error.line, col: error.col }, this.diagnostics = error.diagnostics ?? [];
  }
};
function unwrap(result) {
  if (!result.ok) throw new MolecularError(result.error);
  return result.value;
}

// src/engine/ops/adhoc-proto.ts
import { z as z4 } from "zod";

// src/engine/molecule-schema.ts
import { z as z2 } from "zod";

// src/engine/formula-schema.ts
import { z } from "zod";
var FORMULA_TYPES = ["workflow", "convoy", "expansion", "aspect"], EXECUTION_MODES = ["local", "distributed"], STEP_TYPES = ["task", "human", "gate", "parallel"], TRIGGERS = ["all_success", "all_done", "one_failed"], PERMISSIONS = ["admin", "maintain", "write", "triage", "read"], text = z.string(), duration = z.string().regex(/^(\d+(\.\d+)?(ms|s|m|h|d|w))+$/, 'a duration such as "30m", "2h" or "1d"'), stringList = z.array(z.string()), VarObjectSchema = z.looseObject({
  description: text.optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  required: z.boolean().optional(),
  pattern: text.optional(),
  enum: stringList.optional(),
  type: text.optional(),
  required_unless: stringList.optional()
}), VarSchema = z.union([z.string(), VarObjectSchema]), GateSchema = z.discriminatedUnion("type", [
  z.looseObject({ type: z.literal("command"), run: text, timeout: duration.optional() }),
  z.looseObject({ type: z.literal("files"), paths: stringList }),
  z.looseObject({ type: z.literal("checks"), names: stringList.optional(), timeout: duration.optional() }),
  z.looseObject({ type: z.literal("approval"), permission: z.enum(PERMISSIONS).optional() }),
  z.looseObject({ type: z.literal("pr-merged") }),
  z.looseObject({ type: z.literal("timer"), after: duration }),
  z.looseObject({ type: z.literal("schema"), file: text, schema: text }),
  z.looseObject({ type: z.literal("conditional"), condition: text }),
  // Beads' names for the same gates, kept so its formulas run unchanged.
  z.looseObject({ type: z.literal("gh:run"), id: text.optional(), timeout: duration.optional() }),
  z.looseObject({ type: z.literal("gh:pr") }),
  z.looseObject({ type: z.literal("human"), permission: z.enum(PERMISSIONS).optional() })
]), stepShape = {
  id: text.min(1),
  title: text.optional(),
  description: text.optional(),
  needs: stringList.optional(),
  depends_on: stringList.optional(),
  output: text.optional(),
  acceptance: text.optional(),
  type: z.enum(STEP_TYPES).optional(),
  run: text.optional(),
  gate: z.union([GateSchema, z.array(GateSchema)]).optional(),
  gates: z.array(GateSchema).optional(),
  max_retries: z.number().int().min(0).optional(),
  on_fail: text.optional(),
  max_loops: z.number().int().min(0).optional(),
  timeout: duration.optional(),
  trigger: z.enum(TRIGGERS).optional(),
  condition: text.optional(),
  assignee: text.optional()
}, StepSchema = z.looseObject({
  ...stepShape,
  get children() {
    return z.array(StepSchema).optional();
  }
}), TemplateStepSchema = StepSchema, AdviceSchema = z.looseObject({
  target: text.optional(),
  before: z.array(StepSchema).optional(),
  after: z.array(StepSchema).optional(),
  around: z.looseObject({
    before: z.array(StepSchema).optional(),
    after: z.array(StepSchema).optional()
  }).optional()
}), LegSchema = z.looseObject({
  id: text.min(1),
  title: text.optional(),
  focus: text.optional(),
  description: text.optional(),
  output: text.optional(),
  run: text.optional()
}), SynthesisSchema = z.looseObject({
  id: text.optional(),
  title: text.optional(),
  description: text.optional(),
  depends_on: stringList.optional(),
  needs: stringList.optional(),
  output: text.optional(),
  run: text.optional()
}), SquashSchema = z.looseObject({
  trigger: text.optional(),
  template_type: text.optional(),
  include_metrics: z.boolean().optional(),
  template: text.optional()
}), ComposeSchema = z.looseObject({
  expand: z.array(z.looseObject({ target: text, with: text })).optional(),
  aspects: stringList.optional()
}), StepOverrideSchema = z.looseObject({
  step_id: text,
  mode: z.enum(["append", "replace"]).optional(),
  description: text.optional(),
  title: text.optional(),
  acceptance: text.optional(),
  run: text.optional()
}), FormulaSchema = z.looseObject({
  formula: text.min(1).optional(),
  description: text.optional(),
  version: z.union([z.number(), z.string()]).optional(),
  type: z.enum(FORMULA_TYPES).optional(),
  execution: z.enum(EXECUTION_MODES).optional(),
  vars: z.record(z.string(), VarSchema).optional(),
  inputs: z.record(z.string(), VarSchema).optional(),
  steps: z.array(StepSchema).optional(),
  extends: z.union([text, stringList]).optional(),
  compose: ComposeSchema.optional(),
  template: z.array(TemplateStepSchema).optional(),
  advice: z.array(AdviceSchema).optional(),
  pointcuts: z.array(z.looseObject({ glob: text })).optional(),
  legs: z.array(LegSchema).optional(),
  synthesis: SynthesisSchema.optional(),
  squash: SquashSchema.optional(),
  pour: z.boolean().optional(),
  phase: text.optional(),
  max_loops: z.number().int().min(0).optional(),
  max_retries: z.number().int().min(0).optional(),
  prompts: z.record(z.string(), z.unknown()).optional(),
  output: z.record(z.string(), z.unknown()).optional(),
  presets: z.record(z.string(), z.unknown()).optional(),
  "step-overrides": z.array(StepOverrideSchema).optional()
});

// src/engine/molecule-schema.ts
var STEP_STATUSES = [
  "pending",
  "ready",
  "in_progress",
  "awaiting_gate",
  "completed",
  "failed",
  "skipped",
  "blocked"
], MOLECULE_STATUSES = [
  "pending",
  "in_progress",
  "paused",
  "complete",
  "failed",
  "squashed",
  "burned"
], isoTime = z2.string().datetime({ offset: !0 }), BlobPinSchema = z2.object({ path: z2.string(), blobSha: z2.string().regex(/^[0-9a-f]{40,64}$/) }), FormulaRefSchema = z2.object({
  name: z2.string(),
  /** `{path, blobSha}` from a repository, `"builtin@<version>"`, or the formula itself for ad-hoc molecules. */
  source: z2.union([BlobPinSchema, z2.string().regex(/^builtin@/), z2.object({ inline: z2.unknown() })]),
  /** Formulas this one pulled in by name (extends, compose.expand, aspects), pinned the same way. */
  pins: z2.record(z2.string(), z2.union([BlobPinSchema, z2.string().regex(/^builtin@/)])).optional(),
  /** Overlays applied at cook time (`mol cook --overlay`), pinned. */
  overlays: z2.array(BlobPinSchema).optional()
}), CheckpointSchema = z2.object({
  commit: z2.string().optional(),
  filesModified: z2.array(z2.string()),
  testsPassed: z2.boolean(),
  notes: z2.string(),
  capturedAt: isoTime,
  /** Last lines of the step's output, so a failure can be read without the runner's logs. */
  outputTail: z2.string().optional()
}), GateResultSchema = z2.object({
  type: z2.string(),
  passed: z2.boolean().nullable(),
  // null: still waiting (approval, checks, timer)
  detail: z2.string()
}), LeaseSchema = z2.object({
  holder: z2.string(),
  runId: z2.string().optional(),
  expiresAt: isoTime
}), StepStateSchema = z2.object({
  id: z2.string(),
  status: z2.enum(STEP_STATUSES),
  /** How many times the step was started. */
  attempts: z2.number().int().min(0),
  /** How many times an `on_fail` loop sent this step back to pending. */
  loops: z2.number().int().min(0),
  startedAt: isoTime.optional(),
  completedAt: isoTime.optional(),
  lease: LeaseSchema.optional(),
  branch: z2.string().optional(),
  checkpoint: CheckpointSchema.optional(),
  gates: z2.array(GateResultSchema).optional(),
  error: z2.string().optional(),
  note: z2.string().optional(),
  nudgedAt: isoTime.optional(),
  /** When the step entered awaiting_gate (timer gates count from here). */
  awaitingSince: isoTime.optional()
}), HistoryEntrySchema = z2.object({
  at: isoTime,
  event: z2.string(),
  step: z2.string().optional(),
  from: z2.string().optional(),
  to: z2.string().optional(),
  by: z2.string().optional(),
  note: z2.string().optional()
}), SubjectSchema = z2.object({
  repo: z2.string().optional(),
  issue: z2.number().int().positive().optional(),
  pr: z2.number().int().positive().optional()
}), MoleculeSchema = z2.object({
  v: z2.literal(1),
  id: z2.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/),
  title: z2.string(),
  formula: FormulaRefSchema,
  vars: z2.record(z2.string(), z2.string()),
  kind: z2.enum(["mol", "wisp"]),
  status: z2.enum(MOLECULE_STATUSES),
  subject: SubjectSchema,
  base: z2.object({ ref: z2.string(), sha: z2.string().optional() }),
  execution: z2.enum(EXECUTION_MODES),
  /** Bumped by every write: a store refuses a write whose rev is not the one it read. */
  rev: z2.number().int().min(0),
  createdAt: isoTime,
  updatedAt: isoTime,
  /** Wisps only: when the wisp evaporates. */
  expiresAt: isoTime.optional(),
  steps: z2.array(StepStateSchema),
  history: z2.array(HistoryEntrySchema),
  /** How many history entries were trimmed to fit the state budget. */
  historyTrimmed: z2.number().int().min(0).optional(),
  summary: z2.string().optional()
}), ArchiveRecordSchema = z2.object({
  v: z2.literal(1),
  id: z2.string(),
  title: z2.string(),
  formula: FormulaRefSchema,
  vars: z2.record(z2.string(), z2.string()),
  subject: SubjectSchema,
  outcome: z2.enum(["complete", "failed", "in_progress", "pending", "paused"]),
  summary: z2.string(),
  steps: z2.array(
    z2.object({
      id: z2.string(),
      status: z2.enum(STEP_STATUSES),
      attempts: z2.number().int().min(0),
      commit: z2.string().optional()
    })
  ),
  metrics: z2.object({ durationMs: z2.number(), attempts: z2.number(), retries: z2.number(), loops: z2.number() }),
  createdAt: isoTime,
  squashedAt: isoTime
});

// src/engine/machine/serialize.ts
function serializeMolecule(mol) {
  return JSON.stringify(mol);
}
function deserializeMolecule(json) {
  let data;
  try {
    data = JSON.parse(json);
  } catch (e) {
    return err("invalid-json", `molecule state is not valid JSON: ${e.message}`);
  }
  let parsed = MoleculeSchema.safeParse(data, { reportInput: !0 });
  if (parsed.success) return ok(parsed.data);
  let diagnostics = parsed.error.issues.map((issue) => ({
    severity: "error",
    code: "invalid-state",
    message: describeIssue(issue)
  })), first = diagnostics[0], more = diagnostics.length > 1 ? ` (and ${diagnostics.length - 1} more problem${diagnostics.length > 2 ? "s" : ""})` : "";
  return {
    ok: !1,
    error: { code: "invalid-state", message: `molecule state: ${first.message}${more}`, diagnostics }
  };
}
function formatPath(path) {
  let out = "";
  for (let key of path)
    typeof key == "number" ? out += `[${key}]` : out += out ? `.${String(key)}` : String(key);
  return out || "(the document)";
}
function describeIssue(issue) {
  let where3 = formatPath(issue.path), got = "input" in issue ? ` got ${shown(issue.input)}` : "";
  switch (issue.code) {
    case "invalid_value":
      return `${where3} must be ${issue.values.length === 1 ? shown(issue.values[0]) : `one of ${issue.values.map(String).join(", ")}`},${got}`;
    case "invalid_type":
      return issue.input === void 0 ? `${where3} is missing (expected ${issue.expected})` : `${where3} must be ${issue.expected},${got}`;
    default:
      return `${where3}: ${issue.message}${got ? `;${got}` : ""}`;
  }
}
function shown(value) {
  let text2 = JSON.stringify(value);
  return text2 === void 0 ? String(value) : text2.length > 60 ? `${text2.slice(0, 57)}...` : text2;
}

// src/engine/proto.ts
import { z as z3 } from "zod";
var ProtoGateSchema = z3.discriminatedUnion("type", [
  z3.object({ type: z3.literal("command"), run: z3.string(), timeout: z3.string().optional() }),
  z3.object({ type: z3.literal("files"), paths: z3.array(z3.string()) }),
  z3.object({ type: z3.literal("checks"), names: z3.array(z3.string()), timeout: z3.string().optional() }),
  z3.object({ type: z3.literal("approval"), permission: z3.enum(PERMISSIONS) }),
  z3.object({ type: z3.literal("pr-merged") }),
  z3.object({ type: z3.literal("timer"), after: z3.string() }),
  z3.object({ type: z3.literal("schema"), file: z3.string(), schema: z3.string() }),
  z3.object({ type: z3.literal("conditional"), condition: z3.string() })
]), ProtoStepSchema = z3.object({
  id: z3.string(),
  title: z3.string(),
  description: z3.string(),
  needs: z3.array(z3.string()),
  type: z3.enum(["task", "human", "gate"]),
  output: z3.string().optional(),
  acceptance: z3.string().optional(),
  run: z3.string().optional(),
  gates: z3.array(ProtoGateSchema),
  /** Undefined: the configured default (2) applies. */
  maxRetries: z3.number().int().min(0).optional(),
  onFail: z3.string().optional(),
  maxLoops: z3.number().int().min(0).optional(),
  timeout: z3.string().optional(),
  trigger: z3.enum(TRIGGERS),
  condition: z3.string().optional(),
  assignee: z3.string().optional(),
  /** Set on the children of a Gas Town parallel group, and on the group's join step. */
  group: z3.string().optional()
}), ProtoVarSchema = z3.object({
  description: z3.string().optional(),
  default: z3.string().optional(),
  required: z3.boolean(),
  pattern: z3.string().optional(),
  enum: z3.array(z3.string()).optional()
}), ProtoSchema = z3.object({
  formula: z3.string(),
  description: z3.string(),
  version: z3.union([z3.number(), z3.string()]).optional(),
  type: z3.enum(FORMULA_TYPES),
  execution: z3.enum(EXECUTION_MODES),
  vars: z3.record(z3.string(), ProtoVarSchema),
  steps: z3.array(ProtoStepSchema),
  /** Molecule-wide bound on `on_fail` loops (a step's own `max_loops` wins). */
  maxLoops: z3.number().int().min(0),
  squash: z3.object({
    template: z3.string().optional(),
    templateType: z3.string().optional(),
    includeMetrics: z3.boolean()
  }).optional(),
  /** Gas Town's `phase = "vapor"`: the formula prefers to run as a wisp. */
  phase: z3.string().optional()
}), DEFAULT_MAX_RETRIES = 2, DEFAULT_MAX_LOOPS = 3;

// src/engine/ops/proto-index.ts
var cache = /* @__PURE__ */ new WeakMap();
function indexProto(proto) {
  let hit = cache.get(proto);
  return hit || (hit = buildIndex(proto), cache.set(proto, hit)), hit;
}
function buildIndex(proto) {
  let position = /* @__PURE__ */ new Map();
  if (proto.steps.forEach((step2, i) => {
    position.has(step2.id) || position.set(step2.id, i);
  }), position.size !== proto.steps.length) {
    let dup = proto.steps.find((s, i) => position.get(s.id) !== i);
    return err("invalid-proto", `proto "${proto.formula}" has two steps with the id "${dup?.id}"`);
  }
  let needs = [], dependents = proto.steps.map(() => []);
  for (let [i, step2] of proto.steps.entries()) {
    let mine = [];
    for (let need of step2.needs) {
      let j = position.get(need);
      if (j === void 0)
        return err(
          "invalid-proto",
          `step "${step2.id}" of proto "${proto.formula}" needs "${need}", which is not a step`
        );
      mine.push(j), dependents[j].push(i);
    }
    if (needs.push(mine), step2.onFail !== void 0 && !position.has(step2.onFail))
      return err(
        "invalid-proto",
        `step "${step2.id}" of proto "${proto.formula}" loops back to "${step2.onFail}", which is not a step`
      );
  }
  let cycle = findCycle(proto.steps, needs);
  return cycle ? err("invalid-proto", `proto "${proto.formula}" has a cycle: ${cycle.join(" -> ")}`) : ok({ steps: proto.steps, position, needs, dependents });
}
function findCycle(steps, needs) {
  let waiting = needs.map((n) => n.length), dependents = steps.map(() => []);
  needs.forEach((n, i) => {
    for (let j of n) dependents[j].push(i);
  });
  let queue = waiting.flatMap((w, i) => w === 0 ? [i] : []), seen = 0;
  for (; queue.length > 0; ) {
    let i = queue.pop();
    seen++;
    for (let d of dependents[i])
      waiting[d] = waiting[d] - 1, waiting[d] === 0 && queue.push(d);
  }
  if (seen === steps.length) return;
  let at = waiting.findIndex((w) => w > 0), path = [], onPath = /* @__PURE__ */ new Map();
  for (; !onPath.has(at); )
    onPath.set(at, path.length), path.push(at), at = needs[at].find((j) => waiting[j] > 0);
  return [...path.slice(onPath.get(at)), at].reverse().map((i) => steps[i].id);
}
function downstreamOf(index, from) {
  let seen = /* @__PURE__ */ new Set(), stack = [...from];
  for (; stack.length > 0; ) {
    let i = stack.pop();
    for (let d of index.dependents[i])
      seen.has(d) || (seen.add(d), stack.push(d));
  }
  return [...seen].sort((a, b) => a - b);
}
function upstreamOf(index, from) {
  let seen = /* @__PURE__ */ new Set(), stack = [from];
  for (; stack.length > 0; ) {
    let i = stack.pop();
    for (let n of index.needs[i])
      seen.has(n) || (seen.add(n), stack.push(n));
  }
  return [...seen].sort((a, b) => a - b);
}
var matched = /* @__PURE__ */ new WeakMap();
function checkMatches(index, proto, mol) {
  if (matched.get(mol.steps) === proto) return ok(!0);
  if (!(mol.steps.length === index.steps.length && mol.steps.every((s, i) => s.id === index.steps[i].id))) {
    let ids = (list) => list.map((s) => s.id).join(", ");
    return err(
      "proto-mismatch",
      `molecule "${mol.id}" has steps [${ids(mol.steps)}] but its formula "${proto.formula}" has [${ids(index.steps)}]`
    );
  }
  return matched.set(mol.steps, proto), ok(!0);
}
function markMatches(mol, proto) {
  matched.set(mol.steps, proto);
}

// src/engine/ops/adhoc-proto.ts
var InlineFormulaSchema = z4.object({
  formula: z4.string().min(1),
  description: z4.string().optional(),
  steps: z4.array(
    z4.object({
      id: z4.string().min(1),
      title: z4.string().optional(),
      description: z4.string().optional(),
      needs: z4.array(z4.string()).optional(),
      max_retries: z4.number().int().min(0).optional()
    })
  ).min(1)
});
function adhocProto(inline) {
  let parsed = InlineFormulaSchema.safeParse(inline);
  if (!parsed.success) {
    let issue = parsed.error.issues[0];
    return err(
      "invalid-formula",
      `ad-hoc formula: ${issue ? `${formatPath(issue.path)}: ${issue.message}` : "invalid"}`
    );
  }
  let f = parsed.data, proto = {
    formula: f.formula,
    description: f.description ?? "",
    type: "workflow",
    execution: "local",
    vars: {},
    maxLoops: DEFAULT_MAX_LOOPS,
    steps: f.steps.map((s) => ({
      id: s.id,
      title: s.title ?? s.id,
      description: s.description ?? "",
      needs: s.needs ?? [],
      type: "task",
      gates: [],
      trigger: "all_success",
      ...s.max_retries === void 0 ? {} : { maxRetries: s.max_retries }
    }))
  }, index = indexProto(proto);
  return index.ok ? ok(proto) : index;
}

// src/engine/cook/substitute.ts
var PLACEHOLDER = /\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g;
function substitute(text2, vars) {
  return text2.includes("{{") ? text2.replace(
    PLACEHOLDER,
    (whole, name) => Object.hasOwn(vars, name) ? vars[name] : whole
  ) : text2;
}
var RUN_PLACEHOLDER = /\{\{\s*[A-Za-z_][\w.-]*\s*\}\}/;

// src/engine/condition.ts
var MAX_DEPTH = 64, MAX_TOKENS = 256, PLACEHOLDER_HERE = new RegExp(`^${PLACEHOLDER.source}`);
function evaluateCondition(expr, vars) {
  let parsed = parseCondition(substituteCondition(expr, vars));
  return parsed.ok ? ok(truthy(evaluate(parsed.value, vars))) : parsed;
}
function substituteCondition(expr, vars) {
  if (!expr.includes("{{")) return expr;
  let out = "", quote;
  for (let i = 0; i < expr.length; ) {
    let c = expr[i], placeholder = c === "{" ? PLACEHOLDER_HERE.exec(expr.slice(i)) : null;
    if (placeholder && Object.hasOwn(vars, placeholder[1])) {
      let value = vars[placeholder[1]];
      out += quote ? escapeQuoted(value, quote) : `'${escapeQuoted(value, "'")}'`, i += placeholder[0].length;
      continue;
    }
    if (quote && c === "\\") {
      out += expr.slice(i, i + 2), i += 2;
      continue;
    }
    (c === "'" || c === '"') && (quote = quote === void 0 ? c : quote === c ? void 0 : quote), out += c, i++;
  }
  return out;
}
var escapeQuoted = (value, quote) => value.replace(/\\/g, "\\\\").replaceAll(quote, `\\${quote}`);
function conditionVars(node) {
  switch (node.kind) {
    case "literal":
      return [];
    case "var":
      return [node.name];
    case "not":
      return conditionVars(node.operand);
    default:
      return [...conditionVars(node.left), ...conditionVars(node.right)];
  }
}
function parseCondition(expr) {
  let tokens = tokenize(expr);
  if (!tokens.ok) return tokens;
  let list = tokens.value, at = 0, failure, peek = () => list[at], fail4 = (message, token) => {
    failure ??= { message, col: token.col };
  }, parseOr = (depth) => {
    let left = parseAnd(depth);
    for (; left && peek().value === "||"; ) {
      at++;
      let right = parseAnd(depth);
      left = right && { kind: "or", left, right };
    }
    return left;
  }, parseAnd = (depth) => {
    let left = parseUnary(depth);
    for (; left && peek().value === "&&"; ) {
      at++;
      let right = parseUnary(depth);
      left = right && { kind: "and", left, right };
    }
    return left;
  }, parseUnary = (depth) => {
    if (depth > MAX_DEPTH) return fail4(`nesting deeper than ${MAX_DEPTH} levels`, peek());
    if (peek().value === "!" && peek().kind === "op") {
      at++;
      let operand = parseUnary(depth + 1);
      return operand && { kind: "not", operand };
    }
    return parseCompare(depth);
  }, parseCompare = (depth) => {
    let left = parsePrimary(depth), op = peek();
    if (!left || op.kind !== "op" || op.value !== "==" && op.value !== "!=") return left;
    at++;
    let right = parsePrimary(depth);
    return right && { kind: op.value === "==" ? "eq" : "ne", left, right };
  }, parsePrimary = (depth) => {
    let token = peek();
    if (token.kind === "text")
      return at++, { kind: "literal", value: token.value };
    if (token.kind === "name")
      return at++, token.value === "true" || token.value === "false" ? { kind: "literal", value: token.value } : /^[0-9]/.test(token.value) ? { kind: "literal", value: token.value } : { kind: "var", name: token.value };
    if (token.value === "(") {
      at++;
      let inner = parseOr(depth + 1);
      return inner ? peek().value !== ")" ? fail4(`expected ")" but found ${describe(peek())}`, peek()) : (at++, inner) : void 0;
    }
    return fail4(`expected a name, a quoted text or "(" but found ${describe(token)}`, token);
  }, tree = parseOr(0);
  if (tree && peek().kind !== "end" && fail4(`unexpected ${describe(peek())}`, peek()), failure || !tree) {
    let f = failure ?? { message: "empty condition", col: 1 };
    return err("bad-condition", `condition "${expr}": ${f.message} at column ${f.col}`, { col: f.col });
  }
  return ok(tree);
}
function tokenize(expr) {
  let tokens = [], i = 0;
  for (; i < expr.length; ) {
    let c = expr[i], col = i + 1;
    if (/\s/.test(c))
      i++;
    else if (c === "'" || c === '"') {
      let value = "";
      for (i++; i < expr.length && expr[i] !== c; )
        expr[i] === "\\" && i + 1 < expr.length && i++, value += expr[i], i++;
      if (i >= expr.length)
        return err(
          "bad-condition",
          `condition "${expr}": text opened with ${c} is never closed at column ${col}`,
          { col }
        );
      i++, tokens.push({ kind: "text", value, col });
    } else if (c === "{" && PLACEHOLDER_HERE.test(expr.slice(i))) {
      let whole = PLACEHOLDER_HERE.exec(expr.slice(i));
      tokens.push({ kind: "name", value: whole[1], col }), i += whole[0].length;
    } else if (/[A-Za-z0-9_]/.test(c)) {
      let name = /^[A-Za-z0-9_][A-Za-z0-9_.-]*/.exec(expr.slice(i))?.[0];
      tokens.push({ kind: "name", value: name, col }), i += name.length;
    } else {
      let two = expr.slice(i, i + 2);
      if (two === "==" || two === "!=" || two === "&&" || two === "||")
        tokens.push({ kind: "op", value: two, col }), i += 2;
      else if (c === "!" || c === "(" || c === ")")
        tokens.push({ kind: "op", value: c, col }), i++;
      else {
        let hint = c === "=" ? ' (compare with "==")' : c === "&" || c === "|" ? ` (write "${c}${c}")` : "";
        return err("bad-condition", `condition "${expr}": unexpected "${c}"${hint} at column ${col}`, {
          col
        });
      }
    }
  }
  if (tokens.length > MAX_TOKENS) {
    let col = tokens[MAX_TOKENS].col;
    return err(
      "bad-condition",
      `condition is longer than ${MAX_TOKENS} words and operators at column ${col}`,
      { col }
    );
  }
  return tokens.push({ kind: "end", value: "", col: expr.length + 1 }), ok(tokens);
}
function describe(token) {
  return token.kind === "end" ? "the end" : token.kind === "text" ? `the text "${token.value}"` : `"${token.value}"`;
}
function evaluate(node, vars) {
  switch (node.kind) {
    case "literal":
      return node.value;
    case "var":
      return Object.hasOwn(vars, node.name) ? vars[node.name] : "";
    case "not":
      return !truthy(evaluate(node.operand, vars));
    case "and":
      return truthy(evaluate(node.left, vars)) && truthy(evaluate(node.right, vars));
    case "or":
      return truthy(evaluate(node.left, vars)) || truthy(evaluate(node.right, vars));
    case "eq":
      return String(evaluate(node.left, vars)) === String(evaluate(node.right, vars));
    case "ne":
      return String(evaluate(node.left, vars)) !== String(evaluate(node.right, vars));
  }
}
function truthy(value) {
  return typeof value == "boolean" ? value : value !== "" && value !== "false" && value !== "0";
}

// src/engine/machine/step-machine.ts
var STEP_EVENTS = [
  "ready",
  "block",
  "unblock",
  "condition-error",
  "start",
  "complete",
  "gates",
  "approve",
  "fail",
  "timeout",
  "auto-retry",
  "retry",
  "skip",
  "nudge",
  "release",
  "resume",
  "loop",
  "rollback",
  "reset"
], SWEEP = { loop: ["pending"], rollback: ["pending"], reset: ["pending"] }, GATE_OUTCOMES = ["completed", "awaiting_gate", "failed"], STEP_MACHINE = {
  pending: {
    ready: ["ready"],
    block: ["blocked"],
    skip: ["skipped"],
    "condition-error": ["failed"],
    ...SWEEP
  },
  ready: {
    start: ["in_progress"],
    // A person may report a step done without a recorded start (`/mol done` on a human step).
    complete: GATE_OUTCOMES,
    skip: ["skipped"],
    ...SWEEP
  },
  in_progress: {
    // Re-start: a no-op for the lease holder, a takeover once its lease has expired.
    start: ["in_progress"],
    complete: GATE_OUTCOMES,
    fail: ["failed"],
    timeout: ["failed"],
    nudge: ["in_progress"],
    release: ["ready"],
    resume: ["ready"],
    ...SWEEP
  },
  awaiting_gate: {
    complete: GATE_OUTCOMES,
    gates: GATE_OUTCOMES,
    approve: ["completed", "awaiting_gate"],
    fail: ["failed"],
    skip: ["skipped"],
    ...SWEEP
  },
  completed: {
    // Redelivered completions and late gate results are answered with a no-op, not an error.
    complete: ["completed"],
    gates: ["completed"],
    approve: ["completed"],
    ...SWEEP
  },
  failed: {
    "auto-retry": ["ready"],
    retry: ["ready"],
    skip: ["skipped"],
    ...SWEEP
  },
  skipped: { ...SWEEP },
  blocked: {
    unblock: ["pending"],
    retry: ["pending"],
    skip: ["skipped"],
    ...SWEEP
  }
}, TERMINAL_STEP_STATUSES = /* @__PURE__ */ new Set([
  "completed",
  "failed",
  "skipped",
  "blocked"
]), ACTIVE_STEP_STATUSES = /* @__PURE__ */ new Set([
  "ready",
  "in_progress",
  "awaiting_gate"
]);

// src/engine/scheduler.ts
var isFailure = (s) => s === "failed" || s === "blocked", isSuccess = (s) => s === "completed" || s === "skipped", isDone = (s) => TERMINAL_STEP_STATUSES.has(s);
function triggerVerdict(trigger, needs) {
  switch (trigger) {
    case "all_success":
      return needs.some(isFailure) ? "block" : needs.every(isSuccess) ? "ready" : "wait";
    case "all_done":
      return needs.every(isDone) ? "ready" : "wait";
    case "one_failed":
      return needs.some(isFailure) ? "ready" : needs.every(isDone) ? "skip" : "wait";
  }
}
function advance(d, candidates = []) {
  let queue = [...candidates];
  for (; ; ) {
    for (let i2 of d.takeChanges())
      queue.push(i2, ...d.index.dependents[i2]);
    let i = queue.pop();
    if (i === void 0) return;
    d.step(i).status === "pending" && decide(d, i);
  }
}
function decide(d, i) {
  let def = d.def(i), needs = d.index.needs[i].map((n) => d.step(n).status), verdict = triggerVerdict(def.trigger, needs);
  if (verdict !== "wait") {
    if (verdict === "block") {
      let culprit = d.index.needs[i].find((n) => isFailure(d.step(n).status)), how = d.step(culprit).status === "failed" ? "failed" : "is blocked";
      d.move(i, "block", "blocked", { note: `need "${d.step(culprit).id}" ${how}` });
      return;
    }
    if (verdict === "skip") {
      d.move(i, "skip", "skipped", { note: `no need failed (trigger ${def.trigger})` });
      return;
    }
    if (def.condition !== void 0) {
      let holds = evaluateCondition(def.condition, d.base.vars);
      if (!holds.ok) {
        d.move(i, "condition-error", "failed", { note: holds.error.message }, { error: holds.error.message });
        return;
      }
      if (!holds.value) {
        d.move(i, "skip", "skipped", { note: `condition "${def.condition}" is false` });
        return;
      }
    }
    d.move(i, "ready", "ready");
  }
}
function settle(d) {
  if (d.status !== "pending" && d.status !== "in_progress" && d.status !== "paused") return;
  let culprit = -1;
  for (let i = 0; i < d.size; i++) {
    let status = d.step(i).status;
    if (status === "pending" || ACTIVE_STEP_STATUSES.has(status)) return;
    culprit < 0 && (status === "blocked" || status === "failed" && !recovered(d, i)) && (culprit = i);
  }
  if (culprit < 0) {
    d.moveMolecule("settle", "complete", { note: `all ${d.size} steps done` });
    return;
  }
  let step2 = d.step(culprit);
  d.moveMolecule("settle", "failed", {
    note: `step "${step2.id}" ${step2.status}${step2.error ? `: ${step2.error}` : ""}`
  });
}
function recovered(d, i) {
  return d.index.dependents[i].some(
    (j) => d.def(j).trigger === "one_failed" && d.step(j).status === "completed"
  );
}
function readySteps(proto, mol) {
  let known = new Set(proto.steps.map((s) => s.id));
  return mol.steps.filter((s) => s.status === "ready" && known.has(s.id)).map((s) => s.id);
}

// src/engine/machine/molecule-machine.ts
var MOLECULE_EVENTS = [
  "start",
  "complete",
  "gates",
  "approve",
  "fail",
  "timeout",
  "retry",
  "skip",
  "nudge",
  "release",
  "resume",
  "rollback",
  "pause",
  "unpause",
  "squash",
  "squash-unfinished",
  "burn",
  "evaporate",
  "reset",
  "force-reset",
  "settle"
], FINAL = { burn: ["burned"], evaporate: ["burned"] }, MOLECULE_MACHINE = {
  pending: {
    start: ["in_progress"],
    complete: ["in_progress"],
    skip: ["in_progress"],
    resume: ["pending"],
    pause: ["paused"],
    "squash-unfinished": ["squashed"],
    "force-reset": ["pending"],
    settle: ["complete", "failed"],
    ...FINAL
  },
  in_progress: {
    start: ["in_progress"],
    complete: ["in_progress"],
    gates: ["in_progress"],
    approve: ["in_progress"],
    fail: ["in_progress"],
    timeout: ["in_progress"],
    retry: ["in_progress"],
    skip: ["in_progress"],
    nudge: ["in_progress"],
    release: ["in_progress"],
    resume: ["in_progress"],
    rollback: ["in_progress"],
    pause: ["paused"],
    "squash-unfinished": ["squashed"],
    "force-reset": ["pending"],
    settle: ["complete", "failed"],
    ...FINAL
  },
  paused: {
    complete: ["paused"],
    gates: ["paused"],
    approve: ["paused"],
    fail: ["paused"],
    timeout: ["paused"],
    retry: ["paused"],
    skip: ["paused"],
    nudge: ["paused"],
    release: ["paused"],
    rollback: ["paused"],
    unpause: ["in_progress", "pending"],
    "squash-unfinished": ["squashed"],
    "force-reset": ["pending"],
    settle: ["complete", "failed"],
    ...FINAL
  },
  complete: {
    complete: ["complete"],
    gates: ["complete"],
    approve: ["complete"],
    rollback: ["in_progress"],
    squash: ["squashed"],
    reset: ["pending"],
    "force-reset": ["pending"],
    ...FINAL
  },
  failed: {
    complete: ["failed"],
    gates: ["failed"],
    approve: ["failed"],
    retry: ["in_progress"],
    skip: ["in_progress"],
    rollback: ["in_progress"],
    squash: ["squashed"],
    reset: ["pending"],
    "force-reset": ["pending"],
    ...FINAL
  },
  squashed: {},
  burned: {}
}, FINAL_MOLECULE_STATUSES = /* @__PURE__ */ new Set(["squashed", "burned"]), TERMINAL_MOLECULE_STATUSES = /* @__PURE__ */ new Set(["complete", "failed"]), LIVE_MOLECULE_STATUSES = /* @__PURE__ */ new Set([
  "pending",
  "in_progress",
  "paused"
]);
function statusLabel(status) {
  if (LIVE_MOLECULE_STATUSES.has(status)) return "molecule:active";
  if (status === "complete") return "molecule:complete";
  if (status === "failed") return "molecule:failed";
}
function labelChange(from, to) {
  let before = statusLabel(from), after = to === "squashed" && TERMINAL_MOLECULE_STATUSES.has(from) ? before : statusLabel(to);
  if (before !== after)
    return { add: after ? [after] : [], remove: before ? [before] : [] };
}

// src/engine/machine/table.ts
function canTransition(table, from, event) {
  return targetsOf(table, from, event).length > 0;
}
function targetsOf(table, from, event) {
  return table[from][event] ?? [];
}

// src/engine/ops/draft.ts
var HISTORY_LIMIT = 1e3, Draft = class {
  constructor(proto, index, base, now) {
    this.proto = proto;
    this.index = index;
    this.base = base;
    this.now = now;
    this.at = now.toISOString(), this.status0 = base.status, this.status = base.status, this.steps = base.steps;
  }
  proto;
  index;
  base;
  now;
  at;
  status0;
  status;
  effects = [];
  /** The base's steps until the first change, then a copy (so a no-op costs nothing). */
  steps;
  copied = /* @__PURE__ */ new Set();
  ownSteps = !1;
  entries = [];
  readied = /* @__PURE__ */ new Set();
  again = /* @__PURE__ */ new Set();
  pendingChanges = [];
  fields = {};
  dirty = !1;
  get size() {
    return this.steps.length;
  }
  step(i) {
    return this.steps[i];
  }
  def(i) {
    return this.index.steps[i];
  }
  position(id) {
    return this.index.position.get(id);
  }
  /** Change a step's fields without changing its status; `undefined` removes a field. */
  patch(i, patch) {
    this.ownSteps || (this.steps = this.steps.slice(), this.ownSteps = !0), this.copied.has(i) || (this.steps[i] = { ...this.steps[i] }, this.copied.add(i));
    let target = this.steps[i];
    for (let [key, value] of Object.entries(patch))
      value === void 0 ? delete target[key] : target[key] = value;
    this.dirty = !0;
  }
  /** Change a step's status along the step machine; anything else is a bug in the engine. */
  move(i, event, to, info = {}, patch = {}) {
    let from = this.step(i).status;
    if (!canTransition(STEP_MACHINE, from, event) || !STEP_MACHINE[from][event]?.includes(to))
      throw new Error(`engine bug: step "${this.step(i).id}" cannot go ${from} -> ${to} on ${event}`);
    this.patch(i, patch);
    let id = this.step(i).id;
    this.entries.push(entry(this.at, event, { step: id, from, to, ...info })), from !== to && (this.steps[i].status = to, this.effects.push(
      info.note ? { type: "step-status", step: id, from, to, note: info.note } : { type: "step-status", step: id, from, to }
    ), this.pendingChanges.push(i), to === "ready" && this.readied.add(i));
  }
  /** A history entry for something that changed no status (a nudge, a rollback, a resume). */
  record(event, info = {}) {
    this.entries.push(entry(this.at, event, { ...info, from: this.status, to: this.status })), this.dirty = !0;
  }
  moveMolecule(event, to, info = {}) {
    let from = this.status;
    if (from === to) return;
    if (!MOLECULE_MACHINE[from][event]?.includes(to))
      throw new Error(`engine bug: molecule "${this.base.id}" cannot go ${from} -> ${to} on ${event}`);
    this.status = to, this.dirty = !0, this.entries.push(entry(this.at, event, { from, to, ...info })), this.effects.push({ type: "molecule-status", from, to });
    let labels = labelChange(from, to);
    labels && this.effects.push({ type: "labels", ...labels });
  }
  set(key, value) {
    this.fields[key] = value, this.dirty = !0;
  }
  emit(effect) {
    this.effects.push(effect);
  }
  /** Dispatch a step that is already ready again (resume after a crash, unpause). */
  redispatch(i) {
    this.again.add(i);
  }
  /** Steps whose status changed since the last call: the scheduler looks at them and their dependents. */
  takeChanges() {
    let changes = this.pendingChanges;
    return this.pendingChanges = [], changes;
  }
  get changed() {
    return this.dirty || this.entries.length > 0;
  }
  build() {
    let effects = [...this.effects, ...this.dispatches()];
    if (!this.changed) return { mol: this.base, effects };
    let history = this.entries.length > 0 ? [...this.base.history, ...this.entries] : this.base.history, trimmed = this.base.historyTrimmed ?? 0;
    history.length > HISTORY_LIMIT && (trimmed += history.length - HISTORY_LIMIT, history = history.slice(history.length - HISTORY_LIMIT));
    let mol = {
      ...this.base,
      ...this.fields,
      status: this.status,
      steps: this.steps,
      history,
      rev: this.base.rev + 1,
      updatedAt: this.at
    };
    return trimmed > 0 && (mol.historyTrimmed = trimmed), markMatches(mol, this.proto), { mol, effects };
  }
  /**
   * One dispatch per step that this operation made ready (a step that was ready before and only
   * passed through pending was dispatched already), plus explicit re-dispatches; none while the
   * molecule may not run.
   */
  dispatches() {
    if (this.status !== "pending" && this.status !== "in_progress") return [];
    let chosen = new Set(this.again);
    for (let i of this.readied) this.base.steps[i].status !== "ready" && chosen.add(i);
    return [...chosen].filter((i) => this.step(i).status === "ready").sort((a, b) => a - b).map((i) => ({ type: "dispatch", step: this.step(i).id, baseBranches: this.baseBranches(i) }));
  }
  /** The branches the step's needs recorded, in needs order: what a distributed step checks out. */
  baseBranches(i) {
    let branches = [];
    for (let n of this.index.needs[i]) {
      let branch = this.step(n).branch;
      branch !== void 0 && branches.push(branch);
    }
    return branches;
  }
};
function entry(at, event, info) {
  let e = { at, event };
  for (let [key, value] of Object.entries(info))
    value !== void 0 && (e[key] = value);
  return e;
}

// src/engine/ops/fresh-steps.ts
function freshSteps(proto) {
  return proto.steps.map((s) => ({ id: s.id, status: "pending", attempts: 0, loops: 0 }));
}

// src/engine/ops/pour.ts
function pour(proto, opts) {
  let index = indexProto(proto);
  if (!index.ok) return index;
  if (!MoleculeSchema.shape.id.safeParse(opts.id).success)
    return err(
      "invalid-id",
      `"${opts.id}" cannot be a molecule id: use letters, digits, ".", "_" and "-", starting with a letter or digit`
    );
  if (proto.steps.length === 0) return err("empty-proto", `formula "${proto.formula}" has no steps to pour`);
  let kind = opts.kind ?? "mol", at = opts.now.toISOString(), poured = {
    v: 1,
    id: opts.id,
    title: opts.title ?? proto.formula,
    formula: opts.formula,
    vars: opts.vars,
    kind,
    status: "pending",
    subject: opts.subject ?? {},
    base: opts.base ?? { ref: "HEAD" },
    execution: proto.execution,
    rev: 0,
    createdAt: at,
    updatedAt: at,
    steps: freshSteps(proto),
    history: [
      {
        at,
        event: kind === "wisp" ? "wisp" : "pour",
        to: "pending",
        note: `formula "${opts.formula.name}"`,
        ...opts.by === void 0 ? {} : { by: opts.by }
      }
    ]
  };
  kind === "wisp" && opts.ttlMs !== void 0 && (poured.expiresAt = new Date(opts.now.getTime() + opts.ttlMs).toISOString());
  let d = new Draft(proto, index.value, poured, opts.now);
  d.emit({ type: "labels", add: ["molecule:active"], remove: [] }), advance(d, poured.steps.keys()), settle(d);
  let { mol, effects } = d.build();
  return { ok: !0, value: { mol: { ...mol, rev: 0 }, effects } };
}

// src/engine/machine/refusal.ts
var INVALID_TRANSITION = "invalid-transition", PAST = {
  ready: "made ready",
  block: "blocked",
  unblock: "unblocked",
  "condition-error": "failed on its condition",
  start: "started",
  complete: "completed",
  gates: "given gate results",
  approve: "approved",
  fail: "failed",
  timeout: "timed out",
  "auto-retry": "retried",
  retry: "retried",
  skip: "skipped",
  nudge: "nudged",
  release: "released",
  resume: "resumed",
  loop: "looped back",
  rollback: "rolled back",
  reset: "reset",
  pause: "paused",
  unpause: "unpaused",
  squash: "squashed",
  "squash-unfinished": "squashed",
  burn: "burned",
  evaporate: "evaporated",
  "force-reset": "force-reset",
  settle: "settled"
};
function refusalSentence(subject, id, status, event, hint) {
  let base = `${subject} "${id}" is ${status.replace("_", " ")}; it cannot be ${PAST[event]}`;
  return hint ? `${base} (${hint})` : base;
}
function refuse(subject, id, status, event, hint) {
  return err(INVALID_TRANSITION, refusalSentence(subject, id, status, event, hint));
}

// src/engine/duration.ts
var UNITS = {
  ms: 1,
  s: 1e3,
  m: 6e4,
  h: 36e5,
  d: 864e5,
  w: 6048e5
};
function parseDuration(text2) {
  let trimmed = text2.trim();
  if (!/^(\d+(\.\d+)?(ms|s|m|h|d|w))+$/.test(trimmed)) return;
  let total = 0;
  for (let match of trimmed.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h|d|w)/g))
    total += Number(match[1]) * UNITS[match[2]];
  return total;
}
function formatDuration(ms) {
  return ms < 1e3 ? `${Math.round(ms)}ms` : ms < 6e4 ? `${Math.round(ms / 1e3)}s` : ms < 36e5 ? `${Math.round(ms / 6e4)}m` : ms < 864e5 ? `${Math.round(ms / 36e4) / 10}h` : `${Math.round(ms / 864e4) / 10}d`;
}

// src/engine/ops/squash.ts
function squash(d, e) {
  let outcome = d.status, mol = d.base, durationMs = d.now.getTime() - Date.parse(mol.createdAt), summary = e.summary ?? templatedSummary(d.proto.squash?.template, mol, outcome, durationMs), attempts = mol.steps.reduce((n, s) => n + s.attempts, 0), record2 = {
    v: 1,
    id: mol.id,
    title: mol.title,
    formula: mol.formula,
    vars: mol.vars,
    subject: mol.subject,
    outcome,
    summary,
    steps: mol.steps.map((s) => ({
      id: s.id,
      status: s.status,
      attempts: s.attempts,
      ...s.checkpoint?.commit === void 0 ? {} : { commit: s.checkpoint.commit }
    })),
    metrics: {
      durationMs,
      attempts,
      retries: mol.steps.reduce((n, s) => n + Math.max(0, s.attempts - 1), 0),
      loops: mol.steps.reduce((n, s) => n + s.loops, 0)
    },
    createdAt: mol.createdAt,
    squashedAt: d.at
  };
  return d.set("summary", summary), d.moveMolecule(
    outcome === "complete" || outcome === "failed" ? "squash" : "squash-unfinished",
    "squashed",
    {
      by: e.by,
      note: summary
    }
  ), d.emit({ type: "archive", record: record2 }), deleteBranches(d, mol), ok(void 0);
}
function templatedSummary(template, mol, outcome, durationMs) {
  let completed = mol.steps.filter((s) => s.status === "completed").length, values = {
    title: mol.title,
    completed: String(completed),
    total: String(mol.steps.length),
    duration: formatDuration(durationMs),
    outcome
  };
  return template === void 0 || template.trim() === "" ? `${mol.title}: ${completed} of ${mol.steps.length} steps completed in ${values.duration} (${outcome})` : template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name) => values[name] ?? whole);
}
function deleteBranches(d, mol) {
  if (mol.execution !== "distributed") return;
  let branches = [...new Set(mol.steps.flatMap((s) => s.branch === void 0 ? [] : [s.branch]))];
  branches.length > 0 && d.emit({ type: "delete-branches", branches });
}

// src/engine/ops/burn.ts
function burn(d, e) {
  return d.moveMolecule("burn", "burned", { by: e.by }), deleteBranches(d, d.base), ok(void 0);
}
function evaporate(d, _e) {
  let mol = d.base;
  return mol.kind !== "wisp" ? err("not-a-wisp", `molecule "${mol.id}" is not a wisp; burn it instead`) : mol.expiresAt !== void 0 && Date.parse(mol.expiresAt) > d.now.getTime() ? err(
    "not-expired",
    `wisp "${mol.id}" expires at ${mol.expiresAt}; it cannot evaporate before then`
  ) : (d.moveMolecule("evaporate", "burned", { by: "patrol", note: "its time to live passed" }), deleteBranches(d, mol), ok(void 0));
}

// src/engine/ops/find-step.ts
function findStep(d, id) {
  let i = d.position(id);
  if (i !== void 0) return ok(i);
  let ids = d.index.steps.map((s) => s.id), listed = ids.length > 20 ? `${ids.slice(0, 20).join(", ")}, \u2026` : ids.join(", ");
  return err("unknown-step", `molecule "${d.base.id}" has no step "${id}"; its steps are ${listed}`);
}

// src/engine/ops/send-back.ts
var BACK_TO_PENDING = {
  lease: void 0,
  gates: void 0,
  awaitingSince: void 0,
  nudgedAt: void 0,
  startedAt: void 0,
  completedAt: void 0
};
function sendBack(d, i, event, info, patch = {}) {
  let status = d.step(i).status, fields = { ...BACK_TO_PENDING, ...patch };
  return status === "pending" ? (needsPatch(d, i, fields) && d.patch(i, fields), !1) : (d.move(i, event, "pending", info, fields), status === "in_progress" || status === "awaiting_gate");
}
function needsPatch(d, i, fields) {
  let step2 = d.step(i);
  return Object.entries(fields).some(([key, value]) => step2[key] !== value);
}
function unblockDownstream(d, from, by2) {
  for (let j of downstreamOf(d.index, from))
    d.step(j).status === "blocked" && d.move(j, "unblock", "pending", { by: by2, note: "the failure upstream was retried or skipped" });
}
function noticeInterrupted(d, ids, why) {
  if (ids.length === 0) return;
  let list = ids.map((id) => `"${id}"`).join(", ");
  d.emit({
    type: "notice",
    level: "warning",
    message: `${why}: work in progress on ${list} no longer counts`
  });
}

// src/engine/ops/fail.ts
function failPath(d, i, event, error, by2, patch = {}) {
  let def = d.def(i), attempts = patch.attempts ?? d.step(i).attempts, maxRetries = def.maxRetries ?? DEFAULT_MAX_RETRIES, target = def.onFail === void 0 ? void 0 : d.position(def.onFail), budget = def.maxLoops ?? d.proto.maxLoops, loops = target === void 0 ? 0 : d.step(target).loops, retry2 = attempts <= maxRetries, loop = !retry2 && target !== void 0 && loops < budget, fields = {
    ...patch,
    error,
    lease: void 0,
    nudgedAt: void 0,
    awaitingSince: void 0
  };
  if (retry2 || loop)
    d.move(i, event, "failed", { by: by2, note: error }, fields);
  else {
    let spent = target === void 0 ? "" : `; on_fail loops to "${def.onFail}" used ${loops} of ${budget}`;
    d.move(
      i,
      event,
      "failed",
      {
        by: by2,
        note: `${error} (failed for good after ${attempts} attempt${attempts === 1 ? "" : "s"}${spent})`
      },
      fields
    );
    return;
  }
  if (retry2) {
    d.move(i, "auto-retry", "ready", { note: `retry ${attempts} of ${maxRetries}` });
    return;
  }
  loopBack(d, i, target, loops + 1, budget);
}
function loopBack(d, failing, target, loop, budget) {
  let failingId = d.step(failing).id, targetId = d.step(target).id, sweep = /* @__PURE__ */ new Set([target, ...downstreamOf(d.index, [target]), failing]), interrupted = [], note = `on_fail of "${failingId}": loop ${loop} of ${budget} back to "${targetId}"`;
  for (let j of [...sweep].sort((a, b) => a - b)) {
    let patch = { attempts: 0 };
    j === target && (patch.loops = loop), sendBack(d, j, "loop", { note }, patch) && j !== failing && interrupted.push(d.step(j).id);
  }
  noticeInterrupted(d, interrupted, note);
}
function fail(d, e) {
  let found = findStep(d, e.step);
  if (!found.ok) return found;
  let i = found.value, status = d.step(i).status;
  return status !== "in_progress" && status !== "awaiting_gate" ? refuse("step", e.step, status, "fail") : (failPath(d, i, "fail", e.error, e.by), ok(void 0));
}
function timeout(d, e) {
  let found = findStep(d, e.step);
  if (!found.ok) return found;
  let i = found.value, step2 = d.step(i);
  if (step2.status !== "in_progress") return refuse("step", e.step, step2.status, "timeout");
  if (step2.startedAt === void 0)
    return err("invalid-state", `step "${e.step}" is in progress but has no start time`);
  let limit = d.def(i).timeout, ran = d.now.getTime() - Date.parse(step2.startedAt), limitMs = limit === void 0 ? void 0 : parseDuration(limit);
  return limitMs !== void 0 && ran < limitMs ? refuse(
    "step",
    e.step,
    step2.status,
    "timeout",
    `it has run ${Math.round(ran / 1e3)}s of its ${limit}`
  ) : (failPath(d, i, "timeout", `timed out after ${limit ?? `${Math.round(ran / 6e4)}m`}`, "patrol"), ok(void 0));
}

// src/engine/ops/gates.ts
function waitingGates(def) {
  return def.gates.map((g) => ({ type: g.type, passed: null, detail: "waiting" }));
}
function mergeGates(current, incoming) {
  let merged = [...current];
  for (let result of incoming) {
    let at = merged.findIndex((g) => g.type === result.type);
    at >= 0 ? merged[at] = result : merged.push(result);
  }
  return merged;
}
function gateVerdict(gates2) {
  return gates2.some((g) => g.passed === !1) ? "failed" : gates2.some((g) => g.passed === null) ? "waiting" : "passed";
}
function failingDetail(gates2) {
  return gates2.filter((g) => g.passed === !1).map((g) => `gate ${g.type} failed: ${g.detail}`).join("; ");
}

// src/engine/ops/complete.ts
function complete(d, e) {
  let found = findStep(d, e.step);
  if (!found.ok) return found;
  let i = found.value, step2 = d.step(i);
  if (step2.status === "completed") return alreadyCompleted(d, e.step);
  if (step2.status === "awaiting_gate")
    return !e.gates || e.gates.length === 0 ? (d.emit({
      type: "notice",
      level: "info",
      message: `step "${e.step}" is already waiting for its gates; nothing changed`
    }), ok(void 0)) : (concludeGates(
      d,
      i,
      "complete",
      mergeGates(step2.gates ?? waitingGates(d.def(i)), e.gates),
      e.by,
      record(e)
    ), ok(void 0));
  if (step2.status !== "in_progress" && step2.status !== "ready")
    return refuse("step", e.step, step2.status, "complete");
  let patch = { ...record(e), lease: void 0, nudgedAt: void 0 };
  step2.status === "ready" && Object.assign(patch, { attempts: step2.attempts + 1, startedAt: d.at });
  let def = d.def(i);
  return e.gates && e.gates.length > 0 ? concludeGates(d, i, "complete", mergeGates(waitingGates(def), e.gates), e.by, patch) : def.gates.length > 0 ? (d.emit({ type: "evaluate-gates", step: e.step, gates: def.gates }), concludeGates(d, i, "complete", waitingGates(def), e.by, patch)) : d.move(i, "complete", "completed", { by: e.by }, { ...patch, completedAt: d.at, error: void 0 }), ok(void 0);
}
function gates(d, e) {
  let found = findStep(d, e.step);
  if (!found.ok) return found;
  let i = found.value, step2 = d.step(i);
  return step2.status === "completed" ? alreadyCompleted(d, e.step) : step2.status !== "awaiting_gate" ? refuse("step", e.step, step2.status, "gates") : (concludeGates(d, i, "gates", mergeGates(step2.gates ?? waitingGates(d.def(i)), e.gates)), ok(void 0));
}
function approve(d, e) {
  let found = findStep(d, e.step);
  if (!found.ok) return found;
  let i = found.value, step2 = d.step(i);
  if (step2.status === "completed") return alreadyCompleted(d, e.step);
  if (!d.def(i).gates.some((g) => g.type === "approval"))
    return err("no-approval-gate", `step "${e.step}" has no approval gate; there is nothing to approve`);
  if (step2.status !== "awaiting_gate")
    return refuse(
      "step",
      e.step,
      step2.status,
      "approve",
      "it can be approved once its work is done and it waits for approval"
    );
  let current = step2.gates ?? waitingGates(d.def(i)), approval = { type: "approval", passed: !0, detail: `approved by ${e.by}` };
  return concludeGates(d, i, "approve", mergeGates(current, [approval]), e.by), ok(void 0);
}
function concludeGates(d, i, event, results, by2, patch = {}) {
  let verdict = gateVerdict(results);
  if (verdict === "failed")
    failPath(d, i, event, failingDetail(results), by2, { ...patch, gates: results });
  else if (verdict === "waiting") {
    let since = d.step(i).status === "awaiting_gate" ? d.step(i).awaitingSince : d.at, waiting = results.filter((g) => g.passed === null).map((g) => g.type);
    d.move(
      i,
      event,
      "awaiting_gate",
      { by: by2, note: `waiting for ${waiting.join(", ")}` },
      { ...patch, gates: results, awaitingSince: since }
    );
  } else
    d.move(
      i,
      event,
      "completed",
      { by: by2 },
      { ...patch, gates: results, completedAt: d.at, awaitingSince: void 0, error: void 0 }
    );
  let step2 = d.step(i);
  d.emit({
    type: "check-run",
    step: step2.id,
    // A failing attempt reports failure even when a retry already made the step ready again.
    status: verdict === "failed" ? "failed" : step2.status,
    gates: results,
    ...step2.checkpoint?.commit === void 0 ? {} : { commit: step2.checkpoint.commit }
  });
}
function record(e) {
  let patch = {};
  return e.checkpoint && (patch.checkpoint = e.checkpoint), e.branch !== void 0 && (patch.branch = e.branch), patch;
}
function alreadyCompleted(d, id) {
  return d.emit({ type: "notice", level: "info", message: `step "${id}" was already completed; nothing changed` }), ok(void 0);
}

// src/engine/ops/nudge.ts
function nudge(d, e) {
  let found = findStep(d, e.step);
  if (!found.ok) return found;
  let i = found.value, step2 = d.step(i);
  if (step2.status !== "in_progress") return refuse("step", e.step, step2.status, "nudge");
  let idleMs = step2.startedAt === void 0 ? 0 : d.now.getTime() - Date.parse(step2.startedAt);
  return d.move(i, "nudge", "in_progress", { by: "patrol" }, { nudgedAt: d.at }), d.emit({ type: "nudge", step: e.step, idleMs }), ok(void 0);
}

// src/engine/ops/pause.ts
function pause(d, e) {
  return d.moveMolecule("pause", "paused", { by: e.by }), ok(void 0);
}
function unpause(d, e) {
  let started = !1;
  for (let i = 0; i < d.size; i++) {
    let step2 = d.step(i);
    step2.status === "ready" && d.redispatch(i), (step2.attempts > 0 || ["in_progress", "awaiting_gate", "completed", "failed"].includes(step2.status)) && (started = !0);
  }
  return d.moveMolecule("unpause", started ? "in_progress" : "pending", { by: e.by }), ok(void 0);
}

// src/engine/ops/reset.ts
function reset(proto, index, mol, e, now) {
  let at = now.toISOString(), { historyTrimmed: _trimmed, summary: _summary, ...kept } = mol, fresh = {
    ...kept,
    status: "pending",
    steps: freshSteps(proto),
    history: [
      {
        at,
        event: e.type,
        from: mol.status,
        to: "pending",
        ...e.by === void 0 ? {} : { by: e.by },
        note: archivedNote(mol)
      }
    ]
  }, d = new Draft(proto, index, fresh, now);
  d.emit({ type: "molecule-status", from: mol.status, to: "pending" });
  let labels = labelChange(mol.status, "pending");
  if (labels && d.emit({ type: "labels", ...labels }), deleteBranches(d, mol), e.type === "force-reset") {
    let running = mol.steps.filter((s) => s.status === "in_progress" || s.status === "awaiting_gate").map((s) => `"${s.id}"`), abandoned = running.length > 0 ? `; work in progress on ${running.join(", ")} was abandoned` : "";
    d.emit({
      type: "notice",
      level: "warning",
      message: `molecule "${mol.id}" was force-reset from ${mol.status.replace("_", " ")} by ${e.by}${abandoned}`
    });
  }
  advance(d, fresh.steps.keys()), settle(d);
  let built = d.build();
  return ok({ mol: { ...built.mol, rev: mol.rev + 1, updatedAt: at }, effects: built.effects });
}
function archivedNote(mol) {
  let count = mol.history.length + (mol.historyTrimmed ?? 0), first = mol.history[0]?.at ?? mol.createdAt, last = mol.history.at(-1)?.at ?? mol.updatedAt, failedStep = mol.steps.find((s) => s.status === "failed"), why = failedStep ? `; step "${failedStep.id}" had failed: ${failedStep.error ?? "no error recorded"}` : "", done = mol.steps.filter((s) => s.status === "completed").length;
  return `archived ${count} transitions from ${first} to ${last}; it was ${mol.status.replace("_", " ")} with ${done} of ${mol.steps.length} steps completed${why}`;
}

// src/engine/ops/resume.ts
function resume(d, e) {
  let resumed = [];
  for (let i = 0; i < d.size; i++) {
    let step2 = d.step(i);
    if (step2.status === "ready" && d.redispatch(i), step2.status !== "in_progress" || leaseLive(d, i)) continue;
    let note = step2.lease ? `lease of "${step2.lease.holder}" expired at ${step2.lease.expiresAt}` : "no lease: its runner is presumed gone";
    d.move(i, "resume", "ready", { by: e.by, note }, { lease: void 0, nudgedAt: void 0 }), resumed.push(step2.id);
  }
  let message = resumed.length > 0 ? `resumed ${resumed.map((id) => `"${id}"`).join(", ")}: back to ready` : "no step in progress had lost its runner; nothing to resume";
  return d.emit({ type: "notice", level: "info", message }), ok(void 0);
}
function release(d, e) {
  let found = findStep(d, e.step);
  if (!found.ok) return found;
  let i = found.value, step2 = d.step(i);
  if (step2.status !== "in_progress") return refuse("step", e.step, step2.status, "release");
  let lease = step2.lease;
  if (e.runId !== void 0) {
    if (lease?.runId !== e.runId)
      return err("lease-held", `step "${e.step}" is no longer held by run ${e.runId}; it was not released`);
  } else if (leaseLive(d, i))
    return err(
      "lease-held",
      `step "${e.step}" is held by "${lease?.holder}" until ${lease?.expiresAt}; it was not released`
    );
  let note = e.runId !== void 0 ? `run ${e.runId} is gone` : lease ? `lease expired at ${lease.expiresAt}` : "it had no lease";
  return d.move(i, "release", "ready", { by: e.by ?? "patrol", note }, { lease: void 0, nudgedAt: void 0 }), ok(void 0);
}
function leaseLive(d, i) {
  let lease = d.step(i).lease;
  return lease !== void 0 && Date.parse(lease.expiresAt) > d.now.getTime();
}

// src/engine/ops/retry.ts
function retry(d, e) {
  let found = findStep(d, e.step);
  if (!found.ok) return found;
  let i = found.value, status = d.step(i).status, sources;
  if (status === "failed") sources = [i];
  else if (status === "blocked")
    sources = upstreamOf(d.index, i).filter((j) => d.step(j).status === "failed");
  else
    return refuse(
      "step",
      e.step,
      status,
      "retry",
      "only a failed step, or one blocked by a failure, can be retried"
    );
  if (sources.length === 0)
    return err("invalid-state", `step "${e.step}" is blocked but no step upstream of it failed`);
  for (let j of sources) {
    let note = j === i ? "retried by a person" : `retried by a person to unblock "${e.step}"`;
    d.move(j, "retry", "ready", { by: e.by, note });
  }
  return unblockDownstream(d, sources, e.by), ok(void 0);
}

// src/engine/ops/rollback.ts
function rollback(d, e) {
  let sweep, note;
  if (e.step === void 0)
    sweep = Array.from({ length: d.size }, (_, i) => i), note = "rolled back to the base", d.emit({ type: "reset-branch" });
  else {
    let found = findStep(d, e.step);
    if (!found.ok) return found;
    let i = found.value, step2 = d.step(i);
    if (step2.status !== "completed")
      return refuse(
        "step",
        e.step,
        step2.status,
        "rollback",
        "only a completed step has a checkpoint to return to"
      );
    sweep = downstreamOf(d.index, [i]), note = `rolled back to the checkpoint of "${e.step}"`;
    let commit = step2.checkpoint?.commit;
    commit !== void 0 ? d.emit({ type: "reset-branch", step: e.step, commit }) : d.emit({
      type: "notice",
      level: "warning",
      message: `step "${e.step}" recorded no commit; the branch was left as it is`
    });
  }
  let interrupted = [];
  for (let j of sweep)
    sendBack(d, j, "rollback", { by: e.by, note }, { error: void 0 }) && interrupted.push(d.step(j).id);
  return noticeInterrupted(d, interrupted, note), d.status === "complete" || d.status === "failed" ? d.moveMolecule("rollback", "in_progress", { by: e.by, note }) : d.record("rollback", { by: e.by, note, ...e.step === void 0 ? {} : { step: e.step } }), ok(void 0);
}
function rollbackCandidates(d, e) {
  if (e.step === void 0) return Array.from({ length: d.size }, (_, i2) => i2);
  let i = d.position(e.step);
  return i === void 0 ? [] : downstreamOf(d.index, [i]);
}

// src/engine/ops/skip.ts
function skip(d, e) {
  let found = findStep(d, e.step);
  if (!found.ok) return found;
  let i = found.value, status = d.step(i).status;
  return ["pending", "ready", "awaiting_gate", "failed", "blocked"].includes(status) ? (d.move(
    i,
    "skip",
    "skipped",
    { by: e.by, note: e.reason ?? "skipped by a person" },
    { lease: void 0, awaitingSince: void 0 }
  ), (status === "failed" || status === "blocked") && unblockDownstream(d, [i], e.by), ok(void 0)) : refuse(
    "step",
    e.step,
    status,
    "skip",
    status === "in_progress" ? "fail it or let it finish" : void 0
  );
}

// src/engine/ops/start.ts
function start(d, e) {
  let found = findStep(d, e.step);
  if (!found.ok) return found;
  let i = found.value, step2 = d.step(i);
  return step2.status === "in_progress" ? restart(d, i, e) : step2.status !== "ready" ? refuse("step", e.step, step2.status, "start", startHint(d, i)) : (begin(d, i, e), ok(void 0));
}
function restart(d, i, e) {
  let current = d.step(i).lease;
  if (current !== void 0 && Date.parse(current.expiresAt) > d.now.getTime())
    return e.lease && e.lease.holder === current.holder && e.lease.runId === current.runId ? (d.emit({
      type: "notice",
      level: "info",
      message: `step "${e.step}" is already in progress under this lease; nothing changed`
    }), ok(void 0)) : err(
      "lease-held",
      `step "${e.step}" is in progress under a lease held by "${current.holder}"${current.runId ? ` (run ${current.runId})` : ""} until ${current.expiresAt}; it cannot be started again before then`
    );
  if (current === void 0 && e.lease === void 0)
    return d.emit({
      type: "notice",
      level: "info",
      message: `step "${e.step}" is already in progress; nothing changed`
    }), ok(void 0);
  let note = current ? `took over from "${current.holder}", whose lease expired at ${current.expiresAt}` : "took over a step that had no lease";
  return begin(d, i, e, note), ok(void 0);
}
function begin(d, i, e, note) {
  let lease = e.lease && {
    holder: e.lease.holder,
    ...e.lease.runId === void 0 ? {} : { runId: e.lease.runId },
    expiresAt: new Date(d.now.getTime() + e.lease.ttlMs).toISOString()
  };
  d.move(
    i,
    "start",
    "in_progress",
    { by: e.by ?? e.lease?.holder, note },
    { attempts: d.step(i).attempts + 1, startedAt: d.at, completedAt: void 0, nudgedAt: void 0, lease }
  );
}
function startHint(d, i) {
  let status = d.step(i).status;
  if (status === "failed") return "retry it to run it again";
  if (status === "awaiting_gate") return "its work is done and it is waiting for its gates";
  if (status !== "pending" && status !== "blocked") return;
  let open3 = d.index.needs[i].map((n) => d.step(n)).filter((s) => s.status !== "completed" && s.status !== "skipped").map((s) => `"${s.id}" (${s.status.replace("_", " ")})`);
  return open3.length > 0 ? `it needs ${open3.join(", ")}` : void 0;
}

// src/engine/ops/transition.ts
var HANDLERS = {
  start,
  complete,
  gates,
  approve,
  fail,
  timeout,
  retry,
  skip,
  nudge,
  release,
  resume,
  rollback,
  pause,
  unpause,
  squash,
  burn,
  evaporate
};
function transition(proto, mol, event, now) {
  let index = indexProto(proto);
  if (!index.ok) return index;
  let matches = checkMatches(index.value, proto, mol);
  if (!matches.ok) return matches;
  let machineEvent = machineEventOf(event, mol.status);
  if (!canTransition(MOLECULE_MACHINE, mol.status, machineEvent))
    return refuse("molecule", mol.id, mol.status, machineEvent, moleculeHint(mol.status, machineEvent));
  if (event.type === "reset" || event.type === "force-reset")
    return reset(proto, index.value, mol, event, now);
  let d = new Draft(proto, index.value, mol, now), handled = HANDLERS[event.type](d, event);
  if (!handled.ok) return handled;
  if (!d.changed) return ok(d.build());
  let target = targetsOf(MOLECULE_MACHINE, mol.status, machineEvent)[0];
  return target !== void 0 && d.status === mol.status && target !== mol.status && target !== "squashed" && target !== "burned" && d.moveMolecule(machineEvent, target, "by" in event && event.by !== void 0 ? { by: event.by } : {}), advance(d, event.type === "rollback" ? rollbackCandidates(d, event) : []), settle(d), ok(d.build());
}
function machineEventOf(event, status) {
  return event.type === "squash" && event.summary !== void 0 && status !== "complete" && status !== "failed" ? "squash-unfinished" : event.type;
}
function moleculeHint(status, event) {
  if (status === "squashed" || status === "burned") return "it is gone";
  if (event === "squash") return "to archive unfinished work, give a summary: /mol squash <summary>";
  if (event === "reset")
    return "reset works on complete or failed molecules; /mol reset --force works from any state";
  if (status === "paused" && event !== "pause") return "unpause it first";
  if (event === "unpause") return "it is not paused";
  if (status === "pending" && event === "rollback") return "nothing has run yet";
  if (status === "complete" || status === "failed")
    return "roll it back, reset it, or retry a failed step to work on it again";
}

// src/engine/progress.ts
function progress(mol) {
  let p = {
    total: mol.steps.length,
    complete: 0,
    inProgress: 0,
    failed: 0,
    skipped: 0,
    blocked: 0,
    pending: 0,
    ready: 0,
    percentComplete: 0
  };
  for (let step2 of mol.steps)
    switch (step2.status) {
      case "completed":
        p.complete++;
        break;
      case "in_progress":
      case "awaiting_gate":
        p.inProgress++;
        break;
      case "failed":
        p.failed++;
        break;
      case "skipped":
        p.skipped++;
        break;
      case "blocked":
        p.blocked++;
        break;
      case "pending":
        p.pending++;
        break;
      case "ready":
        p.ready++;
        break;
    }
  return p.percentComplete = p.total === 0 ? 100 : Math.floor(100 * (p.complete + p.skipped) / p.total), p;
}

// src/engine/manager.ts
function createMoleculeManager(store, options) {
  let clock = options.now, newId = options.newId, defaultMaxRetries = options.defaultMaxRetries ?? DEFAULT_MAX_RETRIES, capture = options.captureCheckpoints ?? !0;
  async function protoOf(mol) {
    let source = mol.formula.source, found = typeof source == "object" && "inline" in source ? adhocProto(source.inline) : options.resolveProto ? await options.resolveProto(mol) : err(
      "no-proto",
      `molecule "${mol.id}" uses formula "${mol.formula.name}"; give the manager a resolveProto to read it`
    );
    return withDefaultRetries(unwrap(found), defaultMaxRetries);
  }
  async function current(ref) {
    let id = typeof ref == "string" ? ref : ref.id, mol = unwrap(await store.load(id));
    if (!mol) throw new MolecularError({ code: "not-found", message: `there is no molecule "${id}"` });
    return mol;
  }
  async function apply(ref, event) {
    let mol = await current(ref), proto = await protoOf(mol), now = clock(), { mol: stored, effects } = unwrap(
      await store.mutate(mol.id, (m) => transition(proto, m, event, now))
    );
    return await options.onEffects?.(effects, stored), stored;
  }
  async function view(mol) {
    let proto = await protoOf(mol), defs = new Map(proto.steps.map((s) => [s.id, s])), ready = mol.steps.filter((s) => s.status === "ready").map((s) => {
      let def = defs.get(s.id);
      return {
        id: s.id,
        title: def?.title ?? s.id,
        description: def?.description ?? "",
        dependsOn: def?.needs ?? [],
        state: s.status,
        retryCount: s.attempts,
        maxRetries: def?.maxRetries ?? defaultMaxRetries,
        ...s.checkpoint ? { checkpoint: s.checkpoint } : {}
      };
    });
    return {
      success: !["failed", "squashed", "burned"].includes(mol.status),
      molecule: mol,
      ...ready[0] ? { nextStep: ready[0] } : {},
      readySteps: ready,
      complete: mol.status === "complete"
    };
  }
  return {
    async createMolecule(parentIssueId, title, steps, metadata = {}) {
      let inline = {
        formula: "adhoc",
        description: title,
        steps: steps.map((s) => ({
          id: s.id,
          title: s.title,
          ...s.description === void 0 ? {} : { description: s.description },
          needs: s.dependsOn ?? [],
          max_retries: s.maxRetries ?? defaultMaxRetries
        }))
      }, proto = unwrap(adhocProto(inline)), now = clock(), { mol, effects } = unwrap(
        pour(proto, {
          id: newId(),
          now,
          vars: { parent_issue: parentIssueId },
          formula: { name: inline.formula, source: { inline } },
          title,
          subject: /^[1-9]\d*$/.test(parentIssueId) ? { issue: Number(parentIssueId) } : {},
          ...metadata.createdBy === void 0 ? {} : { by: metadata.createdBy }
        })
      ), created = unwrap(await store.create(mol)), labelled = effects.map(
        (e) => e.type === "labels" && metadata.labels ? { ...e, add: [...e.add, ...metadata.labels] } : e
      );
      return await options.onEffects?.(labelled, created), created;
    },
    async advanceMolecule(ref) {
      return view(await current(ref));
    },
    startStep(ref, stepId, opts = {}) {
      return apply(ref, { type: "start", step: stepId, ...opts });
    },
    completeStep(ref, stepId, checkpoint, opts = {}) {
      let recorded = capture && checkpoint ? toCheckpoint(checkpoint, clock()) : void 0;
      return apply(ref, {
        type: "complete",
        step: stepId,
        ...recorded ? { checkpoint: recorded } : {},
        ...opts
      });
    },
    failStep(ref, stepId, error, opts = {}) {
      return apply(ref, { type: "fail", step: stepId, error, ...opts });
    },
    async loadMolecule(id) {
      return unwrap(await store.load(id));
    },
    async resumeMolecule(ref) {
      let mol = await current(ref);
      if (mol.status !== "pending" && mol.status !== "in_progress")
        return { ...await view(mol), resumed: [] };
      let proto = await protoOf(mol), now = clock(), { mol: stored, effects } = unwrap(
        await store.mutate(mol.id, (m) => transition(proto, m, { type: "resume" }, now))
      );
      await options.onEffects?.(effects, stored);
      let resumed = effects.flatMap(
        (e) => e.type === "step-status" && e.from === "in_progress" && e.to === "ready" ? [e.step] : []
      ), result = await view(stored), first = result.readySteps.find((s) => resumed.includes(s.id));
      return { ...result, ...first ? { nextStep: first } : {}, resumed };
    },
    getMoleculeProgress(mol) {
      return progress(mol);
    },
    apply
  };
}
function toCheckpoint(input, now) {
  let commit = input.commit ?? input.gitCommit;
  return {
    filesModified: input.filesModified,
    testsPassed: input.testsPassed,
    notes: input.notes,
    capturedAt: input.capturedAt ?? now.toISOString(),
    ...commit === void 0 ? {} : { commit },
    ...input.outputTail === void 0 ? {} : { outputTail: input.outputTail }
  };
}
var withDefaults = /* @__PURE__ */ new WeakMap();
function withDefaultRetries(proto, retries) {
  if (proto.steps.every((s) => s.maxRetries !== void 0)) return proto;
  let byRetries = withDefaults.get(proto);
  byRetries || (byRetries = /* @__PURE__ */ new Map(), withDefaults.set(proto, byRetries));
  let filled = byRetries.get(retries);
  return filled || (filled = {
    ...proto,
    steps: proto.steps.map((s) => s.maxRetries === void 0 ? { ...s, maxRetries: retries } : s)
  }, byRetries.set(retries, filled)), filled;
}

// src/engine/parse-key-path.ts
var PLAIN_KEY = /^[A-Za-z_][A-Za-z0-9_-]*$/;
function formatKeyPath(path) {
  let out = "";
  for (let segment of path)
    if (typeof segment == "number") out += `[${segment}]`;
    else {
      let key = String(segment);
      PLAIN_KEY.test(key) ? out += out === "" ? key : `.${key}` : out += `[${JSON.stringify(key)}]`;
    }
  return out;
}
function valueAt(data, path) {
  let current = data;
  for (let segment of path) {
    if (current === null || typeof current != "object" || typeof segment == "symbol") return;
    let key = String(segment);
    if (!Object.hasOwn(current, key)) return;
    current = current[key];
  }
  return current;
}
function isTable(value) {
  if (value === null || typeof value != "object" || Array.isArray(value)) return !1;
  let proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

// src/engine/render/group-digits.ts
function groupDigits(n) {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

// src/engine/render/escape-markdown.ts
var MARKDOWN_PUNCTUATION = /[\\`*_[\]~|]/g, HTML = /[<>&]/g, HTML_ENTITY = { "<": "&lt;", ">": "&gt;", "&": "&amp;" };
function inlineText(text2, maxChars = Number.POSITIVE_INFINITY) {
  return truncate(oneLine(text2), maxChars).replace(MARKDOWN_PUNCTUATION, (c) => `\\${c}`).replace(HTML, (c) => HTML_ENTITY[c] ?? c).replace(/@(?=\w)/g, "@\u200B");
}
function codeSpan(text2, maxChars = Number.POSITIVE_INFINITY) {
  let body = truncate(oneLine(text2), maxChars).replace(/\|/g, "\\|");
  if (body === "") return "";
  let longestRun = Math.max(0, ...Array.from(body.matchAll(/`+/g), (m) => m[0].length)), fence = "`".repeat(longestRun + 1), pad = longestRun > 0 || body.startsWith(" ") || body.endsWith(" ") ? " " : "";
  return `${fence}${pad}${body}${pad}${fence}`;
}
function oneLine(text2) {
  return text2.replace(/\s+/g, " ").trim();
}
function truncate(text2, maxChars) {
  if (text2.length <= maxChars) return text2;
  let chars = Array.from(text2);
  return chars.length <= maxChars ? text2 : `${chars.slice(0, Math.max(0, maxChars - 1)).join("")}\u2026`;
}

// src/engine/render/status-emoji.ts
var STEP_STATUS_EMOJI = {
  pending: "\u26AA",
  ready: "\u{1F535}",
  in_progress: "\u{1F504}",
  awaiting_gate: "\u23F3",
  completed: "\u2705",
  failed: "\u274C",
  skipped: "\u23ED\uFE0F",
  blocked: "\u26D4"
}, MOLECULE_STATUS_EMOJI = {
  pending: "\u26AA",
  in_progress: "\u{1F504}",
  paused: "\u23F8\uFE0F",
  complete: "\u2705",
  failed: "\u274C",
  squashed: "\u{1F4E6}",
  burned: "\u{1F525}"
};
function statusWords(status) {
  return status.replace(/_/g, " ");
}

// src/engine/render/mermaid.ts
var STATUS_CLASS_STYLE = {
  pending: "fill:#f6f8fa,stroke:#8c959f,color:#24292f",
  ready: "fill:#ddf4ff,stroke:#0969da,color:#0a3069",
  in_progress: "fill:#fff8c5,stroke:#bf8700,color:#4d2d00",
  awaiting_gate: "fill:#fbefff,stroke:#8250df,color:#3e1f79",
  completed: "fill:#dafbe1,stroke:#1a7f37,color:#003d16",
  failed: "fill:#ffebe9,stroke:#cf222e,color:#82071e",
  skipped: "fill:#eaeef2,stroke:#6e7781,color:#424a53,stroke-dasharray:4 3",
  blocked: "fill:#ffebe9,stroke:#82071e,color:#82071e,stroke-dasharray:2 2"
}, LABEL_MAX_CHARS = 60;
function renderMermaid(proto, mol) {
  let nodeId = /* @__PURE__ */ new Map();
  proto.steps.forEach((step2, index) => {
    nodeId.has(step2.id) || nodeId.set(step2.id, `s${index}`);
  });
  let status = /* @__PURE__ */ new Map();
  for (let step2 of mol?.steps ?? []) status.set(step2.id, step2.status);
  let lines = ["flowchart TD"], byStatus = /* @__PURE__ */ new Map();
  proto.steps.forEach((step2, index) => {
    let id = `s${index}`, stepStatus = status.get(step2.id), emoji = stepStatus ? `${STEP_STATUS_EMOJI[stepStatus]} ` : "", title = step2.title.trim() === "" ? step2.id : step2.title, label = title === step2.id ? mermaidText(title) : `${mermaidText(title)}<br/>${mermaidText(step2.id)}`;
    lines.push(`  ${id}["${emoji}${label}"]`), stepStatus && byStatus.set(stepStatus, [...byStatus.get(stepStatus) ?? [], id]);
  }), proto.steps.forEach((step2, index) => {
    for (let need of step2.needs) {
      let from = nodeId.get(need);
      from && lines.push(`  ${from} --> s${index}`);
    }
  });
  for (let stepStatus of STEP_STATUSES) {
    let ids = byStatus.get(stepStatus);
    ids && (lines.push(`  classDef ${stepStatus} ${STATUS_CLASS_STYLE[stepStatus]}`), lines.push(`  class ${ids.join(",")} ${stepStatus}`));
  }
  return `${lines.join(`
`)}
`;
}
function mermaidText(text2) {
  return truncate(oneLine(text2), LABEL_MAX_CHARS).replace(/[#"<>&`]/g, (c) => `#${c.codePointAt(0)};`);
}

// src/engine/render/progress-bar.ts
var PROGRESS_BAR_WIDTH = 20;
function progressBar(done, total, width = PROGRESS_BAR_WIDTH) {
  if (total <= 0) return `${"\u2591".repeat(width)} 0/0`;
  let ratio = Math.min(1, Math.max(0, done / total)), filled = ratio === 1 ? width : Math.min(width - 1, Math.round(ratio * width));
  return `${"\u2593".repeat(filled)}${"\u2591".repeat(width - filled)} ${groupDigits(done)}/${groupDigits(total)} (${Math.floor(ratio * 100)}%)`;
}
function settledSteps(mol) {
  let done = 0;
  for (let step2 of mol.steps) (step2.status === "completed" || step2.status === "skipped") && done++;
  return done;
}

// src/engine/render/step-table.ts
var NOTE_MAX_CHARS = 120, TITLE_MAX_CHARS = 80, SHORT_SHA = 7;
function renderStepTable(steps, titles) {
  let header = titles ? ["| Status | Step | Title | Attempts | Branch \xB7 commit | Note |", "|---|---|---|---:|---|---|"] : ["| Status | Step | Attempts | Branch \xB7 commit | Note |", "|---|---|---:|---|---|"], rows = steps.map((step2) => `| ${[
    `${STEP_STATUS_EMOJI[step2.status]} ${statusWords(step2.status)}`,
    codeSpan(step2.id),
    ...titles ? [inlineText(titles.get(step2.id) ?? "", TITLE_MAX_CHARS)] : [],
    attemptsCell(step2),
    whereCell(step2),
    inlineText(noteText(step2), NOTE_MAX_CHARS)
  ].join(" | ")} |`);
  return [...header, ...rows].join(`
`);
}
function attemptsCell(step2) {
  return step2.attempts === 0 && step2.loops === 0 ? "" : step2.loops > 0 ? `${step2.attempts} (loop ${step2.loops})` : String(step2.attempts);
}
function whereCell(step2) {
  let commit = step2.checkpoint?.commit;
  return [
    step2.branch ? codeSpan(step2.branch, 60) : "",
    commit ? codeSpan(commit.slice(0, SHORT_SHA)) : ""
  ].filter((part) => part !== "").join(" @ ");
}
function noteText(step2) {
  if (step2.error) return step2.error;
  if (step2.note) return step2.note;
  let waiting = (step2.gates ?? []).filter((gate) => gate.passed !== !0);
  return waiting.length > 0 ? waiting.map((gate) => `${gate.type} ${gate.passed === !1 ? "failed" : "waiting"}: ${gate.detail}`).join("; ") : step2.lease && step2.status === "in_progress" ? `held by ${step2.lease.holder}` : step2.checkpoint?.notes ?? "";
}

// src/engine/render/markdown.ts
var DEFAULT_MAX_TABLE_ROWS = 50, DEFAULT_MAX_GRAPH_NODES = 60, RECENT_STEPS = 5, SUMMARY_PRIORITY = ["failed", "in_progress", "awaiting_gate", "ready"];
function renderView(mol, proto, opts = {}) {
  let maxTableRows = opts.maxTableRows ?? DEFAULT_MAX_TABLE_ROWS, maxGraphNodes = opts.maxGraphNodes ?? DEFAULT_MAX_GRAPH_NODES, titles = proto ? new Map(proto.steps.map((step2) => [step2.id, step2.title])) : void 0, parts = [...heading(mol, proto)];
  if (mol.steps.length <= maxTableRows)
    mol.steps.length > 0 && parts.push(renderStepTable(mol.steps, titles));
  else {
    let shown2 = summaryRows(mol.steps, maxTableRows);
    parts.push(
      `_Showing ${groupDigits(shown2.length)} of ${groupDigits(mol.steps.length)} steps: the active, the failed and the most recent. \`mol status ${mol.id}\` lists them all._`
    ), shown2.length > 0 && parts.push(renderStepTable(shown2, titles));
  }
  return proto && proto.steps.length > 0 && (proto.steps.length <= maxGraphNodes ? parts.push(`\`\`\`mermaid
${renderMermaid(proto, mol)}\`\`\``) : parts.push(
    `_The graph is left out: ${groupDigits(proto.steps.length)} steps are too many to draw legibly (the limit is ${maxGraphNodes}). \`mol graph\` prints it._`
  )), `${parts.join(`

`)}
`;
}
function renderSummaryView(mol, proto) {
  return `${[
    ...heading(mol, proto),
    `_The step table is left out to keep the state within one comment. \`mol status ${mol.id}\` shows it._`
  ].join(`

`)}
`;
}
function heading(mol, proto) {
  let formula = proto?.formula ?? mol.formula.name, title = mol.title.trim() === "" || mol.title === formula ? codeSpan(formula) : `${inlineText(mol.title, 120)} \xB7 ${codeSpan(formula)}`, meta = [
    `molecule ${codeSpan(mol.id)}`,
    statusWords(mol.status),
    `rev ${mol.rev}`,
    `updated ${readableTime(mol.updatedAt)}`
  ], lines = [
    `### ${MOLECULE_STATUS_EMOJI[mol.status]} ${title}`,
    meta.join(" \xB7 "),
    `**Progress** \`${progressBar(settledSteps(mol), mol.steps.length)}\``
  ], counts = statusCounts(mol.steps);
  return counts !== "" && lines.push(counts), mol.summary && lines.push(`> ${inlineText(mol.summary, 500)}`), lines;
}
function statusCounts(steps) {
  let counts = /* @__PURE__ */ new Map();
  for (let step2 of steps) counts.set(step2.status, (counts.get(step2.status) ?? 0) + 1);
  return STEP_STATUSES.filter((status) => counts.has(status)).map(
    (status) => `${STEP_STATUS_EMOJI[status]} ${groupDigits(counts.get(status) ?? 0)} ${statusWords(status)}`
  ).join(" \xB7 ");
}
function summaryRows(steps, limit) {
  let picked = /* @__PURE__ */ new Set();
  for (let status of SUMMARY_PRIORITY)
    steps.forEach((step2, index) => {
      step2.status === status && picked.size < limit && picked.add(index);
    });
  let recent = steps.map((step2, index) => ({ index, at: touchedAt(step2) })).filter((entry2) => entry2.at !== void 0 && !picked.has(entry2.index)).sort((a, b) => b.at - a.at || b.index - a.index).slice(0, RECENT_STEPS);
  for (let entry2 of recent) picked.size < limit && picked.add(entry2.index);
  return [...picked].sort((a, b) => a - b).map((index) => steps[index]);
}
function touchedAt(step2) {
  let times = [step2.completedAt, step2.awaitingSince, step2.startedAt].map((time) => time ? Date.parse(time) : Number.NaN).filter((ms) => !Number.isNaN(ms));
  return times.length > 0 ? Math.max(...times) : void 0;
}
function readableTime(iso) {
  let ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : `${new Date(ms).toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

// src/engine/codec/budget.ts
import { Buffer as Buffer2 } from "node:buffer";
var DEFAULT_STATE_BUDGET_BYTES = 6e4;
function byteLength(text2) {
  return Buffer2.byteLength(text2, "utf8");
}

// src/engine/codec/comment-safe-json.ts
function commentSafeJson(value) {
  return JSON.stringify(value).replace(/--/g, "\\u002d\\u002d");
}

// src/engine/codec/deflate.ts
import { Buffer as Buffer3 } from "node:buffer";
import { deflateSync, inflateSync } from "node:zlib";
var MAX_INFLATED_BYTES = 64 * 1024 * 1024, BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
function deflateToBase64(text2) {
  return deflateSync(Buffer3.from(text2, "utf8")).toString("base64");
}
function inflateFromBase64(payload) {
  let b64 = payload.replace(/\s+/g, "");
  if (b64.length === 0 || b64.length % 4 !== 0 || !BASE64.test(b64))
    return err("state-corrupt", "the state block is not valid base64/deflate: it is not base64 text");
  let bytes = Buffer3.from(b64, "base64");
  if (bytes.toString("base64") !== b64)
    return err("state-corrupt", "the state block is not valid base64/deflate: its base64 is not canonical");
  try {
    return ok(inflateSync(bytes, { maxOutputLength: MAX_INFLATED_BYTES }).toString("utf8"));
  } catch (cause) {
    let reason = cause instanceof Error ? cause.message : String(cause);
    return err("state-corrupt", `the state block is not valid base64/deflate: ${reason}`);
  }
}

// src/engine/codec/pack-table.ts
var CANONICAL_TIME = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.(\d{3})Z$/;
function packTable(rows) {
  let keys = [], seen = /* @__PURE__ */ new Set();
  for (let row of rows) {
    if (!isRecord(row)) return rows;
    for (let key in row) {
      let value = row[key];
      if (value === null) return rows;
      value !== void 0 && !seen.has(key) && (seen.add(key), keys.push(key));
    }
  }
  let c = {}, times = [], timeKeys = [];
  for (let key of keys) {
    let column = rows.map((row) => row[key] ?? null);
    c[key] = column;
    let ms = timeColumn(column);
    ms && (timeKeys.push(key), times.push({ column, ms }));
  }
  if (timeKeys.length === 0) return { n: rows.length, c };
  let cursor = 0;
  for (let i = 0; i < rows.length; i++)
    for (let { column, ms } of times) {
      let at = ms[i];
      at !== void 0 && (column[i] = at - cursor, cursor = at);
    }
  return { n: rows.length, c, t: timeKeys };
}
function unpackTable(data) {
  if (!isRecord(data) || typeof data.n != "number" || !isRecord(data.c)) return data;
  let n = data.n;
  if (!Number.isSafeInteger(n) || n < 0) return data;
  let columns = Object.entries(data.c).filter(([key]) => key !== "__proto__");
  if (n > 0 && columns.length === 0 || !columns.every(([, column]) => Array.isArray(column) && column.length === n)) return data;
  let timeKeys = Array.isArray(data.t) ? data.t.filter((key) => typeof key == "string") : [], c = Object.fromEntries(columns.map(([key, column]) => [key, [...column]]));
  if (!decodeTimes(c, timeKeys, n)) return data;
  let rows = [];
  for (let i = 0; i < n; i++) {
    let row = {};
    for (let [key, column] of Object.entries(c)) {
      let value = column[i];
      value != null && (row[key] = value);
    }
    rows.push(row);
  }
  return rows;
}
function timeColumn(column) {
  let ms = new Array(column.length), canonical = !1;
  for (let i = 0; i < column.length; i++) {
    let value = column[i];
    if (value === null) continue;
    if (typeof value != "string") return;
    let at = canonicalTime(value);
    at !== void 0 && (canonical = !0), ms[i] = at;
  }
  return canonical ? ms : void 0;
}
function canonicalTime(value) {
  let m = CANONICAL_TIME.exec(value);
  if (!m) return;
  let [month, day, hour, minute, second] = [
    Number(m[2]),
    Number(m[3]),
    Number(m[4]),
    Number(m[5]),
    Number(m[6])
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return;
  let ms = Date.UTC(Number(m[1]), month - 1, day, hour, minute, second, Number(m[7]));
  return new Date(ms).getUTCDate() === day && Number(m[1]) >= 1e3 ? ms : void 0;
}
function decodeTimes(c, timeKeys, n) {
  let cursor = 0;
  for (let i = 0; i < n; i++)
    for (let key of timeKeys) {
      let column = c[key];
      if (!column) continue;
      let value = column[i];
      if (typeof value != "number") continue;
      let ms = cursor + value, time = new Date(ms);
      if (!Number.isFinite(value) || Number.isNaN(time.getTime())) return !1;
      column[i] = time.toISOString(), cursor = ms;
    }
  return !0;
}
function isRecord(value) {
  return typeof value == "object" && value !== null && !Array.isArray(value);
}

// src/engine/codec/state-block.ts
var STATE_BLOCK_OPEN = "<!-- molecular:state";
var HEADER = /<!--[ \t]*molecular:state[ \t]+v(\d+)[ \t]*([^\n]*?)[ \t]*\n/;
function findStateBlock(body) {
  let text2 = body.replace(/\r\n?/g, `
`), header = HEADER.exec(text2);
  if (!header) return;
  let start2 = header.index + header[0].length, end = text2.indexOf("-->", start2), rest = header[2] ?? "";
  return {
    version: Number(header[1]),
    encoding: rest === "" ? "json" : rest === "deflate" ? "deflate" : "unknown",
    payload: end < 0 ? text2.slice(start2) : text2.slice(start2, end),
    closed: end >= 0,
    line: countLines(text2, header.index)
  };
}
function formatStateBlock(encoding, payload) {
  return `${encoding === "json" ? `${STATE_BLOCK_OPEN} v1` : `${STATE_BLOCK_OPEN} v1 deflate`}
${payload}
-->`;
}
function countLines(text2, upTo) {
  let line = 1;
  for (let i = text2.indexOf(`
`); i >= 0 && i < upTo; i = text2.indexOf(`
`, i + 1)) line++;
  return line;
}

// src/engine/codec/trim-search.ts
function fewestToDrop(lo, hi, budget, measure, maxProbes = 10) {
  let low = lo, high = hi;
  for (let probes = 0; probes < maxProbes && high.count - low.count > 1; probes++) {
    let span = high.count - low.count, excess = low.bytes - budget, slope = (low.bytes - high.probe.bytes) / span, guess = slope > 0 ? low.count + Math.ceil(excess / slope) : low.count + Math.floor(span / 2);
    probes % 3 === 2 && (guess = low.count + Math.floor(span / 2)), guess = Math.min(high.count - 1, Math.max(low.count + 1, guess));
    let probe = measure(guess);
    probe.bytes <= budget ? high = { count: guess, probe } : low = { count: guess, bytes: probe.bytes };
  }
  return high;
}

// src/engine/codec/encode.ts
function encodeState(mol, opts = {}) {
  let budget = opts.budgetBytes ?? DEFAULT_STATE_BUDGET_BYTES, valid = MoleculeSchema.safeParse(mol);
  if (!valid.success) {
    let issue = valid.error.issues[0], where3 = issue && formatKeyPath(issue.path) || "(root)";
    return err(
      "state-invalid",
      `refusing to write molecule ${mol.id}: its state is not valid at ${where3}: ${issue?.message ?? "invalid"}`
    );
  }
  let fullView = renderView(mol, opts.proto, opts.render), plain = `${formatStateBlock("json", commentSafeJson(mol))}

${fullView}`;
  if (byteLength(plain) <= budget)
    return ok({ body: plain, compressed: !1, trimmedHistory: 0, mol, view: "full" });
  let packedSteps = packTable(mol.steps), all = mol.history.length, smallest = 0;
  for (let [view, text2] of [
    ["full", fullView],
    ["summary", renderSummaryView(mol, opts.proto)]
  ]) {
    let measure = (dropped) => {
      let state = dropOldestHistory(mol, dropped), packed = { ...state, steps: packedSteps, history: packTable(state.history) }, body = `${formatStateBlock("deflate", deflateToBase64(JSON.stringify(packed)))}

${text2}`;
      return {
        bytes: byteLength(body),
        value: { body, compressed: !0, trimmedHistory: dropped, mol: state, view }
      };
    }, whole = measure(0);
    if (whole.bytes <= budget) return ok(whole.value);
    let bare = all > 0 ? measure(all) : whole;
    if (smallest = bare.bytes, !(bare.bytes > budget))
      return ok(
        fewestToDrop({ count: 0, bytes: whole.bytes }, { count: all, probe: bare }, budget, measure).probe.value
      );
  }
  return err(
    "state-too-large",
    `molecule ${mol.id} state is ${groupDigits(smallest)} bytes compressed, over the ${groupDigits(budget)}-byte budget of a GitHub comment; it does not fit even with all ${groupDigits(all)} history entries trimmed and the view cut to a summary. Squash or burn finished molecules, or split the formula into smaller ones; the previous state was left as it was.`
  );
}
function dropOldestHistory(mol, count) {
  return count === 0 ? mol : { ...mol, history: mol.history.slice(count), historyTrimmed: (mol.historyTrimmed ?? 0) + count };
}

// src/engine/codec/capacity.ts
function largestThatFits(build, opts = {}) {
  let { max = 1e5, accept: accept2 = () => !0, ...encodeOpts } = opts, attempt = (n) => {
    let { mol, proto } = build(n), encoded = encodeState(mol, { ...encodeOpts, proto });
    return encoded.ok && accept2(encoded.value) ? encoded.value : void 0;
  }, best = { n: 0 }, lo = 1, hi = max;
  for (; lo <= hi; ) {
    let mid = Math.floor((lo + hi) / 2), encoded = attempt(mid);
    encoded ? (best = { n: mid, encoded }, lo = mid + 1) : hi = mid - 1;
  }
  return best;
}

// src/engine/codec/unpack-molecule.ts
function unpackMolecule(data) {
  if (typeof data != "object" || data === null || Array.isArray(data)) return data;
  let record2 = data;
  return { ...record2, steps: unpackTable(record2.steps), history: unpackTable(record2.history) };
}

// src/engine/codec/decode.ts
function decodeState(body) {
  let block = findStateBlock(body);
  if (!block)
    return err(
      "state-missing",
      "the comment holds no molecular state block (`<!-- molecular:state v1 \u2026 -->`)"
    );
  let at = { line: block.line };
  if (block.version > 1) return tooNew(block.version, at);
  if (block.version < 1)
    return err("state-corrupt", `the state block has an unknown version v${block.version}`, at);
  if (!block.closed)
    return err("state-corrupt", "the state block is cut off: the comment ends before its closing `-->`", at);
  if (block.encoding === "unknown")
    return err(
      "state-corrupt",
      "the state block header names an encoding other than plain JSON or deflate",
      at
    );
  let data = readPayload(block);
  if (!data.ok) return { ok: !1, error: { ...data.error, ...at } };
  let version = data.value?.v;
  return typeof version == "number" && version > 1 ? tooNew(version, at) : validate(data.value, block.line);
}
function readPayload(block) {
  if (block.encoding === "json") return parseJson(block.payload, "JSON");
  let text2 = inflateFromBase64(block.payload);
  if (!text2.ok) return text2;
  let packed = parseJson(text2.value, "deflated JSON");
  return packed.ok ? ok(unpackMolecule(packed.value)) : packed;
}
function parseJson(text2, what) {
  try {
    return ok(JSON.parse(text2));
  } catch (cause) {
    let reason = cause instanceof Error ? cause.message : String(cause);
    return err("state-corrupt", `the state block is not valid ${what}: ${reason}`);
  }
}
function validate(data, line) {
  let parsed = MoleculeSchema.safeParse(data);
  if (parsed.success) return ok(parsed.data);
  let issues = parsed.error.issues.map((issue) => ({
    where: formatKeyPath(issue.path) || "(root)",
    message: issue.message
  })), first = issues[0] ?? { where: "(root)", message: "invalid" }, more = issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? "s" : ""})` : "", diagnostics = issues.map((issue) => ({
    severity: "error",
    code: "state-invalid",
    message: `${issue.where}: ${issue.message}`,
    line
  }));
  return { ok: !1, error: {
    code: "state-invalid",
    message: `the state block does not hold a valid molecule: at ${first.where}: ${first.message}${more}`,
    line,
    diagnostics
  } };
}
function tooNew(version, at) {
  return err(
    "state-version",
    `the state block is format v${version}, written by a newer Molecular than this one (which reads v${1}); upgrade Molecular to read it`,
    at
  );
}

// src/engine/commands/grammar.ts
var COMMAND_VERBS = [
  "status",
  "pour",
  "done",
  "fail",
  "retry",
  "skip",
  "approve",
  "rollback",
  "squash",
  "burn",
  "reset",
  "help"
], COMMAND_USAGE = {
  status: { usage: "/mol status", summary: "show the molecule's progress" },
  pour: {
    usage: "/mol pour <formula> [key=value\u2026]",
    summary: "start a formula on this issue or pull request"
  },
  done: { usage: "/mol done <step> [note\u2026]", summary: "mark a step completed" },
  fail: { usage: "/mol fail <step> <reason\u2026>", summary: "mark a step failed, saying why" },
  retry: { usage: "/mol retry <step>", summary: "run a failed step again" },
  skip: { usage: "/mol skip <step>", summary: "skip a step" },
  approve: { usage: "/mol approve <step>", summary: "pass a step's approval gate" },
  rollback: {
    usage: "/mol rollback [<step>]",
    summary: "reset the molecule's branch to a step's checkpoint (or the base)"
  },
  squash: { usage: "/mol squash [summary\u2026]", summary: "archive the molecule with a summary" },
  burn: { usage: "/mol burn", summary: "discard the molecule" },
  reset: { usage: "/mol reset --force", summary: "reset the molecule from any state (admin)" },
  help: { usage: "/mol help", summary: "list these commands" }
};
function isCommandError(value) {
  return "code" in value;
}

// src/engine/commands/did-you-mean.ts
function editDistance(a, b) {
  let x = Array.from(a), y = Array.from(b), d = Array.from(
    { length: x.length + 1 },
    (_, i) => Array.from({ length: y.length + 1 }, (_2, j) => i === 0 ? j : j === 0 ? i : 0)
  );
  for (let i = 1; i <= x.length; i++)
    for (let j = 1; j <= y.length; j++) {
      let cost = x[i - 1] === y[j - 1] ? 0 : 1, row = d[i], prev = d[i - 1], best = Math.min(
        prev[j] + 1,
        row[j - 1] + 1,
        prev[j - 1] + cost
      );
      i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1] && (best = Math.min(best, d[i - 2][j - 2] + 1)), row[j] = best;
    }
  return d[x.length][y.length];
}
function didYouMean(word, candidates, maxDistance = 2) {
  let best, bestDistance = maxDistance + 1, length = Array.from(word).length;
  for (let candidate of candidates) {
    if (Math.abs(Array.from(candidate).length - length) > maxDistance) continue;
    let distance = editDistance(word, candidate);
    distance < bestDistance && (best = candidate, bestDistance = distance);
  }
  return best;
}

// src/engine/commands/tokenize.ts
var OPEN_QUOTES = { '"': '"', "\u201C": "\u201D", "\u201D": "\u201D" };
function nextToken(text2, from) {
  let i = from;
  for (; i < text2.length && /\s/.test(text2[i]); ) i++;
  if (i >= text2.length) return ok(void 0);
  let start2 = i, value = "", quoted2 = !1;
  for (; i < text2.length && !/\s/.test(text2[i]); ) {
    let c = text2[i], close = OPEN_QUOTES[c];
    if (close === void 0) {
      value += c, i++;
      continue;
    }
    quoted2 = !0;
    let opened = i;
    for (i++; ; ) {
      if (i >= text2.length)
        return err("unterminated-quote", `the quote opened at column ${opened + 1} is never closed`, {
          col: opened + 1
        });
      let q = text2[i];
      if (q === close) {
        i++;
        break;
      }
      if (q === "\\" && close === '"' && (text2[i + 1] === '"' || text2[i + 1] === "\\")) {
        value += text2[i + 1], i += 2;
        continue;
      }
      value += q, i++;
    }
  }
  return ok({ value, start: start2, end: i, quoted: quoted2 });
}

// src/engine/commands/visible-lines.ts
var FENCE = /^\s*(`{3,}|~{3,})(.*)$/;
function visibleLines(body) {
  let lines = body.split(/\r\n|\r|\n/), visible = [], fence, inComment = !1;
  return lines.forEach((raw, index) => {
    if (fence) {
      let close = FENCE.exec(raw);
      close?.[1]?.[0] === fence.char && close[1].length >= fence.length && (close[2] ?? "").trim() === "" && (fence = void 0);
      return;
    }
    let text2 = "", rest = raw;
    for (; rest !== ""; )
      if (inComment) {
        let end = rest.indexOf("-->");
        if (end < 0) {
          rest = "";
          break;
        }
        rest = rest.slice(end + 3), inComment = !1;
      } else {
        let start2 = rest.indexOf("<!--");
        if (start2 < 0) {
          text2 += rest;
          break;
        }
        text2 += rest.slice(0, start2), rest = rest.slice(start2 + 2), inComment = !0;
      }
    let open3 = FENCE.exec(text2), marker = open3?.[1];
    if (marker && !(marker[0] === "`" && (open3[2] ?? "").includes("`"))) {
      fence = { char: marker[0], length: marker.length };
      return;
    }
    /^\s*>/.test(text2) || visible.push({ line: index + 1, text: text2 });
  }), visible;
}

// src/engine/commands/parse-commands.ts
var COMMAND_LINE = /^\s*\/mol(?=\s|$)(.*)$/i, VAR_KEY = /^[A-Za-z_][A-Za-z0-9_.-]*$/, RESET_FLAGS = ["--force"], accept = (value) => ({ ok: !0, value }), fail2 = (code, message, suggestion) => ({
  ok: !1,
  error: suggestion === void 0 ? { code, message } : { code, message, suggestion }
});
function parseCommands(commentBody) {
  let commands = [];
  for (let { line, text: text2 } of visibleLines(commentBody)) {
    let match = COMMAND_LINE.exec(text2);
    if (!match) continue;
    let at = { line, text: text2.trim() }, parsed = parseArgs(new Cursor(match[1] ?? ""));
    commands.push(parsed.ok ? { ...at, ...parsed.value } : { ...at, ...parsed.error });
  }
  return commands;
}
function parseArgs(args) {
  let first = args.next();
  if (!first.ok) return first;
  if (!first.value) return accept({ verb: "help" });
  let verb = first.value.value.toLowerCase();
  if (!isVerb(verb)) {
    let guess = didYouMean(verb, COMMAND_VERBS), typed = `/mol ${truncate(first.value.value, 40)}`;
    return guess ? fail2("unknown-command", `unknown command "${typed}" \u2014 did you mean "/mol ${guess}"?`, `/mol ${guess}`) : fail2("unknown-command", `unknown command "${typed}"; "/mol help" lists the commands`);
  }
  switch (verb) {
    case "status":
    case "burn": {
      let end = args.end(verb);
      return end.ok ? accept({ verb }) : end;
    }
    case "help": {
      let topic = args.optional(verb);
      return topic.ok ? accept(topic.value === void 0 ? { verb } : { verb, topic: topic.value }) : topic;
    }
    case "retry":
    case "skip":
    case "approve": {
      let step2 = args.required(verb, "step");
      if (!step2.ok) return step2;
      let end = args.end(verb);
      return end.ok ? accept({ verb, step: step2.value }) : end;
    }
    case "rollback": {
      let step2 = args.optional(verb);
      return step2.ok ? accept(step2.value === void 0 ? { verb } : { verb, step: step2.value }) : step2;
    }
    case "done": {
      let step2 = args.required(verb, "step");
      if (!step2.ok) return step2;
      let note = args.rest();
      return accept(note === void 0 ? { verb, step: step2.value } : { verb, step: step2.value, note });
    }
    case "fail": {
      let step2 = args.required(verb, "step");
      if (!step2.ok) return step2;
      let reason = args.rest();
      return reason === void 0 ? missing(verb, "reason") : accept({ verb, step: step2.value, reason });
    }
    case "squash": {
      let summary = args.rest();
      return accept(summary === void 0 ? { verb } : { verb, summary });
    }
    case "pour":
      return parsePour(args);
    case "reset":
      return parseReset(args);
  }
}
function parsePour(args) {
  let formula = args.next();
  if (!formula.ok) return formula;
  if (!formula.value || !formula.value.quoted && formula.value.value.includes("="))
    return missing("pour", "formula");
  let vars = {};
  for (; ; ) {
    let token = args.next();
    if (!token.ok) return token;
    if (!token.value) break;
    let word = token.value.value, eq = word.indexOf("="), key = eq < 0 ? "" : word.slice(0, eq);
    if (!VAR_KEY.test(key))
      return fail2(
        "bad-argument",
        `${quoted(word)} is not a variable: give variables as key=value (quote values with spaces: key="a b") \u2014 usage: ${COMMAND_USAGE.pour.usage}`
      );
    if (Object.hasOwn(vars, key)) return fail2("bad-argument", `variable ${quoted(key)} is given twice`);
    vars[key] = word.slice(eq + 1);
  }
  return accept({ verb: "pour", formula: formula.value.value, vars });
}
function parseReset(args) {
  let force = !1;
  for (; ; ) {
    let token = args.next();
    if (!token.ok) return token;
    if (!token.value) return accept({ verb: "reset", force });
    let word = token.value.value;
    if (word === "--force") {
      force = !0;
      continue;
    }
    let guess = word.startsWith("-") ? didYouMean(word, RESET_FLAGS) : void 0;
    return fail2(
      "unexpected-argument",
      `unexpected ${quoted(word)} after /mol reset${guess ? ` \u2014 did you mean "${guess}"?` : ""} \u2014 usage: ${COMMAND_USAGE.reset.usage}`,
      guess ? `/mol reset ${guess}` : void 0
    );
  }
}
function missing(verb, what) {
  return fail2("missing-argument", `"/mol ${verb}" needs a <${what}> \u2014 usage: ${COMMAND_USAGE[verb].usage}`);
}
function quoted(word) {
  return `"${truncate(word, 40)}"`;
}
function isVerb(word) {
  return COMMAND_VERBS.includes(word);
}
var Cursor = class {
  constructor(text2) {
    this.text = text2;
  }
  text;
  pos = 0;
  next() {
    let token = nextToken(this.text, this.pos);
    return token.ok ? (token.value && (this.pos = token.value.end), token) : fail2("unterminated-quote", `${token.error.message}: add the closing quote`);
  }
  required(verb, what) {
    let token = this.next();
    return token.ok ? token.value ? accept(token.value.value) : missing(verb, what) : token;
  }
  /** One optional word and nothing after it. */
  optional(verb) {
    let token = this.next();
    if (!token.ok) return token;
    let end = this.end(verb);
    return end.ok ? accept(token.value?.value) : end;
  }
  end(verb) {
    let extra = this.next();
    return extra.ok ? extra.value ? fail2(
      "unexpected-argument",
      `unexpected ${quoted(extra.value.value)} after /mol ${verb} \u2014 usage: ${COMMAND_USAGE[verb].usage}`
    ) : accept(void 0) : extra;
  }
  /**
   * The rest of the line as written (a note, a reason, a summary), or undefined when empty. A
   * rest that is one quoted word is unquoted, so `"  spaced  "` keeps its spaces.
   */
  rest() {
    let raw = this.text.slice(this.pos).trim();
    if (raw === "") return;
    let token = nextToken(raw, 0);
    return token.ok && token.value?.quoted && token.value.start === 0 && token.value.end === raw.length ? token.value.value : raw;
  }
};

// src/engine/commands/permissions.ts
var DEFAULT_COMMAND_PERMISSIONS = {
  status: "read",
  help: "read",
  pour: "write",
  done: "write",
  fail: "write",
  retry: "write",
  skip: "write",
  approve: "maintain",
  rollback: "write",
  squash: "write",
  burn: "write",
  reset: "write",
  "reset --force": "admin"
}, RANK = {
  none: 0,
  read: 1,
  triage: 2,
  write: 3,
  maintain: 4,
  admin: 5
};
function permissionAtLeast(actual, required) {
  return (Object.hasOwn(RANK, actual) ? RANK[actual] : 0) >= RANK[required];
}
function requiredPermission(command, table = DEFAULT_COMMAND_PERMISSIONS) {
  return command.verb === "reset" && command.force ? table["reset --force"] : table[command.verb];
}

// src/engine/context.ts
var MENTION = /(?<![\w./@])@(\w+)/g;
function extractMentions(text2) {
  return [...new Set(Array.from(text2.matchAll(MENTION), (m) => `@${m[1]}`))];
}
function normalizeRepoPath(path) {
  if (path.startsWith("/") || path.includes("\\") || /^[A-Za-z]:/.test(path)) return;
  let parts = [];
  for (let part of path.split("/"))
    if (!(part === "" || part === "."))
      if (part === "..") {
        if (parts.length === 0) return;
        parts.pop();
      } else parts.push(part);
  return parts.length > 0 ? parts.join("/") : void 0;
}
function lookup(contextMap, mention) {
  let exact = contextMap[mention];
  if (exact !== void 0) return [mention, exact];
  let lower = mention.toLowerCase(), key = Object.keys(contextMap).find((k) => k.toLowerCase() === lower);
  return key === void 0 ? void 0 : [key, contextMap[key]];
}
async function resolveMentions(text2, contextMap, readFile3) {
  let resolved = { items: [], unknown: [], missing: [] }, seen = /* @__PURE__ */ new Set();
  for (let mention of extractMentions(text2)) {
    let entry2 = lookup(contextMap, mention);
    if (!entry2) {
      resolved.unknown.push(mention);
      continue;
    }
    let [configured, rawPath] = entry2;
    if (seen.has(configured)) continue;
    seen.add(configured);
    let path = normalizeRepoPath(rawPath);
    if (path === void 0) {
      resolved.missing.push({ mention: configured, path: rawPath, reason: "the path leaves the repository" });
      continue;
    }
    let content = await readFile3(path);
    content === void 0 ? resolved.missing.push({ mention: configured, path, reason: "no such file" }) : resolved.items.push({ mention: configured, path, content });
  }
  return resolved;
}
function formatForPrompt(items) {
  return items.map(
    (item) => `### Context ${item.mention} (from \`${item.path}\`)

${item.content.replace(/\s+$/, "")}`
  ).join(`

---

`);
}

// src/engine/cook/context.ts
function placeOf(origin, ...more) {
  let at = origin.formula.locate([...origin.path, ...more]);
  return { file: at.file ?? origin.formula.file, line: at.line, col: at.col };
}
var CookContext = class {
  constructor(library) {
    this.library = library;
  }
  library;
  errors = [];
  warnings = [];
  uses = [];
  error(code, message, place) {
    this.errors.push(withPlace({ severity: "error", code, message }, place));
  }
  warn(code, message, place) {
    this.warnings.push(withPlace({ severity: "warning", code, message }, place));
  }
  /** A formula named by `role` (`extends`, `compose.expand`, `compose.aspects`); an error at `place` when the library lacks it. */
  load(name, role, place) {
    let found = this.library?.get(name);
    if (!found) {
      let where3 = this.library ? "is known" : "can be loaded (no formula library was given)";
      this.error("unknown-formula", `${role} names "${name}", but no formula by that name ${where3}`, place);
      return;
    }
    return this.uses.includes(name) || this.uses.push(name), found;
  }
};
function withPlace(d, place) {
  let out = { ...d };
  return place.file !== void 0 && (out.file = place.file), place.line !== void 0 && (out.line = place.line), place.col !== void 0 && (out.col = place.col), out;
}
function asMolError(errors) {
  let [first] = errors, { severity: _severity, ...top } = first;
  return errors.length > 1 ? { ...top, diagnostics: [...errors] } : top;
}

// src/engine/cook/glob.ts
var cache2 = /* @__PURE__ */ new Map();
function matchGlob(glob, text2) {
  let re = cache2.get(glob);
  if (!re) {
    let body = [...glob].map((c) => c === "*" ? "[^]*" : c === "?" ? "[^]" : c.replace(/[.+^${}()|[\]\\/-]/g, "\\$&")).join("");
    re = new RegExp(`^${body}$`), cache2.set(glob, re);
  }
  return re.test(text2);
}
var isGlob = (text2) => /[*?]/.test(text2);

// src/engine/cook/infer-type.ts
function inferType(data) {
  if (data.type) return data.type;
  if (data.template?.length) return "expansion";
  if (data.advice?.length || data.pointcuts?.length) return "aspect";
  if (data.legs?.length) return "convoy";
  let hasOwnWork = !!(data.steps?.length || data.extends?.length || data.synthesis || data.compose);
  return data["step-overrides"] && !hasOwnWork ? "overlay" : "workflow";
}

// src/engine/cook/target-placeholders.ts
var TEXT_FIELDS = ["id", "title", "description", "acceptance", "output", "condition"];
function fillTarget(text2, values) {
  return text2.includes("{") ? text2.replace(
    /(?<!\{)\{([a-z]+(?:\.[a-z]+)?)\}(?!\})/g,
    (whole, name) => Object.hasOwn(values, name) ? values[name] : whole
  ) : text2;
}
function fillStep(step2, values) {
  let out = { ...step2 };
  for (let key of TEXT_FIELDS) {
    let text2 = step2[key];
    typeof text2 == "string" && (out[key] = fillTarget(text2, values));
  }
  return step2.needs && (out.needs = step2.needs.map((n) => fillTarget(n, values))), step2.depends_on && (out.depends_on = step2.depends_on.map((n) => fillTarget(n, values))), step2.children && (out.children = step2.children.map((c) => fillStep(c, values))), out;
}

// src/engine/cook/work-step.ts
function union(...lists) {
  let out = [], seen;
  for (let list of lists)
    if (list)
      for (let item of list)
        (seen ? seen.has(item) : out.includes(item)) || (out.push(item), seen ? seen.add(item) : out.length > 16 && (seen = new Set(out)));
  return out;
}
function workStep(step2, origin, written = step2) {
  let { needs, depends_on, children: _children, ...fields } = step2;
  return {
    id: step2.id,
    needs: union(needs, depends_on),
    fields: { ...fields, id: step2.id },
    origin,
    written
  };
}
function entriesAndExits(steps) {
  let ids = new Set(steps.map((s) => s.id)), needed = new Set(steps.flatMap((s) => s.needs));
  return {
    entries: steps.filter((s) => !s.needs.some((n) => ids.has(n))),
    exits: steps.filter((s) => !needed.has(s.id))
  };
}
function redirectNeeds(steps, id, replacement, except = /* @__PURE__ */ new Set()) {
  return steps.map(
    (s) => !except.has(s.id) && s.needs.includes(id) ? { ...s, needs: union(...s.needs.map((n) => n === id ? replacement : [n])) } : s
  );
}

// src/engine/cook/aspects.ts
function applyAspects(steps, refs, vars, ctx) {
  let out = steps;
  for (let ref of refs) {
    let aspect = loadAspect(ref, ctx);
    if (!aspect) continue;
    let pointcuts = (aspect.data.pointcuts ?? []).map((p) => p.glob), before = out.map((s) => s.id);
    (aspect.data.advice ?? []).forEach((advice, ai) => {
      let glob = advice.target ?? "*", matched2 = before.filter(
        (id) => matchGlob(glob, id) && (pointcuts.length === 0 || pointcuts.some((p) => matchGlob(p, id)))
      );
      matched2.length === 0 && ctx.warn(
        "advice-no-match",
        `aspect "${ref.name}": advice for "${glob}" matches no step of this formula, so it adds nothing`,
        placeOf({ formula: aspect, path: ["advice", ai] }, "target")
      );
      for (let id of matched2) out = advise(out, id, advice, ai, aspect);
    });
    for (let [name, input] of Object.entries(aspect.data.vars ?? {}))
      vars.has(name) || vars.set(name, { input, origin: { formula: aspect, path: ["vars", name] } });
  }
  return out;
}
function loadAspect(ref, ctx) {
  let aspect = ctx.load(ref.name, "compose.aspects", placeOf(ref.origin));
  if (!aspect) return;
  let kind = inferType(aspect.data);
  if (kind !== "aspect") {
    ctx.error(
      "not-an-aspect",
      `compose.aspects names "${ref.name}", which is a ${kind} formula, not an aspect (it has no [[advice]])`,
      placeOf(ref.origin)
    );
    return;
  }
  return aspect;
}
function advise(steps, id, advice, ai, aspect) {
  let at = steps.findIndex((s) => s.id === id), target = steps[at], values = {
    "step.id": target.id,
    "step.title": target.fields.title ?? target.id,
    "step.description": target.fields.description ?? ""
  }, before = instantiate(adviceSteps(advice, ai, "before"), values, aspect), after = instantiate(adviceSteps(advice, ai, "after"), values, aspect), b = entriesAndExits(before), bEntries = new Set(b.entries.map((s) => s.id)), wiredBefore = before.map(
    (s) => bEntries.has(s.id) ? { ...s, needs: union(target.needs, s.needs) } : s
  ), wiredTarget = before.length ? { ...target, needs: b.exits.map((s) => s.id) } : target, a = entriesAndExits(after), aEntries = new Set(a.entries.map((s) => s.id)), wiredAfter = after.map(
    (s) => aEntries.has(s.id) ? { ...s, needs: union([target.id], s.needs) } : s
  ), others = [...steps.slice(0, at), ...steps.slice(at + 1)], rest = after.length ? redirectNeeds(
    others,
    target.id,
    a.exits.map((s) => s.id)
  ) : others;
  return [...rest.slice(0, at), ...wiredBefore, wiredTarget, ...wiredAfter, ...rest.slice(at)];
}
function adviceSteps(advice, ai, side) {
  return [
    ...(advice.around?.[side] ?? []).map((step2, j) => ({ step: step2, path: ["advice", ai, "around", side, j] })),
    ...(advice[side] ?? []).map((step2, j) => ({ step: step2, path: ["advice", ai, side, j] }))
  ];
}
function instantiate(list, values, aspect) {
  return list.map(({ step: step2, path }) => workStep(fillStep(step2, values), { formula: aspect, path }));
}
function aspectSteps(aspect) {
  return (aspect.data.advice ?? []).flatMap((advice, ai) => {
    let values = { "step.id": advice.target !== void 0 && !isGlob(advice.target) ? advice.target : "step" }, before = instantiate(adviceSteps(advice, ai, "before"), values, aspect), after = instantiate(adviceSteps(advice, ai, "after"), values, aspect), stand = entriesAndExits(before).exits.map((s) => s.id), aEntries = new Set(entriesAndExits(after).entries.map((s) => s.id));
    return [
      ...before,
      ...after.map((s) => aEntries.has(s.id) ? { ...s, needs: union(stand, s.needs) } : s)
    ];
  });
}

// src/engine/cook/closest.ts
function closest(name, candidates) {
  let limit = Math.max(1, Math.floor(name.length / 3)), best, bestDistance = limit + 1;
  for (let candidate of candidates) {
    if (Math.abs(candidate.length - name.length) > limit) continue;
    let d = editDistance2(name, candidate, bestDistance);
    d < bestDistance && (best = candidate, bestDistance = d);
  }
  return best;
}
function didYouMean2(name, candidates) {
  let near = closest(name, candidates);
  return near === void 0 ? "" : ` (did you mean "${near}"?)`;
}
function editDistance2(a, b, cap) {
  let before = [], previous = Array.from({ length: b.length + 1 }, (_, j) => j), previousMin = 0;
  for (let i = 1; i <= a.length; i++) {
    let current = [i], rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      let cost = a[i - 1] === b[j - 1] ? 0 : 1, value = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + cost
      );
      i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1] && (value = Math.min(value, before[j - 2] + 1)), current.push(value), rowMin = Math.min(rowMin, value);
    }
    if (rowMin > cap && previousMin > cap) return cap + 1;
    previousMin = rowMin, before = previous, previous = current;
  }
  return previous[b.length];
}

// src/engine/cook/min-heap.ts
var MinHeap = class {
  items = [];
  push(value) {
    let a = this.items;
    a.push(value);
    let i = a.length - 1;
    for (; i > 0; ) {
      let parent = i - 1 >> 1;
      if (a[parent] <= value) break;
      a[i] = a[parent], i = parent;
    }
    a[i] = value;
  }
  pop() {
    let a = this.items, top = a[0], last = a.pop();
    if (a.length === 0 || last === void 0) return top;
    let i = 0;
    for (; ; ) {
      let l = 2 * i + 1;
      if (l >= a.length) break;
      let r = l + 1, c = r < a.length && a[r] < a[l] ? r : l;
      if (a[c] >= last) break;
      a[i] = a[c], i = c;
    }
    return a[i] = last, top;
  }
};

// src/engine/cook/dag.ts
function topoOrder(steps) {
  let graph = indexGraph(steps), { order, stuck } = kahn(graph);
  if (stuck.length) {
    let [cycle] = findCycles(graph, stuck);
    return err("cycle", cycleMessage((cycle ?? stuck).map((i) => steps[i].id)));
  }
  return ok(order.map((i) => steps[i]));
}
function checkDag(steps, ctx) {
  let firstById = /* @__PURE__ */ new Map(), unique = [];
  for (let step2 of steps) {
    let first = firstById.get(step2.id);
    if (first) {
      let a = placeOf(first.origin, "id"), b = placeOf(step2.origin, "id");
      ctx.error(
        "duplicate-step",
        `step id "${step2.id}" is defined twice: at ${where(a)} and at ${where(b)}`,
        b
      );
      continue;
    }
    firstById.set(step2.id, step2), unique.push(step2);
  }
  let ids = firstById.keys.bind(firstById);
  for (let step2 of steps) {
    for (let need of step2.needs)
      firstById.has(need) || ctx.error(
        "unknown-need",
        `step "${step2.id}" needs "${need}", but no step has that id${didYouMean2(need, ids())}`,
        needPlace(step2, need)
      );
    let target = step2.fields.on_fail;
    target !== void 0 && !firstById.has(target) && ctx.error(
      "unknown-on-fail",
      `step "${step2.id}" loops back to "${target}" on failure (on_fail), but no step has that id${didYouMean2(target, ids())}`,
      placeOf(step2.origin, "on_fail")
    );
  }
  let graph = indexGraph(unique), { order, stuck } = kahn(graph);
  for (let cycle of findCycles(graph, stuck)) {
    let names = cycle.map((i) => unique[i].id);
    ctx.error(
      "cycle",
      cycleMessage(names),
      placeOf(unique[cycle[0]].origin, "needs")
    );
  }
  return unique.forEach((step2, i) => {
    let target = step2.fields.on_fail;
    target === void 0 || target === step2.id || !firstById.has(target) || upstreamOf2(graph, i).has(graph.index.get(target)) || ctx.error(
      "on-fail-not-upstream",
      `step "${step2.id}" loops back to "${target}" on failure (on_fail), but "${target}" does not come before it: an on_fail target must be one of the steps "${step2.id}" needs, directly or through others`,
      placeOf(step2.origin, "on_fail")
    );
  }), stuck.length ? void 0 : order.map((i) => unique[i]);
}
function cycleMessage(ids) {
  return `steps form a cycle: ${[...ids, ids[0]].join(" -> ")} (each step needs the one before it)`;
}
function where(place) {
  return [place.file ?? "<input>", place.line, place.col].filter((p) => p !== void 0).join(":");
}
function needPlace(step2, need) {
  let inNeeds = step2.written.needs?.indexOf(need) ?? -1;
  if (inNeeds >= 0) return placeOf(step2.origin, "needs", inNeeds);
  let inDependsOn = step2.written.depends_on?.indexOf(need) ?? -1;
  return inDependsOn >= 0 ? placeOf(step2.origin, "depends_on", inDependsOn) : placeOf(step2.origin, step2.written.needs ? "needs" : step2.written.depends_on ? "depends_on" : "id");
}
function indexGraph(steps) {
  let index = /* @__PURE__ */ new Map();
  steps.forEach((s, i) => {
    index.has(s.id) || index.set(s.id, i);
  });
  let needs = steps.map((s) => {
    let list = [];
    for (let n of s.needs) {
      let j = index.get(n);
      j !== void 0 && list.push(j);
    }
    return list;
  }), dependents = steps.map(() => []);
  return needs.forEach((list, i) => {
    for (let j of list) dependents[j].push(i);
  }), { index, needs, dependents };
}
function kahn(graph) {
  let waiting = graph.needs.map((list) => list.length), ready = new MinHeap();
  waiting.forEach((count, i) => {
    count === 0 && ready.push(i);
  });
  let order = [];
  for (let i = ready.pop(); i !== void 0; i = ready.pop()) {
    order.push(i);
    for (let d of graph.dependents[i])
      waiting[d] = waiting[d] - 1, waiting[d] === 0 && ready.push(d);
  }
  let stuck = [];
  return waiting.forEach((count, i) => {
    count > 0 && stuck.push(i);
  }), { order, stuck };
}
var MAX_CYCLES = 10;
function findCycles(graph, stuck) {
  let inStuck = new Set(stuck), predsOf = /* @__PURE__ */ new Map(), preds = (n) => {
    let list = predsOf.get(n);
    return list || (list = graph.needs[n].filter((m) => inStuck.has(m)), predsOf.set(n, list)), list;
  }, state = /* @__PURE__ */ new Map(), cycles = [];
  for (let start2 of stuck) {
    if (state.has(start2) || cycles.length >= MAX_CYCLES) continue;
    let path = [start2], next = [0];
    for (state.set(start2, "open"); path.length; ) {
      let top = path[path.length - 1], k = next[next.length - 1];
      if (k < preds(top).length) {
        next[next.length - 1] = k + 1;
        let m = preds(top)[k];
        if (state.get(m) === "open") {
          let along = path.slice(path.lastIndexOf(m)), cycle = [m, ...along.slice(1).reverse()], first = cycle.indexOf(Math.min(...cycle));
          cycles.push([...cycle.slice(first), ...cycle.slice(0, first)]);
        } else state.has(m) || (state.set(m, "open"), path.push(m), next.push(0));
      } else
        state.set(top, "done"), path.pop(), next.pop();
    }
  }
  return cycles;
}
function upstreamOf2(graph, node) {
  let seen = /* @__PURE__ */ new Set(), todo = [...graph.needs[node]];
  for (let n = todo.pop(); n !== void 0; n = todo.pop())
    seen.has(n) || (seen.add(n), todo.push(...graph.needs[n]));
  return seen;
}

// src/engine/cook/children.ts
function flattenSteps(steps, formula, base) {
  let out = [];
  return steps.forEach((step2, i) => {
    flattenInto(out, step2, { formula, path: [...base, i] }, [], void 0);
  }), out;
}
function flattenInto(out, step2, origin, inherited, group) {
  let own = workStep(step2, origin), needs = inherited.length ? union(inherited, own.needs) : own.needs, children = step2.children ?? [];
  if (children.length === 0 && step2.type !== "parallel") {
    out.push(withGroup(needs === own.needs ? own : { ...own, needs }, group));
    return;
  }
  children.forEach((child, j) => {
    flattenInto(
      out,
      child,
      { formula: origin.formula, path: [...origin.path, "children", j] },
      needs,
      step2.id
    );
  });
  let type = own.fields.run === void 0 ? "gate" : "task", join4 = {
    ...own,
    needs: children.length ? children.map((c) => c.id) : needs,
    fields: { ...own.fields, type },
    group: step2.id
  };
  out.push(join4);
}
function withGroup(step2, group) {
  return group === void 0 ? step2 : { ...step2, group };
}

// src/engine/cook/expand.ts
function applyExpansions(steps, rules, vars, ctx) {
  let out = steps;
  for (let rule of rules) {
    let at = out.findIndex((s) => s.id === rule.target);
    if (at < 0) {
      ctx.error(
        "unknown-target",
        `compose.expand targets step "${rule.target}", but there is no such step${didYouMean2(
          rule.target,
          out.map((s) => s.id)
        )}`,
        placeOf(rule.origin, "target")
      );
      continue;
    }
    let expansion = loadExpansion(rule, ctx);
    if (!expansion) continue;
    let target = out[at], spliced = instantiateTemplate(expansion, {
      target: target.id,
      "target.id": target.id,
      "target.title": target.fields.title ?? target.id,
      "target.description": target.fields.description ?? ""
    }), { entries, exits } = entriesAndExits(spliced), entryIds = new Set(entries.map((e) => e.id)), wired = spliced.map(
      (s) => entryIds.has(s.id) ? { ...s, needs: union(target.needs, s.needs) } : s
    ), rest = redirectNeeds(
      [...out.slice(0, at), ...out.slice(at + 1)],
      target.id,
      exits.map((e) => e.id)
    ).map(
      (s) => s.fields.on_fail === target.id ? { ...s, fields: { ...s.fields, on_fail: entries[0]?.id } } : s
    );
    out = [...rest.slice(0, at), ...wired, ...rest.slice(at)];
    for (let [name, input] of Object.entries(expansion.data.vars ?? {}))
      vars.has(name) || vars.set(name, { input, origin: { formula: expansion, path: ["vars", name] } });
  }
  return out;
}
function loadExpansion(rule, ctx) {
  let expansion = ctx.load(rule.with, "compose.expand", placeOf(rule.origin, "with"));
  if (!expansion) return;
  let kind = inferType(expansion.data);
  if (kind !== "expansion") {
    ctx.error(
      "not-an-expansion",
      `compose.expand uses "${rule.with}", which is a ${kind} formula, not an expansion (it has no [[template]])`,
      placeOf(rule.origin, "with")
    );
    return;
  }
  if (!expansion.data.template?.length) {
    ctx.error(
      "empty-formula",
      `expansion "${rule.with}" has no [[template]] steps`,
      placeOf({ formula: expansion, path: [] })
    );
    return;
  }
  return expansion;
}
function instantiateTemplate(expansion, values) {
  return flattenSteps(
    (expansion.data.template ?? []).map((s) => fillStep(s, values)),
    expansion,
    ["template"]
  );
}

// src/engine/cook/convoy.ts
function convoySteps(formula) {
  let legs = (formula.data.legs ?? []).map((leg, i) => {
    let description = [leg.focus && `Focus: ${leg.focus}`, leg.description].filter(Boolean).join(`

`), { focus: _focus, ...rest } = leg;
    return workStep({ ...rest, description }, { formula, path: ["legs", i] }, leg);
  }), synthesis = formula.data.synthesis;
  if (!synthesis) return legs;
  let id = synthesis.id ?? "synthesis", own = union(synthesis.needs, synthesis.depends_on), step2 = workStep(
    { ...synthesis, id, needs: own.length ? own : legs.map((l) => l.id), depends_on: void 0 },
    { formula, path: ["synthesis"] },
    { ...synthesis, id }
  );
  return [...legs, step2];
}

// src/engine/cook/extends.ts
var SETTINGS = ["execution", "squash", "max_loops", "max_retries", "phase"], formulaName = (formula) => formula.data.formula ?? (formula.file.split("/").pop() ?? formula.file).replace(/(\.formula)?\.(toml|json)$/, "");
function resolveFormula(formula, ctx, chain = []) {
  let name = formulaName(formula), path = [...chain, name], resolved = { vars: /* @__PURE__ */ new Map(), steps: [], expand: [], aspects: [], settings: {} };
  return (formula.data.extends === void 0 ? [] : [formula.data.extends].flat()).forEach((parentName, i) => {
    let place = placeOf({
      formula,
      path: Array.isArray(formula.data.extends) ? ["extends", i] : ["extends"]
    });
    if (path.includes(parentName)) {
      let cycle = [...path.slice(path.indexOf(parentName)), parentName].join(" -> ");
      ctx.error("extends-cycle", `formulas extend each other in a cycle: ${cycle}`, place);
      return;
    }
    let parent = ctx.load(parentName, "extends", place);
    if (!parent) return;
    let kind = inferType(parent.data);
    if (kind !== "workflow" && kind !== "convoy") {
      ctx.error(
        "bad-extends",
        `"${name}" extends "${parentName}", which is ${article(kind)} ${kind} formula: only workflows and convoys can be extended`,
        place
      );
      return;
    }
    merge(resolved, resolveFormula(parent, ctx, path));
  }), merge(resolved, ownLayer(formula, inferType(formula.data))), resolved;
}
function ownLayer(formula, kind) {
  let data = formula.data, vars = /* @__PURE__ */ new Map();
  for (let section of ["vars", "inputs"])
    for (let [name, input] of Object.entries(data[section] ?? {}))
      vars.set(name, { input, origin: { formula, path: [section, name] } });
  let settings = {};
  for (let key of SETTINGS)
    data[key] !== void 0 && Object.assign(settings, { [key]: data[key] });
  return {
    vars,
    steps: stepsOf(formula, kind),
    expand: (data.compose?.expand ?? []).map((rule, i) => ({
      target: rule.target,
      with: rule.with,
      origin: { formula, path: ["compose", "expand", i] }
    })),
    aspects: (data.compose?.aspects ?? []).map((aspect, i) => ({
      name: aspect,
      origin: { formula, path: ["compose", "aspects", i] }
    })),
    settings
  };
}
function stepsOf(formula, kind) {
  let own = flattenSteps(formula.data.steps ?? [], formula, ["steps"]);
  switch (kind) {
    case "convoy":
      return [...own, ...convoySteps(formula)];
    case "expansion":
      return [...own, ...instantiateTemplate(formula, { target: "target", "target.id": "target" })];
    case "aspect":
      return [...own, ...aspectSteps(formula)];
    default:
      return own;
  }
}
function merge(into, layer) {
  for (let [name, v] of layer.vars) into.vars.set(name, v);
  let position = new Map(into.steps.map((s, i) => [s.id, i])), overridden = /* @__PURE__ */ new Set();
  for (let step2 of layer.steps) {
    let at = position.get(step2.id);
    at !== void 0 && !overridden.has(step2.id) ? (into.steps[at] = step2, overridden.add(step2.id)) : into.steps.push(step2);
  }
  into.expand.push(...layer.expand), into.aspects.push(...layer.aspects), Object.assign(into.settings, layer.settings);
}
var article = (word) => /^[aeiou]/.test(word) ? "an" : "a";

// src/engine/cook/overlay.ts
var OVERRIDABLE = ["title", "description", "acceptance", "run"];
function applyOverlays(steps, overlays, ctx) {
  let out = steps;
  for (let overlay of overlays) {
    let root = { formula: overlay, path: [] };
    if (!overlay.isOverlay && inferType(overlay.data) !== "overlay") {
      ctx.error(
        "not-an-overlay",
        `${overlay.file} is not an overlay: an overlay holds only [[step-overrides]]`,
        placeOf(root)
      );
      continue;
    }
    (overlay.data["step-overrides"] ?? []).forEach((override, i) => {
      let origin = { formula: overlay, path: ["step-overrides", i] }, at = out.findIndex((s) => s.id === override.step_id);
      if (at < 0) {
        ctx.error(
          "unknown-step",
          `overlay overrides step "${override.step_id}", but the formula has no such step${didYouMean2(
            override.step_id,
            out.map((s) => s.id)
          )}`,
          placeOf(origin, "step_id")
        );
        return;
      }
      let step2 = out[at], fields = { ...step2.fields };
      for (let key of OVERRIDABLE) {
        let text2 = override[key];
        if (text2 === void 0) continue;
        let base = fields[key];
        fields[key] = override.mode === "append" && base ? `${base.replace(/\n+$/, "")}

${text2}` : text2;
      }
      if (fields.run !== void 0 && RUN_PLACEHOLDER.test(fields.run)) {
        ctx.error(
          "var-in-run",
          `overlay gives step "${step2.id}" a run command containing a {{variable}}: variables reach commands only as environment variables ($MOL_VAR_<NAME>)`,
          placeOf(origin, "run")
        );
        return;
      }
      out = [...out.slice(0, at), { ...step2, fields }, ...out.slice(at + 1)];
    });
  }
  return out;
}

// src/engine/cook/gates.ts
function normalizeGates(step2) {
  return [
    ...step2.gate === void 0 ? [] : Array.isArray(step2.gate) ? step2.gate : [step2.gate],
    ...step2.gates ?? []
  ].map(normalizeGate);
}
function normalizeGate(gate) {
  switch (gate.type) {
    case "command":
      return gate.timeout === void 0 ? { type: "command", run: gate.run } : { type: "command", run: gate.run, timeout: gate.timeout };
    case "files":
      return { type: "files", paths: [...gate.paths] };
    case "checks":
    case "gh:run": {
      let names = gate.type === "checks" ? [...gate.names ?? []] : gate.id === void 0 ? [] : [gate.id];
      return gate.timeout === void 0 ? { type: "checks", names } : { type: "checks", names, timeout: gate.timeout };
    }
    case "approval":
      return { type: "approval", permission: gate.permission ?? "maintain" };
    case "human":
      return { type: "approval", permission: gate.permission ?? "write" };
    case "pr-merged":
    case "gh:pr":
      return { type: "pr-merged" };
    case "timer":
      return { type: "timer", after: gate.after };
    case "schema":
      return { type: "schema", file: gate.file, schema: gate.schema };
    case "conditional":
      return { type: "conditional", condition: gate.condition };
  }
}
var WAITING_GATES = /* @__PURE__ */ new Set(["checks", "pr-merged", "approval", "timer"]);
function isGateOnly(step2, gates2) {
  return gates2.length === 0 || step2.run !== void 0 || step2.output !== void 0 || step2.acceptance !== void 0 ? !1 : gates2.every((g) => WAITING_GATES.has(g.type));
}

// src/engine/cook/proto-step.ts
function toProtoStep(step2, values, defaults, ctx) {
  let f = step2.fields, sub = (text2) => substitute(text2, values), gates2 = normalizeGates(f).map((g) => substituteGate(g, sub)), commandWithVar = gates2.some((g) => g.type === "command" && RUN_PLACEHOLDER.test(g.run));
  (f.run !== void 0 && RUN_PLACEHOLDER.test(f.run) || commandWithVar) && ctx.error(
    "var-in-run",
    `step "${step2.id}" has a {{variable}} in a run command: variables reach commands only as environment variables ($MOL_VAR_<NAME>)`,
    placeOf(step2.origin, commandWithVar ? "gate" : "run")
  );
  let type = f.type === "human" || f.type === "gate" || f.type === "task" ? f.type : isGateOnly(f, gates2) ? "gate" : "task", out = {
    id: step2.id,
    title: sub(f.title ?? step2.id),
    description: sub(f.description ?? ""),
    needs: [...step2.needs],
    type,
    gates: gates2,
    trigger: f.trigger ?? "all_success"
  };
  f.output !== void 0 && (out.output = sub(f.output)), f.acceptance !== void 0 && (out.acceptance = sub(f.acceptance)), f.run !== void 0 && (out.run = f.run);
  let maxRetries = f.max_retries ?? defaults.maxRetries;
  return maxRetries !== void 0 && (out.maxRetries = maxRetries), f.on_fail !== void 0 && (out.onFail = f.on_fail), f.max_loops !== void 0 && (out.maxLoops = f.max_loops), f.timeout !== void 0 && (out.timeout = f.timeout), f.condition !== void 0 && (out.condition = checkCondition(step2, substituteCondition(f.condition, values), defaults, ctx)), f.assignee !== void 0 && (out.assignee = sub(f.assignee)), step2.group !== void 0 && (out.group = step2.group), out;
}
function substituteGate(gate, sub) {
  switch (gate.type) {
    case "files":
      return { ...gate, paths: gate.paths.map(sub) };
    case "checks":
      return { ...gate, names: gate.names.map(sub) };
    case "schema":
      return { ...gate, file: sub(gate.file), schema: sub(gate.schema) };
    case "conditional":
      return { ...gate, condition: sub(gate.condition) };
    default:
      return gate;
  }
}
function checkCondition(step2, condition, defaults, ctx) {
  let parsed = parseCondition(condition);
  if (!parsed.ok)
    return ctx.error(
      "bad-condition",
      `step "${step2.id}": ${parsed.error.message}`,
      placeOf(step2.origin, "condition")
    ), condition;
  for (let name of conditionVars(parsed.value))
    defaults.declared.has(name) || ctx.warn(
      "condition-unknown-var",
      `step "${step2.id}": condition reads "${name}", which is not a declared variable, so it is always empty`,
      placeOf(step2.origin, "condition")
    );
  return condition;
}

// src/engine/cook/vars.ts
function collectVars(declared, ctx) {
  let out = [];
  for (let [name, { input, origin }] of declared) {
    if (typeof input == "string") {
      out.push([name, { default: input, required: !1 }]);
      continue;
    }
    let v = { required: input.required === !0 && !input.required_unless?.length };
    if (input.description !== void 0 && (v.description = input.description), input.default !== void 0 && (v.default = String(input.default)), input.pattern !== void 0 && (v.pattern = input.pattern), input.enum !== void 0 && (v.enum = [...input.enum]), input.required === !0 && input.default !== void 0 && ctx.error(
      "var-required-with-default",
      `variable "${name}" is both required and has a default ("${v.default}"): drop \`required\` to make the default apply, or drop the default to make callers give it`,
      placeOf(origin, "required")
    ), v.pattern !== void 0 && compilePattern(v.pattern) === void 0)
      ctx.error(
        "bad-pattern",
        `variable "${name}": pattern ${JSON.stringify(v.pattern)} is not a valid regular expression`,
        placeOf(origin, "pattern")
      );
    else if (v.default !== void 0 && v.default !== "") {
      let problem = checkValue(name, v.default, v);
      problem && ctx.error("bad-default", `the default of ${problem.message}`, placeOf(origin, "default"));
    }
    out.push([name, v]);
  }
  return Object.fromEntries(out);
}
function cookValues(vars, given, ctx) {
  for (let problem of checkGiven(vars, given)) ctx.error(problem.code, problem.message, {});
  let out = [];
  for (let [name, v] of Object.entries(vars)) {
    let value = Object.hasOwn(given, name) ? given[name] : v.default;
    value !== void 0 && out.push([name, value]);
  }
  return Object.fromEntries(out);
}
function bindVars(vars, given) {
  let problems = checkGiven(vars, given), missing2 = Object.entries(vars).filter(
    ([name, v]) => v.required && !Object.hasOwn(given, name) && v.default === void 0
  );
  for (let [name, v] of missing2) {
    let about = v.description ? ` (${v.description})` : "";
    problems.push({
      severity: "error",
      code: "missing-var",
      message: `variable "${name}"${about} is required: give ${name}=<value>`
    });
  }
  if (missing2.length > 1) {
    let names = missing2.map(([name]) => `"${name}"`).join(", ");
    problems.unshift({
      severity: "error",
      code: "missing-var",
      message: `required variables missing: ${names}`
    });
  }
  return problems.length ? { ok: !1, error: asMolError(problems) } : ok(
    Object.fromEntries(
      Object.entries(vars).map(([name, v]) => [
        name,
        Object.hasOwn(given, name) ? given[name] : v.default ?? ""
      ])
    )
  );
}
function checkGiven(vars, given) {
  let problems = [], declared = Object.keys(vars);
  for (let [name, value] of Object.entries(given)) {
    let v = Object.hasOwn(vars, name) ? vars[name] : void 0;
    if (!v) {
      let known = declared.length ? `; it declares ${declared.map((d) => `"${d}"`).join(", ")}` : "; it declares none";
      problems.push({
        severity: "error",
        code: "unknown-var",
        message: `variable "${name}" is not declared by this formula${didYouMean2(name, declared)}${known}`
      });
      continue;
    }
    let problem = checkValue(name, value, v);
    problem && problems.push({ severity: "error", code: problem.code, message: problem.message });
  }
  return problems;
}
function checkValue(name, value, v) {
  if (v.enum && !v.enum.includes(value))
    return {
      code: "var-enum",
      message: `variable "${name}" is ${JSON.stringify(value)}, but must be one of ${v.enum.map((e) => JSON.stringify(e)).join(", ")}`
    };
  let re = v.pattern === void 0 ? void 0 : compilePattern(v.pattern);
  if (re && !re.test(value))
    return {
      code: "var-pattern",
      message: `variable "${name}" is ${JSON.stringify(value)}, which does not match ${v.pattern}`
    };
}
function compilePattern(pattern) {
  try {
    return new RegExp(pattern);
  } catch {
    return;
  }
}

// src/engine/cook/cook.ts
function cook(formula, options = {}) {
  let ctx = new CookContext(options.library), kind = inferType(formula.data);
  if (kind === "overlay" || formula.isOverlay)
    return ctx.error(
      "overlay-alone",
      `${formula.file} is a formula overlay (step-overrides), not a formula: apply it with \`mol cook <formula> --overlay ${formula.file}\``,
      placeOf({ formula, path: [] })
    ), { ok: !1, error: asMolError(ctx.errors) };
  let resolved = resolveFormula(formula, ctx), steps = applyExpansions(resolved.steps, resolved.expand, resolved.vars, ctx);
  steps = applyAspects(steps, resolved.aspects, resolved.vars, ctx), steps = applyOverlays(steps, options.overlays ?? [], ctx);
  let vars = collectVars(resolved.vars, ctx), values = cookValues(vars, options.vars ?? {}, ctx), name = formulaName(formula);
  if (steps.length === 0 && ctx.errors.length === 0) {
    let what = kind === "convoy" ? "legs" : kind === "expansion" ? "[[template]] steps" : kind === "aspect" ? "advice" : "steps";
    ctx.error(
      "empty-formula",
      `formula "${name}" has no ${what}: there is nothing to run`,
      placeOf({ formula, path: [] })
    );
  }
  let declared = new Set(Object.keys(vars)), protoSteps = new Map(
    steps.map((s) => [
      s,
      toProtoStep(s, values, { maxRetries: resolved.settings.max_retries, declared }, ctx)
    ])
  ), ordered = checkDag(steps, ctx);
  if (ctx.errors.length || !ordered) return { ok: !1, error: asMolError(ctx.errors) };
  let settings = resolved.settings, proto = {
    formula: name,
    description: substitute(formula.data.description ?? "", values),
    type: kind,
    execution: settings.execution ?? "local",
    vars,
    steps: ordered.map((s) => protoSteps.get(s)),
    maxLoops: settings.max_loops ?? DEFAULT_MAX_LOOPS
  };
  if (formula.data.version !== void 0 && (proto.version = formula.data.version), settings.squash) {
    let squash2 = { includeMetrics: settings.squash.include_metrics ?? !1 };
    settings.squash.template !== void 0 && (squash2.template = settings.squash.template), settings.squash.template_type !== void 0 && (squash2.templateType = settings.squash.template_type), proto.squash = squash2;
  }
  return settings.phase !== void 0 && (proto.phase = settings.phase), { ok: !0, value: { proto, warnings: ctx.warnings, uses: ctx.uses } };
}

// src/engine/ops/events.ts
import { z as z5 } from "zod";
var step = z5.string().min(1), by = z5.string().optional(), MoleculeEventSchema = z5.discriminatedUnion("type", [
  z5.object({
    type: z5.literal("start"),
    step,
    lease: z5.object({ holder: z5.string(), runId: z5.string().optional(), ttlMs: z5.number().int().positive() }).optional(),
    by
  }),
  z5.object({
    type: z5.literal("complete"),
    step,
    checkpoint: CheckpointSchema.optional(),
    gates: z5.array(GateResultSchema).optional(),
    branch: z5.string().optional(),
    by
  }),
  /** Gate results arriving later (checks finished, timer elapsed). */
  z5.object({ type: z5.literal("gates"), step, gates: z5.array(GateResultSchema) }),
  z5.object({ type: z5.literal("fail"), step, error: z5.string(), by }),
  /** A failed step (or one blocked by failures: their sources are retried) back to ready; works after retries are spent. */
  z5.object({ type: z5.literal("retry"), step, by }),
  z5.object({ type: z5.literal("skip"), step, reason: z5.string().optional(), by }),
  z5.object({ type: z5.literal("approve"), step, by: z5.string() }),
  /** To a step's checkpoint (it stays completed, everything downstream back to pending); no step: to the base. */
  z5.object({ type: z5.literal("rollback"), step: step.optional(), by }),
  z5.object({ type: z5.literal("pause"), by }),
  z5.object({ type: z5.literal("unpause"), by }),
  z5.object({ type: z5.literal("squash"), summary: z5.string().optional(), by }),
  z5.object({ type: z5.literal("burn"), by }),
  /** A wisp whose TTL passed. */
  z5.object({ type: z5.literal("evaporate") }),
  /** In-progress steps whose lease expired (or that have none) back to ready; ready steps dispatched again. */
  z5.object({ type: z5.literal("resume"), by }),
  /** Patrol: a step past its timeout fails (so retries apply). */
  z5.object({ type: z5.literal("timeout"), step }),
  /** Patrol: a nudge was sent to whoever holds the step. */
  z5.object({ type: z5.literal("nudge"), step }),
  /**
   * Patrol: an in-progress step back to ready because its lease expired (no runId) or its run is
   * gone (runId: refused unless that run still holds the lease, so a stale decision cannot evict a
   * newer run).
   */
  z5.object({ type: z5.literal("release"), step, runId: z5.string().optional(), by }),
  /** Complete or failed molecules only: back to a fresh pour of the same proto. */
  z5.object({ type: z5.literal("reset"), by }),
  /** Any state: a fresh pour, with a warning notice. */
  z5.object({ type: z5.literal("force-reset"), by: z5.string() })
]);

// src/engine/parse-document.ts
import { parse as parseToml, TomlError } from "smol-toml";

// src/engine/parse-json-syntax.ts
var NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y, LITERAL = /true|false|null/y, ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y;
function findJsonSyntaxError(text2) {
  let stack = [], expect = "value", i = 0, afterValue = () => stack.length === 0 ? "end" : "comma-or-end";
  for (; ; ) {
    for (; i < text2.length && ` 	
\r`.includes(text2[i]); ) i++;
    let c = text2[i];
    if (c === void 0)
      return expect === "end" ? void 0 : { offset: text2.length, reason: "the JSON ends too early" };
    switch (expect) {
      case "end":
        return { offset: i, reason: "unexpected text after the end of the JSON value" };
      case "colon":
        if (c !== ":") return { offset: i, reason: 'expected ":" after the property name' };
        i++, expect = "value";
        break;
      case "comma-or-end": {
        let close = stack[stack.length - 1] === "{" ? "}" : "]";
        if (c === ",")
          i++, expect = close === "}" ? "key" : "value";
        else if (c === close)
          i++, stack.pop(), expect = afterValue();
        else return { offset: i, reason: `expected "," or "${close}"` };
        break;
      }
      case "key":
      case "key-or-end":
        if (c === "}" && expect === "key-or-end")
          i++, stack.pop(), expect = afterValue();
        else if (c === '"') {
          let end = stringEnd(text2, i);
          if (typeof end != "number") return end;
          i = end, expect = "colon";
        } else {
          let trailing = c === "}" && afterComma(text2, i) ? ' (remove the comma before "}")' : "";
          return { offset: i, reason: `expected a property name in double quotes${trailing}` };
        }
        break;
      case "value":
      case "value-or-end":
        if (c === "]" && expect === "value-or-end")
          i++, stack.pop(), expect = afterValue();
        else if (c === "{" || c === "[")
          stack.push(c), i++, expect = c === "{" ? "key-or-end" : "value-or-end";
        else if (c === '"') {
          let end = stringEnd(text2, i);
          if (typeof end != "number") return end;
          i = end, expect = afterValue();
        } else {
          let end = matchAt(NUMBER, text2, i) ?? matchAt(LITERAL, text2, i);
          if (end === void 0) {
            let trailing = c === "]" && afterComma(text2, i) ? ' (remove the comma before "]")' : "";
            return {
              offset: i,
              reason: `unexpected ${JSON.stringify(c)} where a value should be${trailing}`
            };
          }
          i = end, expect = afterValue();
        }
        break;
    }
  }
}
function stringEnd(text2, start2) {
  let i = start2 + 1;
  for (; i < text2.length; ) {
    let c = text2.charCodeAt(i);
    if (c === 34) return i + 1;
    if (c < 32) return { offset: i, reason: "a control character (such as a raw newline) inside a string" };
    if (c === 92) {
      let end = matchAt(ESCAPE, text2, i);
      if (end === void 0) return { offset: i, reason: "an invalid escape sequence in a string" };
      i = end;
    } else i++;
  }
  return { offset: start2, reason: 'a string that never ends (no closing ")' };
}
function matchAt(pattern, text2, at) {
  return pattern.lastIndex = at, pattern.test(text2) ? pattern.lastIndex : void 0;
}
function afterComma(text2, at) {
  let i = at - 1;
  for (; i >= 0 && ` 	
\r`.includes(text2[i]); ) i--;
  return text2[i] === ",";
}

// src/engine/parse-key-positions.ts
var START = { line: 1, col: 1 };
function keyOf(path) {
  let key = "";
  for (let segment of path)
    key += typeof segment == "number" ? `${segment},` : `${JSON.stringify(String(segment))},`;
  return key;
}
var KeyPositions = class {
  byPath = /* @__PURE__ */ new Map();
  set(path, position) {
    this.byPath.set(keyOf(path), position);
  }
  /** The first place wins: a dotted header `[vars.x]` must not move where `vars` was first written. */
  setIfAbsent(path, position) {
    let key = keyOf(path);
    this.byPath.has(key) || this.byPath.set(key, position);
  }
  get(path) {
    return this.byPath.get(keyOf(path));
  }
  /** The place of `path`, else of its nearest recorded ancestor, else the start of the file. */
  nearest(path) {
    for (let length = path.length; length > 0; length--) {
      let found = this.byPath.get(keyOf(path.slice(0, length)));
      if (found) return found;
    }
    return START;
  }
  get size() {
    return this.byPath.size;
  }
};
function offsetLocator(text2) {
  let lineStarts = [0];
  for (let i = text2.indexOf(`
`); i !== -1; i = text2.indexOf(`
`, i + 1)) lineStarts.push(i + 1);
  return (offset) => {
    let at = Math.max(0, Math.min(offset, text2.length)), low = 0, high = lineStarts.length - 1;
    for (; low < high; ) {
      let mid = low + high + 1 >> 1;
      lineStarts[mid] <= at ? low = mid : high = mid - 1;
    }
    return { line: low + 1, col: at - lineStarts[low] + 1 };
  };
}

// src/engine/parse-document.ts
function readDocument(text2, format) {
  return format === "json" ? readJson(text2) : readToml(text2);
}
function withoutBom(text2) {
  return text2.charCodeAt(0) === 65279 ? text2.slice(1) : text2;
}
function readToml(text2) {
  try {
    return { ok: !0, value: parseToml(text2) };
  } catch (error) {
    if (error instanceof TomlError) {
      let reason = error.message.replace(/^Invalid TOML document: /, "").split(`

`)[0]?.trim(), plain = endsLine(text2, error.line, error.column) && /control characters/.test(reason ?? "") ? 'a string is not closed before the end of its line (use """ for text over several lines)' : reason || "unreadable";
      return syntax("toml-syntax", `this file is not valid TOML: ${plain}`, error.line, error.column);
    }
    return syntax("toml-syntax", `this file could not be read as TOML: ${reasonOf(error)}`, 1, 1);
  }
}
function readJson(text2) {
  try {
    return { ok: !0, value: JSON.parse(text2) };
  } catch (error) {
    let found = findJsonSyntaxError(text2);
    if (found) {
      let { line, col } = offsetLocator(text2)(found.offset);
      return syntax("json-syntax", `this file is not valid JSON: ${found.reason}`, line, col);
    }
    return syntax("json-syntax", `this file is not valid JSON: ${reasonOf(error)}`, 1, 1);
  }
}
function endsLine(text2, line, col) {
  let c = (text2.split(`
`)[line - 1] ?? "")[col - 1];
  return c === void 0 || c === "\r";
}
function syntax(code, message, line, col) {
  return { ok: !1, error: { code, message, line, col } };
}
function reasonOf(error) {
  return error instanceof Error ? error.message : String(error);
}

// src/engine/parse-schema-walk.ts
function defOf(schema) {
  return schema._zod.def;
}
var WRAPPERS = /* @__PURE__ */ new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);
function unwrap2(schema) {
  let current = schema;
  for (let guard2 = 0; guard2 < 32; guard2++) {
    let def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === "lazy" && def.getter) current = def.getter();
    else if (def.type === "pipe" && def.in) current = def.in;
    else return current;
  }
  return current;
}
function shapeOf(schema) {
  let def = defOf(unwrap2(schema));
  return def.type === "object" ? def.shape : void 0;
}
function literalValues(schema) {
  let def = defOf(unwrap2(schema));
  if (def.type === "literal") return def.values;
  if (def.type === "enum" && def.entries) return Object.values(def.entries);
}
function matchesKind(schema, value) {
  let def = defOf(unwrap2(schema));
  switch (def.type) {
    case "string":
    case "template_literal":
      return typeof value == "string";
    case "number":
    case "int":
      return typeof value == "number";
    case "boolean":
      return typeof value == "boolean";
    case "enum":
    case "literal":
      return (literalValues(schema) ?? []).some((literal) => typeof literal == typeof value);
    case "array":
    case "tuple":
      return Array.isArray(value);
    case "object":
    case "record":
      return isTable(value);
    case "union":
      return (def.options ?? []).some((option) => matchesKind(option, value));
    case "unknown":
    case "any":
      return !0;
    default:
      return !1;
  }
}
function unionOption(schema, value) {
  let def = defOf(unwrap2(schema));
  if (def.type !== "union") return;
  let options = def.options ?? [], discriminator = def.discriminator;
  if (discriminator !== void 0) {
    if (!isTable(value)) return;
    let tag = value[discriminator];
    return options.find((option) => {
      let field = shapeOf(option)?.[discriminator];
      return field !== void 0 && (literalValues(field) ?? []).includes(tag);
    });
  }
  return options.find((option) => matchesKind(option, value));
}
function taggedUnion(schema, value, discriminator) {
  let current = unwrap2(schema);
  for (let guard2 = 0; guard2 < 32; guard2++) {
    let def = defOf(current);
    if (def.type !== "union") return;
    if (def.discriminator === discriminator) return current;
    let option = (def.options ?? []).find((candidate) => matchesKind(candidate, value));
    if (!option) return;
    current = unwrap2(option);
  }
}
function resolveFor(schema, value) {
  let current = unwrap2(schema);
  for (let guard2 = 0; guard2 < 32 && current; guard2++) {
    if (defOf(current).type !== "union") return current;
    let option = unionOption(current, value);
    current = option && unwrap2(option);
  }
  return current;
}
function childSchema(schema, key, parent) {
  let resolved = resolveFor(schema, parent);
  if (!resolved) return;
  let def = defOf(resolved);
  if (def.type === "object")
    return typeof key == "string" && def.shape && Object.hasOwn(def.shape, key) ? def.shape[key] : void 0;
  if (def.type === "array") return typeof key == "number" ? def.element : void 0;
  if (def.type === "record") return typeof key == "string" ? def.valueType : void 0;
}
function schemaAt(root, path, data) {
  let schema = root, value = data;
  for (let segment of path) {
    if (!schema) return;
    schema = childSchema(schema, segment, value), value = value !== null && typeof value == "object" && typeof segment != "symbol" && Object.hasOwn(value, segment) ? value[String(segment)] : void 0;
  }
  return schema;
}

// src/engine/parse-issue-sentence.ts
function explainIssues(root, data, issues, base = []) {
  return issues.flatMap((issue) => explainIssue(root, data, issue, base));
}
function explainIssue(root, data, issue, base) {
  let path = [...base, ...issue.path], value = valueAt(data, path);
  switch (issue.code) {
    case "invalid_union": {
      if (issue.discriminator !== void 0 && issue.errors.length === 0) {
        let listed = "options" in issue ? issue.options : void 0;
        return [unknownType(root, data, issue.discriminator, listed, path, value)];
      }
      let union2 = schemaAt(root, path, data), chosen = (union2 ? defOf(unwrap2(union2)).options ?? [] : []).findIndex((option) => matchesKind(option, value)), nested = issue.errors[chosen];
      return nested && nested.length > 0 ? explainIssues(root, data, nested, path) : [expectation(root, data, path, value, issue)];
    }
    case "invalid_element":
    case "invalid_key":
      return explainIssues(root, data, issue.issues, path);
    case "invalid_type":
    case "invalid_value":
    case "invalid_format":
    case "too_small":
    case "too_big":
    case "not_multiple_of":
      return [expectation(root, data, path, value, issue)];
    default:
      return [{ code: "invalid-value", path, message: `${where2(path)}: ${lowerFirst(issue.message)}` }];
  }
}
function expectation(root, data, path, value, issue) {
  let schema = schemaAt(root, path, data), wanted = schema ? describe2(schema) : void 0;
  if (value === void 0 && path.length > 0) {
    let key = path[path.length - 1], parent = path.slice(0, -1), name = typeof key == "number" ? `item ${key}` : String(key), what = wanted ? `, which must be ${wanted}` : "";
    return { code: "missing-key", path, message: `${where2(parent)} is missing ${name}${what}` };
  }
  let expected = wanted ?? lowerFirst(issue.message);
  return { code: "invalid-value", path, message: `${where2(path)} must be ${expected}, not ${show(value)}` };
}
function unknownType(root, data, discriminator, listed, path, value) {
  let owner = path[path.length - 1] === discriminator ? path.slice(0, -1) : path, tags = tagsOf(root, data, owner, discriminator), allowed = (tags.length > 0 ? tags : listed ?? []).map(String).join(", "), noun = nounOf(owner), message = value === void 0 ? `${where2(owner)} has no ${discriminator}; expected one of ${allowed}` : `unknown ${noun}${discriminator} ${show(value)} in ${where2(owner)}; expected one of ${allowed}`;
  return { code: "unknown-type", path, message };
}
function tagsOf(root, data, owner, discriminator) {
  let schema = schemaAt(root, owner, data), union2 = schema && taggedUnion(schema, valueAt(data, owner), discriminator);
  return (union2 ? defOf(union2).options ?? [] : []).flatMap((option) => {
    let field = shapeOf(option)?.[discriminator];
    return field ? literalValues(field) ?? [] : [];
  });
}
function nounOf(path) {
  for (let i = path.length - 1; i >= 0; i--) {
    let segment = path[i];
    if (typeof segment == "string") return segment === "gates" || segment === "gate" ? "gate " : "";
  }
  return "";
}
function describe2(schema) {
  let inner = unwrap2(schema), def = defOf(inner), checks = (def.checks ?? []).map((check) => check._zod.def);
  switch (def.type) {
    case "string":
      return describeString(checks);
    case "number":
    case "int":
      return describeNumber(def.type === "int", checks);
    case "boolean":
      return "true or false";
    case "enum":
    case "literal":
      return oneOf((literalValues(inner) ?? []).map(String));
    case "array": {
      let kind = def.element ? defOf(unwrap2(def.element)).type : "";
      return kind === "string" ? "a list of text" : kind === "object" || kind === "union" ? "a list of tables" : "a list";
    }
    case "object":
    case "record":
      return "a table";
    case "union": {
      let options = (def.options ?? []).map((option) => {
        let text2 = describe2(option);
        return text2 === "true or false" ? "true/false" : text2;
      });
      return joinOr([...new Set(options)]);
    }
    case "unknown":
    case "any":
      return "any value";
    default:
      return def.type;
  }
}
function describeString(checks) {
  for (let check of checks)
    if (check.check === "string_format" && check.format === "regex") {
      let custom = customMessage(check.error);
      if (custom) return custom;
    }
  return checks.some((check) => check.check === "min_length" && Number(check.minimum) >= 1) ? "non-empty text" : "text";
}
function describeNumber(isInt, checks) {
  let text2 = isInt || checks.some((check) => check.check === "number_format" && /int/.test(check.format ?? "")) ? "a whole number" : "a number";
  for (let check of checks)
    check.check === "greater_than" && (text2 += ` ${check.inclusive ? "\u2265" : ">"} ${String(check.value)}`), check.check === "less_than" && (text2 += ` ${check.inclusive ? "\u2264" : "<"} ${String(check.value)}`);
  return text2;
}
function customMessage(error) {
  try {
    let produced = typeof error == "function" ? error() : error;
    if (typeof produced == "string") return produced;
    if (isTable(produced) && typeof produced.message == "string") return produced.message;
  } catch {
  }
}
function oneOf(values) {
  return values.length <= 2 ? values.join(" or ") : `one of ${values.join(", ")}`;
}
function joinOr(parts) {
  return parts.length <= 1 ? parts[0] ?? "something else" : `${parts.slice(0, -1).join(", ")} or ${parts[parts.length - 1]}`;
}
function where2(path) {
  return path.length === 0 ? "the formula" : formatKeyPath(path);
}
function show(value) {
  if (value === void 0) return "nothing";
  if (typeof value == "string") {
    let quoted2 = JSON.stringify(value);
    return quoted2.length > 42 ? `${quoted2.slice(0, 39)}\u2026"` : quoted2;
  }
  return typeof value == "number" || typeof value == "boolean" || typeof value == "bigint" ? String(value) : value === null ? "null" : Array.isArray(value) ? "a list" : value instanceof Date ? "a date" : "a table";
}
function lowerFirst(text2) {
  return text2.charAt(0).toLowerCase() + text2.slice(1);
}

// src/engine/parse-json-positions.ts
var MAX_DEPTH2 = 200, SCALAR_END = /* @__PURE__ */ new Set([",", "]", "}", ":", " ", "	", `
`, "\r"]);
function scanJsonPositions(text2) {
  return new JsonPositionScanner(text2).scan();
}
var JsonPositionScanner = class {
  constructor(text2) {
    this.text = text2;
    this.place = offsetLocator(text2);
  }
  text;
  i = 0;
  positions = new KeyPositions();
  place;
  scan() {
    return this.skipSpaces(), this.i < this.text.length && this.value([], 0), this.positions;
  }
  value(path, depth) {
    let c = this.text[this.i];
    depth >= MAX_DEPTH2 && (c === "{" || c === "[") ? this.skipNested() : c === "{" ? this.object(path, depth + 1) : c === "[" ? this.array(path, depth + 1) : c === '"' ? this.i = this.stringEnd(this.i) : this.skipScalar();
  }
  object(path, depth) {
    for (this.i++; this.i < this.text.length; ) {
      this.skipSpaces();
      let c = this.text[this.i];
      if (c === "}") {
        this.i++;
        return;
      }
      if (c !== '"') {
        this.i++;
        continue;
      }
      let start2 = this.i, end = this.stringEnd(start2), key = decodeJsonString(this.text.slice(start2, end));
      this.i = end;
      let member = [...path, key];
      this.positions.set(member, this.place(start2)), this.skipSpaces(), this.text[this.i] === ":" && (this.i++, this.skipSpaces(), this.i < this.text.length && this.value(member, depth));
    }
  }
  array(path, depth) {
    this.i++;
    let index = 0;
    for (; this.i < this.text.length; ) {
      this.skipSpaces();
      let c = this.text[this.i];
      if (c === "]") {
        this.i++;
        return;
      }
      if (c === ",") {
        this.i++;
        continue;
      }
      if (c === void 0) return;
      let element = [...path, index++];
      this.positions.set(element, this.place(this.i)), this.value(element, depth);
    }
  }
  /** Steps over one object or array without recording anything inside it. */
  skipNested() {
    let open3 = 0;
    for (; this.i < this.text.length; ) {
      let c = this.text[this.i];
      if (c === '"') {
        this.i = this.stringEnd(this.i);
        continue;
      }
      if (this.i++, c === "{" || c === "[") open3++;
      else if ((c === "}" || c === "]") && --open3 === 0) return;
    }
  }
  stringEnd(start2) {
    let i = start2 + 1;
    for (; i < this.text.length; ) {
      let c = this.text[i];
      if (c === "\\") i += 2;
      else {
        if (c === '"') return i + 1;
        i++;
      }
    }
    return this.text.length;
  }
  skipScalar() {
    let start2 = this.i;
    for (; this.i < this.text.length && !SCALAR_END.has(this.text[this.i]); ) this.i++;
    this.i === start2 && this.i++;
  }
  skipSpaces() {
    for (; ; ) {
      let c = this.text[this.i];
      if (c === " " || c === "	" || c === `
` || c === "\r") this.i++;
      else return;
    }
  }
};
function decodeJsonString(quoted2) {
  try {
    let decoded = JSON.parse(quoted2);
    if (typeof decoded == "string") return decoded;
  } catch {
  }
  return quoted2.slice(1, quoted2.endsWith('"') && quoted2.length > 1 ? -1 : void 0);
}

// src/engine/parse-nesting-limit.ts
function findTooDeep(data, limit = 64) {
  let pending = [{ value: data, depth: 0 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    let { value, depth } = next;
    if (value === null || typeof value != "object" || value instanceof Date) continue;
    if (depth > limit) return pathTo(next);
    let children = Array.isArray(value) ? value.entries() : Object.entries(value);
    for (let [key, child] of children) pending.push({ value: child, depth: depth + 1, key, parent: next });
  }
}
function pathTo(entry2) {
  let path = [];
  for (let at = entry2; at?.key !== void 0; at = at.parent) path.unshift(at.key);
  return path;
}

// src/engine/parse-required-default.ts
var VAR_TABLES = ["vars", "inputs"];
function findRequiredWithDefault(data) {
  if (!isTable(data)) return [];
  let problems = [];
  for (let table of VAR_TABLES) {
    let vars = data[table];
    if (isTable(vars))
      for (let [name, spec] of Object.entries(vars))
        isTable(spec) && spec.required === !0 && spec.default !== void 0 && problems.push({
          path: [table, name],
          message: `variable ${JSON.stringify(name)} is required and has a default; a required variable cannot have a default \u2014 remove one`
        });
  }
  return problems;
}

// src/engine/parse-run-placeholders.ts
var PLACEHOLDER2 = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;
function varEnvName(name) {
  return `MOL_VAR_${name.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;
}
function findRunPlaceholders(data) {
  let problems = [];
  if (!isTable(data)) return problems;
  let check = (owner, path) => {
    if (!isTable(owner) || typeof owner.run != "string") return;
    let names = [...new Set([...owner.run.matchAll(PLACEHOLDER2)].map((match) => match[1]))];
    if (names.length === 0) return;
    let runPath = [...path, "run"], used = names.map((name) => `{{${name}}}`).join(", "), instead = names.map((name) => `"$${varEnvName(name)}"`).join(", ");
    problems.push({
      path: runPath,
      message: `${formatKeyPath(runPath)} uses ${used}; variables reach commands only as environment variables: write ${instead} instead`
    });
  }, checkEach = (list, path) => {
    if (Array.isArray(list))
      for (let [index, item] of list.entries()) check(item, [...path, index]);
  }, gates2 = (value, path) => {
    Array.isArray(value) ? checkEach(value, path) : check(value, path);
  }, steps = (list, path, depth) => {
    !Array.isArray(list) || depth > 64 || list.forEach((step2, index) => {
      let at = [...path, index];
      check(step2, at), isTable(step2) && (gates2(step2.gate, [...at, "gate"]), gates2(step2.gates, [...at, "gates"]), steps(step2.children, [...at, "children"], depth + 1));
    });
  };
  return steps(data.steps, ["steps"], 0), steps(data.template, ["template"], 0), Array.isArray(data.advice) && data.advice.forEach((advice, index) => {
    isTable(advice) && (steps(advice.before, ["advice", index, "before"], 0), steps(advice.after, ["advice", index, "after"], 0), isTable(advice.around) && (steps(advice.around.before, ["advice", index, "around", "before"], 0), steps(advice.around.after, ["advice", index, "around", "after"], 0)));
  }), checkEach(data.legs, ["legs"]), check(data.synthesis, ["synthesis"]), checkEach(data["step-overrides"], ["step-overrides"]), problems;
}

// src/engine/parse-toml-positions.ts
var MAX_DEPTH3 = 200, SCALAR_END2 = /* @__PURE__ */ new Set([",", "]", "}", "#", `
`, "\r"]), KEY_END = /* @__PURE__ */ new Set([" ", "	", "=", ".", "[", "]", '"', "'", "#", `
`, "\r", ",", "{", "}"]);
function scanTomlPositions(text2) {
  return new TomlPositionScanner(text2).scan();
}
var TomlPositionScanner = class {
  constructor(text2) {
    this.text = text2;
    this.place = offsetLocator(text2);
  }
  text;
  i = 0;
  positions = new KeyPositions();
  place;
  /** Elements seen so far per array of tables, keyed by its resolved path. */
  arrayLengths = /* @__PURE__ */ new Map();
  scan() {
    let table = [];
    for (; this.i < this.text.length; ) {
      this.skipSpaces();
      let c = this.text[this.i];
      if (c === void 0) break;
      c === `
` || c === "\r" ? this.i++ : c === "#" ? this.skipLine() : c === "[" ? (table = this.header() ?? table, this.skipLine()) : (this.keyValue(table, 0), this.skipLine());
    }
    return this.positions;
  }
  /** `[a.b]` or `[[a.b]]`: returns the table path later keys belong to. */
  header() {
    let start2 = this.i, isArray = this.text[this.i + 1] === "[";
    this.i += isArray ? 2 : 1, this.skipSpaces();
    let parts = this.key();
    if (!parts) return;
    let resolved = [];
    return parts.forEach((part, index) => {
      resolved.push(part.name), this.positions.setIfAbsent(resolved, this.place(part.start));
      let id = JSON.stringify(resolved);
      if (index === parts.length - 1 && isArray) {
        let length = this.arrayLengths.get(id) ?? 0;
        this.arrayLengths.set(id, length + 1), resolved.push(length), this.positions.setIfAbsent(resolved, this.place(start2));
      } else {
        let length = this.arrayLengths.get(id);
        length !== void 0 && resolved.push(length - 1);
      }
    }), resolved;
  }
  /** `a.b = value` inside `table`; records every dotted part and the value's contents. */
  keyValue(table, depth) {
    let parts = this.key();
    if (!parts) {
      this.i++;
      return;
    }
    let path = [...table];
    for (let part of parts)
      path.push(part.name), this.positions.setIfAbsent(path, this.place(part.start));
    this.skipSpaces(), this.text[this.i] === "=" && (this.i++, this.skipSpaces(), this.value(path, depth));
  }
  value(path, depth) {
    let c = this.text[this.i];
    c === '"' || c === "'" ? this.skipString() : c === "[" && depth < MAX_DEPTH3 ? this.inlineArray(path, depth + 1) : c === "{" && depth < MAX_DEPTH3 ? this.inlineTable(path, depth + 1) : this.skipScalar();
  }
  inlineArray(path, depth) {
    this.i++;
    let index = 0;
    for (; this.i < this.text.length; ) {
      this.skipVoid();
      let c = this.text[this.i];
      if (c === "]") {
        this.i++;
        return;
      }
      if (c === ",") {
        this.i++;
        continue;
      }
      if (c === void 0) return;
      let element = [...path, index++];
      this.positions.setIfAbsent(element, this.place(this.i)), this.value(element, depth);
    }
  }
  inlineTable(path, depth) {
    for (this.i++; this.i < this.text.length; ) {
      this.skipVoid();
      let c = this.text[this.i];
      if (c === "}") {
        this.i++;
        return;
      }
      if (c === ",") {
        this.i++;
        continue;
      }
      if (c === void 0) return;
      this.keyValue(path, depth);
    }
  }
  /** A dotted key of bare and quoted parts, or undefined when there is none here. */
  key() {
    let parts = [];
    for (; ; ) {
      let start2 = this.i, c = this.text[this.i], name;
      if (c === '"' || c === "'") {
        let end = this.stringEnd(this.i), raw = this.text.slice(this.i + 1, Math.max(this.i + 1, end - 1));
        name = c === '"' ? decodeBasic(raw) : raw, this.i = end;
      } else {
        for (; this.i < this.text.length && !KEY_END.has(this.text[this.i]); ) this.i++;
        if (this.i === start2) return parts.length > 0 ? parts : void 0;
        name = this.text.slice(start2, this.i);
      }
      if (parts.push({ name, start: start2 }), this.skipSpaces(), this.text[this.i] !== ".") return parts;
      this.i++, this.skipSpaces();
    }
  }
  skipString() {
    this.i = this.stringEnd(this.i);
  }
  /** The offset just past the string that opens at `start` (basic, literal, or multi-line of either). */
  stringEnd(start2) {
    let text2 = this.text, quote = text2[start2], triple = quote.repeat(3);
    if (text2.startsWith(triple, start2)) {
      let i2 = start2 + 3;
      for (; i2 < text2.length; )
        if (quote === '"' && text2[i2] === "\\") i2 += 2;
        else if (text2.startsWith(triple, i2)) {
          i2 += 3;
          for (let extra = 0; extra < 2 && text2[i2] === quote; extra++) i2++;
          return i2;
        } else i2++;
      return text2.length;
    }
    let i = start2 + 1;
    for (; i < text2.length; ) {
      let c = text2[i];
      if (c === `
`) return i;
      if (quote === '"' && c === "\\") i += 2;
      else {
        if (c === quote) return i + 1;
        i++;
      }
    }
    return text2.length;
  }
  skipScalar() {
    let start2 = this.i;
    for (; this.i < this.text.length && !SCALAR_END2.has(this.text[this.i]); ) this.i++;
    this.i === start2 && this.i++;
  }
  skipSpaces() {
    for (; this.text[this.i] === " " || this.text[this.i] === "	"; ) this.i++;
  }
  /** Spaces, newlines and comments: what may sit between the items of an inline array or table. */
  skipVoid() {
    for (; ; ) {
      let c = this.text[this.i];
      if (c === " " || c === "	" || c === `
` || c === "\r") this.i++;
      else if (c === "#") this.skipLine();
      else return;
    }
  }
  /** To the start of the next line (multi-line values were consumed by `value` already). */
  skipLine() {
    let next = this.text.indexOf(`
`, this.i);
    this.i = next === -1 ? this.text.length : next + 1;
  }
}, ESCAPES = {
  b: "\b",
  t: "	",
  n: `
`,
  f: "\f",
  r: "\r",
  e: "\x1B",
  '"': '"',
  "\\": "\\"
};
function decodeBasic(raw) {
  return raw.replace(/\\(u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8}|x[0-9A-Fa-f]{2}|.)/g, (whole, sequence) => {
    if (sequence.length > 1) {
      let code = Number.parseInt(sequence.slice(1), 16);
      return code <= 1114111 ? String.fromCodePoint(code) : whole;
    }
    return ESCAPES[sequence] ?? whole;
  });
}

// src/engine/unknown-keys.ts
function findUnknownKeys(schema, value, path = []) {
  let found = [];
  return walk(schema, value, path, found), found;
}
function walk(schema, value, path, found) {
  let resolved = resolveFor(schema, value);
  if (!resolved) return;
  let def = defOf(resolved);
  if (def.type === "object" && isTable(value)) {
    let shape = def.shape ?? {};
    for (let key of Object.keys(value)) {
      let child = Object.hasOwn(shape, key) ? shape[key] : void 0;
      child ? walk(child, value[key], [...path, key], found) : found.push([...path, key]);
    }
  } else if (def.type === "array" && def.element && Array.isArray(value)) {
    let element = def.element;
    for (let [index, item] of value.entries()) walk(element, item, [...path, index], found);
  } else if (def.type === "record" && def.valueType && isTable(value)) {
    let valueType = def.valueType;
    for (let key of Object.keys(value)) walk(valueType, value[key], [...path, key], found);
  }
}

// src/engine/parse-formula.ts
function formatOfFile(file) {
  return /\.json$/i.test(file) ? "json" : "toml";
}
function formulaNameOfFile(file) {
  return (file.split(/[\\/]/).pop() ?? "").replace(/(\.formula)?\.(toml|json)$/i, "");
}
function parseFormula(text2, file, format) {
  try {
    return parseUnguarded(text2, file, format);
  } catch (error) {
    let reason = error instanceof Error ? error.message : String(error);
    return fail3(file, [
      {
        severity: "error",
        code: "internal-error",
        message: `Molecular could not read this formula because of an internal error (${reason}); please report it`,
        file,
        line: 1,
        col: 1
      }
    ]);
  }
}
function parseUnguarded(input, file, format) {
  let name = typeof file == "string" ? file : String(file), kind = format === "json" || format === "toml" ? format : formatOfFile(name);
  if (typeof input != "string")
    return fail3(name, [
      { severity: "error", code: "not-text", message: "the formula must be text", file: name }
    ]);
  let text2 = withoutBom(input), read = readDocument(text2, kind);
  if (!read.ok) return fail3(name, [{ severity: "error", ...read.error, file: name }]);
  let raw = read.value, positions, locate = (path) => (positions ??= scanPositions(text2, kind), { file: name, ...positions.nearest(path) }), diagnostic = (severity, code, path, message) => ({
    severity,
    code,
    message,
    ...locate(path)
  }), tooDeep = findTooDeep(raw);
  if (tooDeep) {
    let message = `${formatKeyPath(tooDeep)} nests tables and lists more than ${64} levels deep; a formula may not nest that deep`;
    return fail3(name, [diagnostic("error", "too-deep", tooDeep, message)]);
  }
  let schema = FormulaSchema, checked = FormulaSchema.safeParse(raw), problems = checked.success ? [] : explainIssues(schema, raw, checked.error.issues);
  if (!checked.success && problems.length === 0) {
    let reason = checked.error.issues[0]?.message ?? "it does not match the formula schema";
    problems.push({ code: "invalid-value", path: [], message: `the formula is not valid: ${reason}` });
  }
  let errors = [
    ...problems.map((problem) => diagnostic("error", problem.code, problem.path, problem.message)),
    ...findRequiredWithDefault(raw).map(
      (p) => diagnostic("error", "var-required-with-default", p.path, p.message)
    ),
    ...findRunPlaceholders(raw).map((p) => diagnostic("error", "var-in-run", p.path, p.message))
  ], warnings = findUnknownKeys(schema, raw).map((path) => {
    let key = String(path[path.length - 1]), owner = path.length === 1 ? "at the top level" : `in ${where2(path.slice(0, -1))}`;
    return diagnostic(
      "warning",
      "unknown-key",
      path,
      `unknown key ${JSON.stringify(key)} ${owner} (ignored)`
    );
  });
  if (errors.length > 0 || !checked.success) return fail3(name, [...byPlace(errors), ...byPlace(warnings)]);
  let data = checked.data, isOverlay = isTable(raw) && Object.keys(raw).length === 1 && Object.hasOwn(raw, "step-overrides");
  if (data.formula === void 0) {
    let fromFile = formulaNameOfFile(name);
    fromFile !== "" && (data.formula = fromFile);
  }
  return {
    ok: !0,
    value: { file: name, format: kind, data, warnings: byPlace(warnings), isOverlay, locate }
  };
}
function scanPositions(text2, kind) {
  try {
    return kind === "json" ? scanJsonPositions(text2) : scanTomlPositions(text2);
  } catch {
    return new KeyPositions();
  }
}
function fail3(file, diagnostics) {
  let first = diagnostics.find((d) => d.severity === "error") ?? diagnostics[0], error = {
    code: first?.code ?? "invalid-formula",
    message: first?.message ?? "the formula is not valid",
    file,
    diagnostics
  };
  return first?.line !== void 0 && (error.line = first.line), first?.col !== void 0 && (error.col = first.col), { ok: !1, error };
}
function byPlace(diagnostics) {
  return [...diagnostics].sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.col ?? 0) - (b.col ?? 0));
}

// src/engine/patrol.ts
function patrolDecisions(input) {
  let now = input.now.getTime(), actions = [];
  for (let { proto, mol } of input.molecules) {
    if (FINAL_MOLECULE_STATUSES.has(mol.status)) continue;
    if (mol.kind === "wisp" && mol.expiresAt !== void 0 && Date.parse(mol.expiresAt) <= now) {
      actions.push({ type: "evaporate", molId: mol.id });
      continue;
    }
    if (mol.status !== "in_progress") continue;
    let defs = new Map(proto.steps.map((s) => [s.id, s]));
    for (let step2 of mol.steps) {
      if (step2.status !== "in_progress" || step2.startedAt === void 0) continue;
      let ran = now - Date.parse(step2.startedAt), own = defs.get(step2.id)?.timeout, limit = (own === void 0 ? void 0 : parseDuration(own)) ?? input.thresholds.defaultTimeoutMs;
      limit !== void 0 && ran >= limit ? actions.push({ type: "timeout", molId: mol.id, step: step2.id }) : step2.lease && Date.parse(step2.lease.expiresAt) <= now ? actions.push({ type: "expire-lease", molId: mol.id, step: step2.id }) : step2.lease?.runId !== void 0 && input.liveRuns && !input.liveRuns.has(step2.lease.runId) ? actions.push({ type: "redispatch", molId: mol.id, step: step2.id, runId: step2.lease.runId }) : ran >= input.thresholds.nudgeAfterMs && !recentlyNudged(step2.nudgedAt, now, input.thresholds.nudgeAfterMs) && actions.push({ type: "nudge", molId: mol.id, step: step2.id, idleMs: ran });
    }
  }
  for (let lock of input.locks ?? [])
    Date.parse(lock.expiresAt) <= now && actions.push({ type: "release-lock", molId: lock.molId });
  return actions;
}
function recentlyNudged(nudgedAt, now, nudgeAfterMs) {
  return nudgedAt !== void 0 && now - Date.parse(nudgedAt) < nudgeAfterMs;
}
function toEvent(action) {
  switch (action.type) {
    case "nudge":
      return { type: "nudge", step: action.step };
    case "timeout":
      return { type: "timeout", step: action.step };
    case "redispatch":
      return { type: "release", step: action.step, runId: action.runId, by: "patrol" };
    case "expire-lease":
      return { type: "release", step: action.step, by: "patrol" };
    case "evaporate":
      return { type: "evaporate" };
    case "release-lock":
      return;
  }
}

// src/cli/store/local-store.ts
import { mkdir as mkdir2, readdir, rm as rm2, writeFile } from "node:fs/promises";
import { join as join3 } from "node:path";

// src/cli/store/atomic-write.ts
import { randomBytes } from "node:crypto";
import { open, rename, rm } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
async function writeFileAtomic(path, data) {
  let dir = dirname(path), tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`), handle = await open(tmp, "wx");
  try {
    await handle.writeFile(data, "utf8"), await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(tmp, path);
  } catch (error) {
    throw await rm(tmp, { force: !0 }), error;
  }
  await syncDirectory(dir);
}
async function syncDirectory(dir) {
  let handle;
  try {
    handle = await open(dir, "r"), await handle.sync();
  } catch (error) {
    let code = error.code;
    if (code !== "EISDIR" && code !== "EPERM" && code !== "EINVAL" && code !== "EACCES") throw error;
  } finally {
    await handle?.close();
  }
}

// src/cli/store/file-lock.ts
import { randomBytes as randomBytes2 } from "node:crypto";
import { mkdir, open as open2, readFile, stat, unlink } from "node:fs/promises";
import { hostname } from "node:os";
import { dirname as dirname2 } from "node:path";
var DEFAULT_TIMEOUT_MS = 1e4, DEFAULT_STALE_MS = 3e4, BREAK_STALE_MS = 5e3;
async function acquireFileLock(path, options = {}) {
  let now = options.now ?? Date.now, timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS, staleMs = options.staleMs ?? DEFAULT_STALE_MS, deadline = now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    let holder = {
      pid: process.pid,
      host: hostname(),
      acquiredAt: new Date(now()).toISOString(),
      nonce: randomBytes2(8).toString("hex")
    }, created = await tryCreate(path, holder);
    if (created === "created") return ok(makeLock(path, holder));
    if (created !== "exists")
      return err("lock-failed", `cannot create the lock file ${path}: ${created.message}`);
    let seen = await readHolder(path);
    if (seen !== "gone") {
      if (await isStale(path, seen, now(), staleMs)) {
        await breakLock(path, seen, now);
        continue;
      }
      if (now() >= deadline) {
        let who = seen ? `process ${seen.pid} on ${seen.host} since ${seen.acquiredAt}` : "a process that has not written its name yet";
        return err(
          "lock-timeout",
          `${path} is held by ${who}; gave up after ${timeoutMs} ms. If that process is gone, delete the lock file.`,
          {
            file: path
          }
        );
      }
      await sleep(backoff(attempt));
    }
  }
}
async function withFileLock(path, fn, options = {}) {
  let lock = await acquireFileLock(path, options);
  if (!lock.ok) return lock;
  try {
    return await fn(lock.value);
  } finally {
    await lock.value.release();
  }
}
function makeLock(path, holder) {
  return {
    path,
    holder,
    isHeld: async () => {
      let seen = await readHolder(path);
      return seen !== "gone" && seen?.nonce === holder.nonce;
    },
    release: async () => {
      await removeIfStill(path, holder.nonce);
    }
  };
}
async function tryCreate(path, holder) {
  for (let tries = 0; tries < 2; tries++)
    try {
      let handle = await open2(path, "wx");
      try {
        await handle.writeFile(JSON.stringify(holder), "utf8");
      } finally {
        await handle.close();
      }
      return "created";
    } catch (error) {
      let code = error.code;
      if (code === "EEXIST") return "exists";
      if (code === "ENOENT" && tries === 0) {
        await mkdir(dirname2(path), { recursive: !0 });
        continue;
      }
      return error;
    }
  return new Error("the lock directory keeps disappearing");
}
async function readHolder(path) {
  let text2;
  try {
    text2 = await readFile(path, "utf8");
  } catch (error) {
    if (error.code === "ENOENT") return "gone";
    throw error;
  }
  try {
    let data = JSON.parse(text2);
    if (typeof data.pid == "number" && typeof data.host == "string" && typeof data.acquiredAt == "string" && typeof data.nonce == "string")
      return data;
  } catch {
  }
}
async function isStale(path, holder, nowMs, staleMs) {
  if (holder === void 0) {
    let info = await stat(path).catch(() => {
    });
    return info !== void 0 && nowMs - info.mtimeMs > staleMs;
  }
  let acquired = Date.parse(holder.acquiredAt);
  return !Number.isFinite(acquired) || nowMs - acquired > staleMs ? !0 : holder.host === hostname() && !isAlive(holder.pid);
}
function isAlive(pid) {
  try {
    return process.kill(pid, 0), !0;
  } catch (error) {
    return error.code !== "ESRCH";
  }
}
async function breakLock(path, judged, now) {
  await underBreakLock(path, now, async () => {
    let seen = await readHolder(path);
    if (seen === "gone") return;
    (judged === void 0 ? seen === void 0 : seen?.nonce === judged.nonce) && await unlink(path).catch(ignoreMissing);
  });
}
async function removeIfStill(path, nonce) {
  if (!await underBreakLock(path, Date.now, async () => {
    let seen = await readHolder(path);
    seen !== "gone" && seen?.nonce === nonce && await unlink(path).catch(ignoreMissing);
  })) {
    let seen = await readHolder(path);
    seen !== "gone" && seen?.nonce === nonce && await unlink(path).catch(ignoreMissing);
  }
}
async function underBreakLock(path, now, fn) {
  let breakPath = `${path}.break`, deadline = Date.now() + 2 * BREAK_STALE_MS;
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    let handle;
    try {
      handle = await open2(breakPath, "wx");
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      let info = await stat(breakPath).catch(() => {
      });
      info && now() - info.mtimeMs > BREAK_STALE_MS && await unlink(breakPath).catch(ignoreMissing), await sleep(Math.min(1 + attempt, 20));
      continue;
    }
    await handle.close();
    try {
      await fn();
    } finally {
      await unlink(breakPath).catch(ignoreMissing);
    }
    return !0;
  }
  return !1;
}
function ignoreMissing(error) {
  if (error.code !== "ENOENT") throw error;
}
function backoff(attempt) {
  let cap = Math.min(100, 2 * 2 ** attempt);
  return cap / 2 + Math.random() * (cap / 2);
}
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

// src/cli/store/read-state-file.ts
import { readFile as readFile2 } from "node:fs/promises";
async function readStateFile(path, schema) {
  let text2;
  try {
    text2 = await readFile2(path, "utf8");
  } catch (error) {
    return error.code === "ENOENT" ? ok(void 0) : err("store-io", `cannot read ${path}: ${error.message}`, { file: path });
  }
  let data;
  try {
    data = JSON.parse(text2);
  } catch (error) {
    return err(
      "state-invalid",
      `${path} is not valid JSON (${error.message}); fix or remove the file.`,
      { file: path }
    );
  }
  let parsed = schema.safeParse(data);
  return parsed.success ? ok(parsed.data) : err(
    "state-invalid",
    `${path} does not hold valid state: ${describeIssues(parsed.error)}; fix or remove the file.`,
    {
      file: path
    }
  );
}
function describeIssues(error) {
  let shown2 = error.issues.slice(0, 3).map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`), more = error.issues.length > 3 ? ` and ${error.issues.length - 3} more` : "";
  return shown2.join("; ") + more;
}

// src/cli/store/store-layout.ts
import { join as join2 } from "node:path";
function storeLayout(dir) {
  let mols = join2(dir, "mols"), locks = join2(dir, "locks");
  return {
    dir,
    mols,
    locks,
    live: (id) => join2(mols, `${id}.json`),
    archive: (id) => join2(mols, `${id}.archive.json`),
    lock: (id) => join2(locks, `${id}.lock`)
  };
}
var ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/, ARCHIVE_SUFFIX = ".archive.json";
function checkId(id) {
  return !ID.test(id) || id.length > 200 ? err(
    "invalid-id",
    `"${id}" is not a molecule id: use letters, digits, '.', '_' and '-', starting with a letter or digit.`
  ) : id.endsWith(".archive") ? err(
    "invalid-id",
    `"${id}" is not a molecule id: the local store reserves ids ending in ".archive".`
  ) : ok(id);
}
function liveIdOf(fileName) {
  if (!fileName.endsWith(".json") || fileName.endsWith(ARCHIVE_SUFFIX)) return;
  let id = fileName.slice(0, -5);
  return checkId(id).ok ? id : void 0;
}

// src/cli/store/local-store.ts
function createLocalStore(options) {
  let layout = storeLayout(options.dir), ready, ensureLayout = () => (ready ??= makeLayout(layout), ready), locked = (id, fn) => guard(async () => (await ensureLayout(), withFileLock(layout.lock(id), fn, options.lock))), scan = (filter = {}) => guard(() => scanLive(layout, filter));
  return {
    dir: options.dir,
    create: (mol) => {
      let valid = MoleculeSchema.safeParse(mol);
      if (!valid.success)
        return Promise.resolve(
          err("state-invalid", `the molecule to create is invalid: ${describeIssues(valid.error)}`)
        );
      let id = checkId(mol.id);
      return id.ok ? locked(mol.id, async () => {
        let live = await readStateFile(layout.live(mol.id), MoleculeSchema);
        if (!live.ok) return live;
        let archived = await readStateFile(layout.archive(mol.id), ArchiveRecordSchema);
        return archived.ok ? live.value !== void 0 || archived.value !== void 0 ? err(
          "exists",
          `a molecule "${mol.id}" already exists in ${layout.mols}; pour it under another id.`
        ) : writeConfirmed(layout.live(mol.id), valid.data, MoleculeSchema) : archived;
      }) : Promise.resolve(id);
    },
    load: (id) => {
      let checked = checkId(id);
      return checked.ok ? guard(() => readStateFile(layout.live(id), MoleculeSchema)) : Promise.resolve(checked);
    },
    loadArchive: (id) => {
      let checked = checkId(id);
      return checked.ok ? guard(() => readStateFile(layout.archive(id), ArchiveRecordSchema)) : Promise.resolve(checked);
    },
    mutate: (id, fn) => {
      let checked = checkId(id);
      return checked.ok ? locked(id, async (lock) => {
        let current = await readStateFile(layout.live(id), MoleculeSchema);
        if (!current.ok) return current;
        if (current.value === void 0)
          return err("not-found", `there is no molecule "${id}" in ${layout.mols}.`);
        let next = applyMutator(fn, current.value);
        return next.ok ? await lock.isHeld() ? persist(layout, current.value, next.value) : err(
          "lock-lost",
          `the lock on molecule "${id}" was taken over while this change was computed; nothing was written, try again.`
        ) : next;
      }) : Promise.resolve(checked);
    },
    list: async (filter) => {
      let scanned = await scan(filter);
      if (!scanned.ok) return scanned;
      let [first, ...rest] = scanned.value.problems;
      if (first === void 0) return ok(scanned.value.molecules);
      let more = rest.length > 0 ? ` (and ${rest.length} more bad file${rest.length > 1 ? "s" : ""})` : "";
      return {
        ok: !1,
        error: {
          ...first,
          message: first.message + more,
          diagnostics: scanned.value.problems.map((p) => ({ ...p, severity: "error" }))
        }
      };
    },
    scan
  };
}
function applyMutator(fn, current) {
  try {
    return fn(structuredClone(current));
  } catch (error) {
    return err(
      "mutator-threw",
      `the change to molecule "${current.id}" threw instead of returning an error: ${error.message}`
    );
  }
}
async function persist(layout, current, mutation) {
  let { effects } = mutation;
  if (mutation.mol.id !== current.id)
    return err(
      "state-invalid",
      `a change to molecule "${current.id}" tried to rename it to "${mutation.mol.id}"; nothing was written.`
    );
  let candidate = { ...mutation.mol, rev: current.rev + 1 }, parsed = MoleculeSchema.safeParse(candidate);
  if (!parsed.success)
    return err(
      "state-invalid",
      `the new state of molecule "${current.id}" is invalid: ${describeIssues(parsed.error)}; nothing was written.`
    );
  let next = parsed.data, live = layout.live(next.id);
  if (next.status === "squashed") {
    let record2 = archiveOf(effects);
    if (!record2.ok) return record2;
    let written2 = await writeConfirmed(layout.archive(next.id), record2.value, ArchiveRecordSchema);
    return written2.ok ? (await rm2(live, { force: !0 }), await syncDirectory(layout.mols), ok({ mol: next, effects })) : written2;
  }
  if (next.status === "burned")
    return await rm2(live, { force: !0 }), await syncDirectory(layout.mols), ok({ mol: next, effects });
  let written = await writeConfirmed(live, next, MoleculeSchema);
  return written.ok ? ok({ mol: written.value, effects }) : written;
}
function archiveOf(effects) {
  let effect = effects.find((e) => e.type === "archive");
  if (!effect)
    return err(
      "archive-missing",
      "a squash must come with an archive effect holding the record; nothing was written."
    );
  let parsed = ArchiveRecordSchema.safeParse(effect.record);
  return parsed.success ? ok(parsed.data) : err(
    "state-invalid",
    `the archive record is invalid: ${describeIssues(parsed.error)}; nothing was written.`
  );
}
async function writeConfirmed(path, value, schema) {
  let text2 = `${JSON.stringify(value, null, 2)}
`;
  await writeFileAtomic(path, text2);
  let back = await readStateFile(path, schema);
  return back.ok ? back.value === void 0 || `${JSON.stringify(back.value, null, 2)}
` !== text2 ? err(
    "write-lost",
    `${path} does not hold what was just written to it; another program may be writing there.`,
    { file: path }
  ) : ok(back.value) : back;
}
async function scanLive(layout, filter) {
  let names;
  try {
    names = await readdir(layout.mols);
  } catch (error) {
    if (error.code === "ENOENT") return ok({ molecules: [], problems: [] });
    throw error;
  }
  let molecules = [], problems = [];
  for (let name of names.sort()) {
    let id = liveIdOf(name);
    if (id === void 0) continue;
    let path = join3(layout.mols, name), read = await readStateFile(path, MoleculeSchema);
    if (!read.ok) {
      problems.push(read.error);
      continue;
    }
    let mol = read.value;
    if (mol !== void 0) {
      if (mol.id !== id) {
        problems.push({
          code: "state-invalid",
          message: `${path} holds molecule "${mol.id}", not "${id}"; rename or remove the file.`,
          file: path
        });
        continue;
      }
      filter.kind !== void 0 && mol.kind !== filter.kind || filter.status !== void 0 && !filter.status.includes(mol.status) || molecules.push(mol);
    }
  }
  return molecules.sort(
    (a, b) => a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt.localeCompare(b.createdAt)
  ), ok({ molecules, problems });
}
async function makeLayout(layout) {
  await mkdir2(layout.mols, { recursive: !0 }), await mkdir2(layout.locks, { recursive: !0 }), await writeFile(join3(layout.dir, ".gitignore"), `# Molecular state: local, never committed.
*
`, {
    flag: "wx"
  }).catch((error) => {
    if (error.code !== "EEXIST") throw error;
  });
}
async function guard(fn) {
  try {
    return await fn();
  } catch (error) {
    return err("store-io", `the local store failed: ${error.message}`);
  }
}

// src/github/archive-comment.ts
var OPEN = "<!-- molecular:archive v1", BLOCK = /<!--[ \t]*molecular:archive[ \t]+v(\d+)[ \t]*\r?\n([\s\S]*?)\r?\n?-->/;
function formatArchiveBody(record2) {
  let steps = record2.steps.map((s) => `| ${codeSpan(s.id)} | ${s.status} | ${s.attempts} |`), m = record2.metrics;
  return [
    `${OPEN}
${commentSafeJson(record2)}
-->`,
    "",
    `### \u{1F4E6} ${inlineText(record2.title, 200)}`,
    "",
    `Squashed molecule ${codeSpan(record2.id)} (formula ${codeSpan(record2.formula.name)}): **${record2.outcome}** after ${formatDuration(m.durationMs)}, ${m.attempts} attempts, ${m.retries} retries, ${m.loops} loops.`,
    "",
    // The summary is markdown, but it must not open a block of its own that a reader could mistake for state.
    truncate(record2.summary, 4e3).replace(/<!--/g, "&lt;!--"),
    "",
    "<details><summary>Steps</summary>",
    "",
    "| step | status | attempts |",
    "|---|---|---|",
    ...steps.slice(0, 200),
    "",
    "</details>"
  ].join(`
`);
}
function readArchiveBlock(body) {
  let match = BLOCK.exec(body);
  if (!match) return;
  if (Number(match[1]) !== 1)
    return err("state-version", `the archive block is format v${match[1]}, which this Molecular cannot read`);
  let data;
  try {
    data = JSON.parse(match[2] ?? "");
  } catch (cause) {
    return err("state-corrupt", `the archive block is not valid JSON: ${cause.message}`);
  }
  let parsed = ArchiveRecordSchema.safeParse(data);
  if (!parsed.success) {
    let issue = parsed.error.issues[0];
    return err(
      "state-invalid",
      `the archive block does not hold a valid record: at ${issue?.path.join(".") || "(root)"}: ${issue?.message}`
    );
  }
  return ok(parsed.data);
}

// src/github/client.ts
function repoSlug(repo) {
  return `${repo.owner}/${repo.repo}`;
}
function httpStatus(error) {
  if (typeof error != "object" || error === null || !("status" in error)) return;
  let status = error.status;
  return typeof status == "number" ? status : void 0;
}
function httpMessage(error) {
  return error instanceof Error ? error.message : String(error);
}

// src/github/comment-seal.ts
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
var SEAL = /\n*<!-- molecular:digest (sha256|hmac-sha256):([0-9a-f]{64}) at:(\S+) -->\s*$/, SEAL_RESERVE_BYTES = 140, normalize = (content) => content.replace(/\r\n?/g, `
`).trimEnd();
function digest(content, at, key) {
  let input = `molecular:digest v1
${at}
${normalize(content)}`;
  return key === void 0 ? createHash("sha256").update(input).digest("hex") : createHmac("sha256", key).update(input).digest("hex");
}
function sealBody(content, at, key) {
  let iso = at.toISOString(), algorithm = key === void 0 ? "sha256" : "hmac-sha256";
  return `${normalize(content)}

<!-- molecular:digest ${algorithm}:${digest(content, iso, key)} at:${iso} -->`;
}
function openSeal(body, key) {
  let match = SEAL.exec(body);
  if (!match)
    return err(
      "seal-broken",
      "it carries no Molecular digest line, so it was not written by Molecular or the line was removed"
    );
  let [, algorithm, hex, at] = match, content = body.slice(0, match.index);
  if (key !== void 0 && algorithm !== "hmac-sha256")
    return err(
      "seal-broken",
      "its digest is an unkeyed sha256 while this installation signs state with a key"
    );
  if (key === void 0 && algorithm === "hmac-sha256")
    return err(
      "seal-broken",
      "it is signed with a key this process was not given (set the same state key everywhere)"
    );
  if (Number.isNaN(Date.parse(at)))
    return err("seal-broken", `its digest line has an unreadable time "${at}"`);
  let expected = Buffer.from(digest(content, at, key), "hex");
  return timingSafeEqual(expected, Buffer.from(hex, "hex")) ? ok({ content, at, algorithm }) : err(
    "seal-broken",
    "its content does not match the digest Molecular wrote, so it was edited after Molecular wrote it"
  );
}

// src/github/comment-trust.ts
var DEFAULT_EDIT_WINDOW_MS = 10 * 6e4;
function isTrustedWriter(login, policy) {
  let lower = login.toLowerCase();
  return policy.writers.some((w) => w.toLowerCase() === lower);
}
function judgeComment(comment, policy) {
  let where3 = `comment #${comment.id}`;
  if (!isTrustedWriter(comment.author, policy))
    return err(
      "state-untrusted",
      `${where3} holds Molecular state but was written by @${comment.author}, who is not a trusted writer (${policy.writers.join(", ")}); it was ignored`
    );
  let sealed = openSeal(comment.body, policy.key);
  if (!sealed.ok)
    return err("state-untrusted", `${where3} by @${comment.author} was ignored: ${sealed.error.message}`);
  let drift = Date.parse(comment.updatedAt) - Date.parse(sealed.value.at);
  return Math.abs(drift) <= policy.editWindowMs ? ok(sealed.value) : err(
    "state-untrusted",
    `${where3} by @${comment.author} was edited at ${comment.updatedAt}, after Molecular wrote it at ${sealed.value.at}; it was ignored`
  );
}

// src/github/state-comments.ts
function toView(comment) {
  return {
    id: Number(comment.id),
    author: comment.user?.login ?? "ghost",
    body: comment.body ?? "",
    updatedAt: comment.updated_at
  };
}
async function listIssueComments(octokit, repo, issue) {
  return (await octokit.paginate("GET /repos/{owner}/{repo}/issues/{issue_number}/comments", {
    ...repo,
    issue_number: issue,
    per_page: 100
  })).map(toView);
}
async function getComment(octokit, repo, id) {
  try {
    let { data } = await octokit.request("GET /repos/{owner}/{repo}/issues/comments/{comment_id}", {
      ...repo,
      comment_id: id
    });
    return toView(data);
  } catch (error) {
    if (httpStatus(error) === 404) return;
    throw error;
  }
}
function classifyComments(comments, policy) {
  let found = [], rejected = [];
  for (let comment of comments) {
    let archive = readArchiveBlock(comment.body);
    if (!archive && !findStateBlock(comment.body)) continue;
    let claim = archive ?? decodeState(comment.body), molId = claim.ok ? claim.value.id : void 0, trust = judgeComment(comment, policy);
    trust.ok ? claim.ok ? archive ? found.push({ kind: "archive", comment, record: claim.value }) : found.push({ kind: "state", comment, mol: claim.value }) : rejected.push({ comment, error: claim.error }) : rejected.push({ comment, ...molId ? { molId } : {}, error: trust.error });
  }
  return { found, rejected };
}
function pickMolecule(classified, id) {
  let idOf = (f) => f.kind === "state" ? f.mol.id : f.record.id, found = classified.found.filter((f) => idOf(f) === id).sort((a, b) => a.comment.id - b.comment.id)[0];
  return { ...found ? { found } : {}, rejected: classified.rejected.filter((r) => r.molId === id) };
}

// src/github/confirm-write.ts
var STALE_READ_DELAYS_MS = [250, 1e3];
async function confirmWrite(octokit, repo, input) {
  let same = (c) => c.body.replace(/\r\n?/g, `
`).trimEnd() === input.body.trimEnd();
  if (input.mode === "response") return same(input.response) ? ok({}) : lost(input.response.id);
  for (let attempt = 0; ; attempt++) {
    let back = await getComment(octokit, repo, input.response.id);
    if (back && same(back)) return ok({});
    if (back) {
      let [found] = classifyComments([back], input.policy).found;
      if (found?.kind === "state" && found.mol.rev > input.previousRev) return ok({ conflict: found });
    }
    let delay = STALE_READ_DELAYS_MS[attempt];
    if (delay === void 0) return lost(input.response.id);
    await input.sleep(delay);
  }
}
function lost(commentId) {
  return err(
    "write-lost",
    `GitHub did not keep the edit of comment #${commentId}: reading it back shows something else; the state there is unchanged, try again`
  );
}

// src/github/keyed-mutex.ts
var KeyedMutex = class {
  tails = /* @__PURE__ */ new Map();
  async run(key, fn) {
    let current = (this.tails.get(key) ?? Promise.resolve()).then(fn), tail = current.then(
      () => {
      },
      () => {
      }
    );
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      this.tails.get(key) === tail && this.tails.delete(key);
    }
  }
  /** Keys with a writer running or queued (tests, diagnostics). */
  get busyKeys() {
    return [...this.tails.keys()];
  }
}, processMutex = new KeyedMutex();

// src/github/labels.ts
var STATE_LABELS = {
  active: { name: "molecule:active", color: "1f6feb", description: "A Molecular workflow is running here" },
  complete: { name: "molecule:complete", color: "2da44e", description: "The Molecular workflow completed" },
  failed: { name: "molecule:failed", color: "cf222e", description: "The Molecular workflow failed" }
}, STATE_LABEL_LIST = Object.values(STATE_LABELS);
async function setStateLabels(octokit, repo, issue, add, remove) {
  add.length > 0 && await octokit.request("POST /repos/{owner}/{repo}/issues/{issue_number}/labels", {
    ...repo,
    issue_number: issue,
    labels: add
  });
  for (let name of remove.filter((n) => !add.includes(n)))
    try {
      await octokit.request("DELETE /repos/{owner}/{repo}/issues/{issue_number}/labels/{name}", {
        ...repo,
        issue_number: issue,
        name
      });
    } catch (error) {
      if (httpStatus(error) !== 404) throw error;
    }
}

// src/github/molecule-id.ts
var ID2 = /^([1-9]\d{0,9})-([A-Za-z0-9][A-Za-z0-9_-]{0,63})$/;
function parseMoleculeId(id) {
  let match = ID2.exec(id);
  if (match)
    return { issue: Number(match[1]), suffix: match[2] };
}

// src/github/next-state.ts
function applyMutator2(fn, current) {
  try {
    return fn(structuredClone(current));
  } catch (error) {
    return err(
      "mutator-threw",
      `the change to molecule ${current.id} threw instead of returning an error: ${httpMessage(error)}`
    );
  }
}
function nextStateOf(before, mutation) {
  if (mutation.mol.id !== before.id)
    return err(
      "state-invalid",
      `a change to molecule ${before.id} tried to rename it to ${mutation.mol.id}; nothing was written`
    );
  let parsed = MoleculeSchema.safeParse({ ...mutation.mol, rev: before.rev + 1 });
  if (parsed.success) return ok(parsed.data);
  let issue = parsed.error.issues[0];
  return err(
    "state-invalid",
    `the new state of molecule ${before.id} is invalid at ${issue?.path.join(".") || "(root)"}: ${issue?.message}; nothing was written`
  );
}
function archiveOf2(effects, id) {
  let effect = effects.find((e) => e.type === "archive");
  if (!effect)
    return err(
      "archive-missing",
      `squashing molecule ${id} needs an archive effect holding the record; nothing was written`
    );
  let parsed = ArchiveRecordSchema.safeParse(effect.record);
  return parsed.success ? parsed.data.id !== id ? err("state-invalid", `the archive record names molecule ${parsed.data.id}, not ${id}`) : ok(parsed.data) : err("state-invalid", `the archive record of molecule ${id} is invalid; nothing was written`);
}

// src/github/ref-lock.ts
var EMPTY_TREE_SHA = "4b825dc642cb6eb9a060e54bf8d69288fbee4904", LOCK_REF_PREFIX = "refs/molecular/locks/", MESSAGE_TITLE = "molecular lock";
function lockRefFor(molId) {
  let safe = /^[A-Za-z0-9][A-Za-z0-9_-]*$/.test(molId) ? molId : `x-${Buffer.from(molId).toString("hex").slice(0, 200)}`;
  return LOCK_REF_PREFIX + safe;
}
var shortRef = (ref) => ref.replace(/^refs\//, "");
async function createLockCommit(octokit, repo, record2, parents) {
  let { data } = await octokit.request("POST /repos/{owner}/{repo}/git/commits", {
    ...repo,
    message: `${MESSAGE_TITLE}

${JSON.stringify(record2)}
`,
    tree: EMPTY_TREE_SHA,
    parents
  });
  return data.sha;
}
async function readLock(octokit, repo, ref, ttlMs) {
  let sha;
  try {
    let { data: data2 } = await octokit.request("GET /repos/{owner}/{repo}/git/ref/{ref}", {
      ...repo,
      ref: shortRef(ref)
    });
    sha = data2.object.sha;
  } catch (error) {
    if (httpStatus(error) === 404) return;
    throw error;
  }
  let { data } = await octokit.request("GET /repos/{owner}/{repo}/git/commits/{commit_sha}", {
    ...repo,
    commit_sha: sha
  }), record2 = parseRecord(data.message);
  return record2 ? { sha, holder: record2.holder, expiresAt: new Date(record2.expiresAt) } : { sha, holder: "unknown", expiresAt: new Date(Date.parse(data.committer.date ?? "") + ttlMs) };
}
function parseRecord(message) {
  if (message.startsWith(MESSAGE_TITLE))
    try {
      let record2 = JSON.parse(message.slice(MESSAGE_TITLE.length).trim());
      return typeof record2.holder != "string" || typeof record2.expiresAt != "string" || Number.isNaN(Date.parse(record2.expiresAt)) ? void 0 : { holder: record2.holder, expiresAt: record2.expiresAt };
    } catch {
      return;
    }
}
async function acquireRefLock(octokit, repo, molId, options) {
  let ref = lockRefFor(molId), started = options.now().getTime(), pollMs = options.pollMs ?? 500, commit;
  for (; ; ) {
    let now = options.now();
    if (!commit || commit.expiresAt.getTime() - now.getTime() < options.ttlMs / 2) {
      let expiresAt = new Date(now.getTime() + options.ttlMs);
      commit = { sha: await createLockCommit(
        octokit,
        repo,
        { holder: options.holder, expiresAt: expiresAt.toISOString() },
        []
      ), expiresAt };
    }
    try {
      return await octokit.request("POST /repos/{owner}/{repo}/git/refs", { ...repo, ref, sha: commit.sha }), ok({ ref, sha: commit.sha, holder: options.holder, expiresAt: commit.expiresAt });
    } catch (error) {
      if (httpStatus(error) !== 422) throw error;
    }
    let held = await readLock(octokit, repo, ref, options.ttlMs);
    if (held === void 0) {
      if (options.now().getTime() - started < options.waitMs) continue;
      return err(
        "lock-failed",
        `the lock ref ${ref} for molecule ${molId} could not be created; nothing was written`
      );
    }
    if (held.expiresAt.getTime() <= options.now().getTime()) {
      let taken = await takeOver(octokit, repo, ref, held.sha, options);
      if (taken) return ok(taken);
      continue;
    }
    let waited = options.now().getTime() - started;
    if (waited >= options.waitMs)
      return err(
        "lock-held",
        `molecule ${molId} is being changed by ${held.holder} (lock held until ${held.expiresAt.toISOString()}); nothing was written, try again shortly`
      );
    await options.sleep(Math.min(pollMs, Math.max(1, options.waitMs - waited)));
  }
}
async function takeOver(octokit, repo, ref, staleSha, options) {
  let expiresAt = new Date(options.now().getTime() + options.ttlMs), sha = await createLockCommit(
    octokit,
    repo,
    { holder: options.holder, expiresAt: expiresAt.toISOString() },
    [staleSha]
  );
  try {
    return await octokit.request("PATCH /repos/{owner}/{repo}/git/refs/{ref}", {
      ...repo,
      ref: shortRef(ref),
      sha,
      force: !1
    }), { ref, sha, holder: options.holder, expiresAt };
  } catch (error) {
    if (httpStatus(error) === 422) return;
    throw error;
  }
}
async function releaseRefLock(octokit, repo, lease, now) {
  if (now.getTime() >= lease.expiresAt.getTime())
    try {
      let { data } = await octokit.request("GET /repos/{owner}/{repo}/git/ref/{ref}", {
        ...repo,
        ref: shortRef(lease.ref)
      });
      if (data.object.sha !== lease.sha) return;
    } catch (error) {
      if (httpStatus(error) === 404) return;
      throw error;
    }
  try {
    await octokit.request("DELETE /repos/{owner}/{repo}/git/refs/{ref}", {
      ...repo,
      ref: shortRef(lease.ref)
    });
  } catch (error) {
    if (httpStatus(error) !== 422 && httpStatus(error) !== 404) throw error;
  }
}

// src/github/search-issues.ts
async function searchIssueNumbers(octokit, q) {
  let numbers = [];
  for (let page = 1; page <= 10; page++) {
    let { data } = await octokit.request("GET /search/issues", { q, per_page: 100, page });
    if (numbers.push(...data.items.map((item) => item.number)), data.items.length < 100 || numbers.length >= data.total_count) break;
  }
  return numbers;
}

// src/github/state-labels.ts
function stateLabelFor(status) {
  switch (status) {
    case "pending":
    case "in_progress":
    case "paused":
      return STATE_LABELS.active.name;
    case "complete":
      return STATE_LABELS.complete.name;
    case "failed":
      return STATE_LABELS.failed.name;
    case "squashed":
    case "burned":
      return;
  }
}
function stateLabelsFor(statuses) {
  let all = statuses ? [...statuses] : ["pending", "complete", "failed"];
  return [...new Set(all.map(stateLabelFor).filter((l) => l !== void 0))];
}

// src/github/comment-store.ts
var DEFAULT_LOCK_TTL_MS = 12e4, DEFAULT_LOCK_WAIT_MS = 15e3, CommentStore = class {
  constructor(options) {
    this.options = options;
    this.octokit = options.octokit, this.repo = options.repo, this.policy = {
      writers: options.trustedWriters,
      ...options.stateKey !== void 0 ? { key: options.stateKey } : {},
      editWindowMs: options.editWindowMs ?? DEFAULT_EDIT_WINDOW_MS
    }, this.now = options.now ?? (() => /* @__PURE__ */ new Date()), this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))), this.mutex = options.mutex ?? processMutex;
  }
  options;
  octokit;
  repo;
  policy;
  locations = /* @__PURE__ */ new Map();
  /** Issues this store wrote to: `list` reads them even before search has indexed their labels. */
  knownIssues = /* @__PURE__ */ new Set();
  now;
  sleep;
  mutex;
  create(mol) {
    return this.guard("create", mol.id, async () => {
      let valid = MoleculeSchema.safeParse(mol);
      if (!valid.success)
        return err(
          "state-invalid",
          `the molecule to create is invalid: ${valid.error.issues[0]?.message ?? "invalid"}`
        );
      let issue = valid.data.subject.issue ?? valid.data.subject.pr;
      if (issue === void 0)
        return err(
          "no-subject",
          `molecule ${mol.id} has no issue or pull request to keep its state comment on`
        );
      let embedded = parseMoleculeId(mol.id);
      return embedded && embedded.issue !== issue ? err(
        "invalid-id",
        `molecule id ${mol.id} names #${embedded.issue} but its subject is #${issue}`
      ) : valid.data.subject.repo && valid.data.subject.repo.toLowerCase() !== repoSlug(this.repo).toLowerCase() ? err(
        "wrong-repo",
        `molecule ${mol.id} belongs to ${valid.data.subject.repo}, not ${repoSlug(this.repo)}`
      ) : this.exclusive(mol.id, async () => {
        let existing = pickMolecule(classifyComments(await this.listComments(issue), this.policy), mol.id);
        if (existing.found)
          return err(
            "exists",
            `molecule ${mol.id} already exists (comment #${existing.found.comment.id} on #${issue})`
          );
        let encoded = await this.encode(valid.data);
        if (!encoded.ok) return encoded;
        let body = sealBody(encoded.value.body, this.now(), this.policy.key), { data } = await this.octokit.request(
          "POST /repos/{owner}/{repo}/issues/{issue_number}/comments",
          {
            ...this.repo,
            issue_number: issue,
            body
          }
        ), posted = toView(data), confirmed = await this.confirm(posted, body, -1);
        return confirmed.ok ? confirmed.value.conflict ? err("exists", `molecule ${mol.id} was created by another writer at the same time`) : (this.remember(mol.id, { issue, commentId: posted.id }), await this.label(issue, encoded.value.mol.status), ok(encoded.value.mol)) : confirmed;
      });
    });
  }
  load(id) {
    return this.guard("load", id, async () => {
      let found = await this.read(id);
      return found.ok ? ok(found.value?.kind === "state" ? found.value.mol : void 0) : found;
    });
  }
  loadArchive(id) {
    return this.guard("loadArchive", id, async () => {
      let found = await this.read(id);
      return found.ok ? ok(found.value?.kind === "archive" ? found.value.record : void 0) : found;
    });
  }
  mutate(id, fn) {
    return this.guard(
      "mutate",
      id,
      () => this.exclusive(id, async (lease) => {
        let found = await this.read(id);
        for (let attempt = 0; ; attempt++) {
          if (!found.ok) return found;
          let current = found.value;
          if (current?.kind !== "state")
            return err("not-found", `there is no live molecule ${id} in ${repoSlug(this.repo)}`);
          let next = applyMutator2(fn, current.mol);
          if (!next.ok) return next;
          if (lease && this.now().getTime() >= lease.expiresAt.getTime())
            return err(
              "lock-lost",
              `the lock on molecule ${id} ran out while the change was computed; nothing was written, try again`
            );
          let written = await this.write(current, next.value);
          if (!written.ok) return written;
          if ("done" in written.value) return ok(written.value.done);
          if (attempt >= (this.options.maxConflictRetries ?? 3))
            return err(
              "conflict",
              `molecule ${id} kept being changed by another writer; the change was not written, try again`
            );
          found = ok(written.value.conflict);
        }
      })
    );
  }
  list(filter = {}) {
    return this.guard("list", "*", async () => {
      if (filter.status?.length === 0) return ok([]);
      let issues = new Set(this.knownIssues);
      for (let label of stateLabelsFor(filter.status)) {
        let found = await searchIssueNumbers(this.octokit, `repo:${repoSlug(this.repo)} label:"${label}"`);
        for (let number of found) issues.add(number);
      }
      let molecules = [];
      for (let issue of [...issues].sort((a, b) => a - b)) {
        let classified = classifyComments(await this.listComments(issue), this.policy);
        this.reportAll(classified.rejected);
        for (let found of classified.found) {
          if (found.kind !== "state") continue;
          let mol = found.mol;
          this.remember(mol.id, { issue, commentId: found.comment.id }), !(filter.kind !== void 0 && mol.kind !== filter.kind) && (filter.status !== void 0 && !filter.status.includes(mol.status) || molecules.push(mol));
        }
      }
      return molecules.sort(
        (a, b) => a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt.localeCompare(b.createdAt)
      ), ok(molecules);
    });
  }
  /** Where a molecule's comment is; undefined when its id names no issue this store can find. */
  issueOf(id) {
    return this.locations.get(id)?.issue ?? parseMoleculeId(id)?.issue ?? this.options.issueOf?.(id);
  }
  remember(id, location) {
    this.locations.set(id, location), this.knownIssues.add(location.issue);
  }
  /** The believed comment of `id`: by its cached comment id (1 call), else by listing its issue. */
  async read(id) {
    let issue = this.issueOf(id);
    if (issue === void 0) return ok(void 0);
    let cached = this.locations.get(id);
    if (cached) {
      let comment = await getComment(this.octokit, this.repo, cached.commentId), picked2 = comment ? this.pick([comment], id) : void 0;
      if (picked2 && (picked2.found || picked2.rejected.length > 0)) return this.verdict(picked2);
      this.locations.delete(id);
    }
    let picked = this.pick(await this.listComments(issue), id);
    return picked.found && this.remember(id, { issue, commentId: picked.found.comment.id }), this.verdict(picked);
  }
  pick(comments, id) {
    return pickMolecule(classifyComments(comments, this.policy), id);
  }
  /** A believed comment wins over forgeries next to it (reported); forgeries alone are an error. */
  verdict(picked) {
    if (this.reportAll(picked.rejected), picked.found) return ok(picked.found);
    let first = picked.rejected[0];
    return first ? { ok: !1, error: first.error } : ok(void 0);
  }
  reportAll(rejected) {
    for (let r of rejected) this.options.onProblem?.(r.error, r.comment);
  }
  listComments(issue) {
    return listIssueComments(this.octokit, this.repo, issue);
  }
  async encode(mol) {
    let proto = await this.options.protoFor?.(mol);
    return encodeState(mol, {
      ...proto ? { proto } : {},
      budgetBytes: DEFAULT_STATE_BUDGET_BYTES - SEAL_RESERVE_BYTES
    });
  }
  /** Persists one reducer result over `current`: an edit, an archive (squash) or a deletion (burn). */
  async write(current, mutation) {
    let before = current.mol, checked = nextStateOf(before, mutation);
    if (!checked.ok) return checked;
    let next = checked.value, commentId = current.comment.id, issue = this.issueOf(before.id), done = (mol) => ok({ done: { mol, effects: mutation.effects } });
    if (next.status === "burned") {
      try {
        await this.octokit.request("DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}", {
          ...this.repo,
          comment_id: commentId
        });
      } catch (error) {
        if (httpStatus(error) !== 404) throw error;
      }
      return this.locations.delete(before.id), done(next);
    }
    let body, persisted = next;
    if (next.status === "squashed") {
      let record2 = archiveOf2(mutation.effects, before.id);
      if (!record2.ok) return record2;
      body = sealBody(formatArchiveBody(record2.value), this.now(), this.policy.key);
    } else {
      let encoded = await this.encode(next);
      if (!encoded.ok) return encoded;
      persisted = encoded.value.mol, body = sealBody(encoded.value.body, this.now(), this.policy.key);
    }
    let { data } = await this.octokit.request("PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}", {
      ...this.repo,
      comment_id: commentId,
      body
    }), confirmed = await this.confirm(toView(data), body, before.rev);
    return confirmed.ok ? confirmed.value.conflict ? ok({ conflict: confirmed.value.conflict }) : (stateLabelFor(next.status) !== stateLabelFor(before.status) && await this.label(issue, next.status), done(persisted)) : confirmed;
  }
  confirm(response, body, previousRev) {
    return confirmWrite(this.octokit, this.repo, {
      response,
      body,
      previousRev,
      policy: this.policy,
      mode: this.options.confirm ?? "reread",
      sleep: this.sleep
    });
  }
  async label(issue, status) {
    let label = stateLabelFor(status);
    if (!(this.options.labels === !1 || label === void 0))
      try {
        await setStateLabels(this.octokit, this.repo, issue, [label], []);
      } catch (error) {
        this.options.onProblem?.({
          code: "label-failed",
          message: `could not label #${issue} ${label}: ${httpMessage(error)}`
        });
      }
  }
  /** The mutex of this process, then (lock: 'ref') the lease shared with other processes. */
  exclusive(id, fn) {
    let key = `${repoSlug(this.repo)}#${id}`.toLowerCase();
    return this.mutex.run(key, async () => {
      if (this.options.lock !== "ref") return fn();
      let lease = await acquireRefLock(this.octokit, this.repo, id, {
        holder: this.options.lockHolder ?? `molecular:${process.pid}`,
        ttlMs: this.options.lockTtlMs ?? DEFAULT_LOCK_TTL_MS,
        waitMs: this.options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS,
        now: this.now,
        sleep: this.sleep
      });
      if (!lease.ok) return lease;
      try {
        return await fn(lease.value);
      } finally {
        await releaseRefLock(this.octokit, this.repo, lease.value, this.now()).catch((error) => {
          this.options.onProblem?.({
            code: "lock-release-failed",
            message: `could not release ${lease.value.ref}: ${httpMessage(error)}`
          });
        });
      }
    });
  }
  /** GitHub failures (5xx after retries, 401, 403) come back as values, like every other error. */
  async guard(operation, id, fn) {
    try {
      return await fn();
    } catch (error) {
      let status = httpStatus(error);
      return err(
        "github-error",
        `${operation} of molecule ${id} failed: GitHub answered ${status ?? "nothing"}: ${httpMessage(error)}`
      );
    }
  }
};
function createCommentStore(options) {
  return new CommentStore(options);
}

// src/index.ts
function createMoleculeManager2(store, options = {}) {
  return createMoleculeManager(store, {
    now: () => /* @__PURE__ */ new Date(),
    newId: () => `mol-${randomBytes3(4).toString("hex")}`,
    ...options
  });
}
export {
  ACTIVE_STEP_STATUSES,
  AdviceSchema,
  ArchiveRecordSchema,
  BlobPinSchema,
  COMMAND_USAGE,
  COMMAND_VERBS,
  CheckpointSchema,
  CommentStore,
  ComposeSchema,
  DEFAULT_COMMAND_PERMISSIONS,
  DEFAULT_MAX_GRAPH_NODES,
  DEFAULT_MAX_LOOPS,
  DEFAULT_MAX_RETRIES,
  DEFAULT_MAX_TABLE_ROWS,
  EXECUTION_MODES,
  FINAL_MOLECULE_STATUSES,
  FORMULA_TYPES,
  FormulaRefSchema,
  FormulaSchema,
  GateResultSchema,
  GateSchema,
  HistoryEntrySchema,
  LIVE_MOLECULE_STATUSES,
  LeaseSchema,
  LegSchema,
  MOLECULE_EVENTS,
  MOLECULE_MACHINE,
  MOLECULE_STATUSES,
  MolecularError,
  MoleculeEventSchema,
  MoleculeSchema,
  PERMISSIONS,
  ProtoGateSchema,
  ProtoSchema,
  ProtoStepSchema,
  ProtoVarSchema,
  STATUS_CLASS_STYLE,
  STEP_EVENTS,
  STEP_MACHINE,
  STEP_STATUSES,
  STEP_TYPES,
  SquashSchema,
  StepOverrideSchema,
  StepSchema,
  StepStateSchema,
  SubjectSchema,
  SynthesisSchema,
  TERMINAL_MOLECULE_STATUSES,
  TERMINAL_STEP_STATUSES,
  TRIGGERS,
  TemplateStepSchema,
  VarObjectSchema,
  VarSchema,
  advance,
  bindVars,
  conditionVars,
  cook,
  createCommentStore,
  createLocalStore,
  createMoleculeManager2 as createMoleculeManager,
  decodeState,
  deserializeMolecule,
  encodeState,
  err,
  evaluateCondition,
  extractMentions,
  formatDiagnostic,
  formatDuration,
  formatForPrompt,
  formatOfFile,
  formatPath,
  formulaNameOfFile,
  isCommandError,
  labelChange,
  largestThatFits,
  mermaidText,
  normalizeRepoPath,
  ok,
  parseCommands,
  parseCondition,
  parseDuration,
  parseFormula,
  patrolDecisions,
  permissionAtLeast,
  pour,
  progress,
  readySteps,
  renderMermaid,
  renderSummaryView,
  renderView,
  requiredPermission,
  resolveMentions,
  serializeMolecule,
  settle,
  statusLabel,
  substitute,
  substituteCondition,
  toEvent,
  topoOrder,
  transition,
  triggerVerdict,
  unwrap
};
