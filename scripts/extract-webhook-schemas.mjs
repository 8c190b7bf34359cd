#!/usr/bin/env node
// Extracts the JSON schemas of the webhook payloads the App subscribes to from GitHub's webhook
// description (@octokit/openapi-webhooks), for the tests' webhook senders to validate what they
// send. The package is 36 MB (eight spec variants); the project keeps this slice as a committed
// fixture and never installs the package in CI.
//
// To regenerate test/fixtures/webhooks/github-webhooks-subset.json (after adding an event to
// EVENTS below, or to move to a newer description):
//
//   npm install --prefix /tmp/owh @octokit/openapi-webhooks@12.1.0
//   node scripts/extract-webhook-schemas.mjs /tmp/owh/node_modules/@octokit/openapi-webhooks/generated/api.github.com.json
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SPEC_VERSION = '12.1.0';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const input =
  process.argv[2] ?? resolve(root, 'node_modules/@octokit/openapi-webhooks/generated/api.github.com.json');
const output = resolve(root, 'test/fixtures/webhooks/github-webhooks-subset.json');

/** The events the App subscribes to (app.yml), every action of each. */
const EVENTS = [
  'issues',
  'issue_comment',
  'check_run',
  'workflow_run',
  'pull_request',
  'pull_request_review',
  'repository_dispatch',
  'installation',
  'installation_repositories',
];

/** String-valued keys that only document; dropping them changes no validation. */
const DOC_KEYS = new Set(['description', 'title', 'summary']);
const DROP_KEYS = new Set(['examples', 'example', 'externalDocs']);

const spec = JSON.parse(readFileSync(input, 'utf8'));

function strip(node, refs) {
  if (Array.isArray(node)) return node.map((item) => strip(item, refs));
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (DROP_KEYS.has(key) || (DOC_KEYS.has(key) && typeof value === 'string')) continue;
    if (key === '$ref' && typeof value === 'string') refs.add(value);
    out[key] = strip(value, refs);
  }
  return out;
}

/** event -> action -> `#/components/schemas/...`; repository_dispatch's action is any event_type: `*`. */
const events = {};
const pending = new Set();
for (const [key, item] of Object.entries(spec.webhooks)) {
  const operation = item.post;
  const event = operation?.['x-github']?.subcategory;
  if (!EVENTS.includes(event)) continue;
  const ref = operation.requestBody.content['application/json'].schema.$ref;
  const action = event === 'repository_dispatch' ? '*' : operation.operationId.split('/')[1];
  if (!ref || !action) throw new Error(`webhook ${key}: no schema or action`);
  events[event] ??= {};
  events[event][action] = ref;
  pending.add(ref);
}
const missing = EVENTS.filter((event) => !events[event]);
if (missing.length > 0) throw new Error(`not in the description: ${missing.join(', ')}`);

const schemas = {};
const seen = new Set();
while (pending.size > 0) {
  const [ref] = pending;
  pending.delete(ref);
  if (seen.has(ref)) continue;
  seen.add(ref);
  const name = ref.replace('#/components/schemas/', '');
  const node = spec.components.schemas[name];
  if (!node) throw new Error(`dangling $ref ${ref}`);
  schemas[name] = strip(node, pending);
}

const subset = {
  description: `Subset of @octokit/openapi-webhooks@${SPEC_VERSION} generated/api.github.com.json`,
  events,
  components: { schemas: Object.fromEntries(Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) },
};
mkdirSync(dirname(output), { recursive: true });
// One schema per line: small diffs on regeneration, without pretty-printing's doubled size.
const lines = Object.entries(subset.components.schemas).map(
  ([name, schema]) => `${JSON.stringify(name)}:${JSON.stringify(schema)}`,
);
const text = `{"description":${JSON.stringify(subset.description)},\n"events":${JSON.stringify(events)},\n"components":{"schemas":{\n${lines.join(',\n')}\n}}}\n`;
JSON.parse(text);
writeFileSync(output, text);
const actions = Object.values(events).reduce((n, byAction) => n + Object.keys(byAction).length, 0);
console.log(`wrote ${output}: ${actions} event actions, ${seen.size} schemas, ${text.length} bytes`);
