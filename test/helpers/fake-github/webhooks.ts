import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import { describeErrors } from './ajv.js';

/**
 * GitHub's schemas of the webhook payloads the App subscribes to (the committed slice of
 * @octokit/openapi-webhooks, scripts/extract-webhook-schemas.mjs), so that what the tests send
 * as GitHub is what GitHub sends: `webhookProblems(event, payload)` lists where it is not.
 */
interface Subset {
  events: Record<string, Record<string, string>>;
  components: { schemas: Record<string, unknown> };
}

const SUBSET_URL = new URL('../../fixtures/webhooks/github-webhooks-subset.json', import.meta.url);
const SUBSET_ID = 'github-webhooks';

// RFC 3339 date-time as GitHub sends it; webhooks also carry Unix seconds where the schema says so.
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const URI = /^[a-z][a-z0-9+.-]*:\S*$/i;

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

let loaded: { subset: Subset; ajv: Ajv } | undefined;
const compiled = new Map<string, ValidateFunction>();

function load(): { subset: Subset; ajv: Ajv } {
  if (loaded) return loaded;
  const subset = JSON.parse(readFileSync(SUBSET_URL, 'utf8')) as Subset;
  const ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  for (const keyword of ['x-github', 'x-octokit', 'discriminator']) ajv.addKeyword({ keyword });
  ajv.addFormat('date-time', DATE_TIME);
  ajv.addFormat('uri', URI);
  ajv.addFormat('uri-template', true);
  ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}$/);
  ajv.addFormat('hostname', true);
  ajv.addFormat('int32', { type: 'number', validate: Number.isInteger });
  ajv.addFormat('int64', { type: 'number', validate: Number.isInteger });
  ajv.addSchema({ $id: SUBSET_ID, components: absolutizeRefs(subset.components) });
  loaded = { subset, ajv };
  return loaded;
}

/** Is `event` one of the webhooks the subset describes (those the App subscribes to)? */
export function describesEvent(event: string): boolean {
  return load().subset.events[event] !== undefined;
}

/** Why GitHub would never send `payload` as `event` (the `x-github-event` header); empty when it could. */
export function webhookProblems(event: string, payload: unknown): string[] {
  const { subset, ajv } = load();
  const byAction = subset.events[event];
  if (!byAction) return [`GitHub sends no "${event}" webhook the App subscribes to`];
  const action = (payload as { action?: unknown } | null)?.action;
  // The schemas name actions with hyphens (`requested-action`); payloads carry underscores.
  const ref = byAction[String(action).replaceAll('_', '-')] ?? byAction['*'];
  if (!ref) return [`GitHub sends no "${event}" webhook with action "${String(action)}"`];
  let validate = compiled.get(ref);
  if (!validate) {
    validate = ajv.compile({ $ref: SUBSET_ID + ref });
    compiled.set(ref, validate);
  }
  return validate(payload) ? [] : describeErrors(validate.errors, `${event}.${String(action)}`);
}
