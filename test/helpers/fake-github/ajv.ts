import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { type JsonSchema, loadSpec } from './spec.js';

/** The `$id` under which the whole subset is registered, so `$ref`s resolve into its components. */
const SUBSET_ID = 'github-subset';

/** Vendor and annotation keywords GitHub's spec carries; they never constrain data. */
const ANNOTATIONS = [
  'x-github',
  'x-octokit',
  'x-github-breaking-changes',
  'x-multi-segment',
  'x-github-enterprise-only',
];

// RFC 3339 date-time: GitHub sends and accepts `2024-01-01T00:00:00Z` (offsets allowed).
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const URI = /^[a-z][a-z0-9+.-]*:\S*$/i;

/** Spec refs are document-relative (`#/components/...`); prefix the subset's id so a schema compiled on its own still finds them. */
function absolutizeRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(absolutizeRefs);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    out[key] =
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? SUBSET_ID + value
        : absolutizeRefs(value);
  }
  return out;
}

function createAjv(): Ajv {
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  for (const keyword of ANNOTATIONS) ajv.addKeyword({ keyword });
  ajv.addFormat('date-time', DATE_TIME);
  ajv.addFormat('uri', URI);
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
  ajv.addFormat('int64', { type: 'number', validate: Number.isInteger });
  ajv.addSchema({ $id: SUBSET_ID, components: absolutizeRefs(loadSpec().components) });
  return ajv;
}

let shared: Ajv | undefined;
const compiled = new WeakMap<JsonSchema, ValidateFunction>();

/**
 * Compiles (once per schema object, shared by every server in the process: the subset's
 * repository and pull-request schemas take a noticeable time to compile) a schema taken from the spec.
 */
export function validatorFor(schema: JsonSchema): ValidateFunction {
  shared ??= createAjv();
  let validate = compiled.get(schema);
  if (!validate) {
    validate = shared.compile(absolutizeRefs(schema) as JsonSchema);
    compiled.set(schema, validate);
  }
  return validate;
}

/** `body/output must have required property 'summary'`: short enough for a 422 message. */
export function describeErrors(errors: ErrorObject[] | null | undefined, root: string): string[] {
  return (errors ?? []).map((error) =>
    `${root}${error.instancePath} ${error.message ?? 'is invalid'}`.trim(),
  );
}
