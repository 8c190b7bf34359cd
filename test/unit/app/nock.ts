/**
 * (nock 15: a reply function gets the fetch `Request`, and one declared with two parameters is
 * taken for the callback style — so they take one.)
 *
 * Handler tests through the real App and Probot's `receive`, with GitHub played by nock: each test
 * declares exactly the calls it expects (`scope.done()` proves they happened, and with the net
 * disabled any other call fails the test). Shared pieces: the App, payloads, a formula with its
 * molecule, and a state comment whose list/get/edit/delete routes keep one mutable body.
 */
import { Writable } from 'node:stream';
import nock from 'nock';
import pino from 'pino';
import { Probot } from 'probot';
import type { MolecularAppOptions } from '../../../src/app/app-options.js';
import { createMolecularApp } from '../../../src/app/create-app.js';
import { decodeState } from '../../../src/engine/codec/decode.js';
import { encodeState } from '../../../src/engine/codec/encode.js';
import { cook } from '../../../src/engine/cook/cook.js';
import type { Proto } from '../../../src/engine/cook/proto.js';
import { parseFormula } from '../../../src/engine/formula/parse-formula.js';
import type { Molecule } from '../../../src/engine/molecule/molecule-schema.js';
import type { MoleculeEvent } from '../../../src/engine/molecule/ops/events.js';
import { pour } from '../../../src/engine/molecule/ops/pour.js';
import { transition } from '../../../src/engine/molecule/ops/transition.js';
import { sealBody } from '../../../src/github/store/comment-seal.js';
import { quietOctokit } from '../../e2e/app-harness.js';
import { blobSha } from '../../helpers/fake-github/index.js';
import {
  type CommentRow,
  commentAnswer,
  commentNodeId,
  commentsAnswer,
  isCommentQuery,
  isCommentsQuery,
} from '../../helpers/graphql-comments.js';

export const API = 'https://api.github.com';

/**
 * Requests no interceptor matched, collected for the whole file: a handler may catch the error
 * such a request causes and carry on, so tests assert this list stays empty.
 */
export const unmatched: string[] = [];
nock.emitter.on('no match', (req: { method?: string; url?: string; path?: string }) => {
  unmatched.push(`${req.method ?? ''} ${req.url ?? req.path ?? ''}`);
});
export const REPO = '/repos/acme/widgets';
export const NOW = new Date('2026-04-01T12:00:00.000Z');
export const FORMULA_PATH = '.github/formulas/review.formula.toml';

export const REVIEW = `
formula = "review"
execution = "local"

[vars.feature]
description = "What to write about"
required = true

[[steps]]
id = "draft"
title = "Draft {{feature}}"
description = "Write it."

[[steps]]
id = "publish"
title = "Publish {{feature}}"
needs = ["draft"]
description = "Put it out."

[[steps]]
id = "sign"
title = "Sign off"
needs = ["publish"]
description = "A maintainer agrees."
gate = { type = "approval", permission = "maintain" }
`;

export const REVIEW_SHA = blobSha(REVIEW);

export interface TestApp {
  probot: Probot;
  logs: Array<{ level: number; msg: string }>;
  receive(name: string, payload: Record<string, unknown>, id?: string): Promise<void>;
}

export async function testApp(options: MolecularAppOptions = {}): Promise<TestApp> {
  const logs: Array<{ level: number; msg: string }> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line.trim()) logs.push(JSON.parse(line));
      callback();
    },
  });
  const probot = new Probot({
    githubToken: 'test-token',
    Octokit: quietOctokit(),
    log: pino({ level: 'debug' }, stream),
  });
  await probot.load(
    // nock plays GitHub's API, not its git: the leases go over the API.
    createMolecularApp({
      slug: 'molecular',
      patrolIntervalMs: 0,
      now: () => NOW,
      gitBaseUrl: false,
      ...options,
    }),
  );
  let n = 0;
  return {
    probot,
    logs,
    receive: (name, payload, id) => probot.receive({ id: id ?? `delivery-${++n}`, name, payload } as never),
  };
}

let serial = 0;
/** A login no earlier test has used: the permission cache is per process. */
export function someone(prefix: string): string {
  serial += 1;
  return `${prefix}${serial}`;
}

export function repository(): Record<string, unknown> {
  return {
    id: 1,
    name: 'widgets',
    full_name: 'acme/widgets',
    owner: { login: 'acme' },
    default_branch: 'main',
  };
}

export function commentPayload(
  issue: number,
  commentId: number,
  login: string,
  body: string,
  extra: { type?: string; action?: string; issueBody?: string; pull?: boolean } = {},
): Record<string, unknown> {
  return {
    action: extra.action ?? 'created',
    issue: {
      number: issue,
      body: extra.issueBody ?? null,
      ...(extra.pull ? { pull_request: { url: `${API}${REPO}/pulls/${issue}` } } : {}),
    },
    comment: { id: commentId, body, user: { login, type: extra.type ?? 'User' } },
    repository: repository(),
    sender: { login, type: extra.type ?? 'User' },
  };
}

export function labeledPayload(
  issue: number,
  label: string,
  login: string,
  body: string | null,
  labels: string[] = [],
) {
  return {
    action: 'labeled',
    label: { name: label },
    // The labeller opened the issue: its mol-vars block is theirs.
    issue: { number: issue, body, user: { login }, labels: [...labels, label].map((name) => ({ name })) },
    repository: repository(),
    sender: { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' },
  };
}

/**
 * `.github/molecular.yml` with `lock: none` and whatever else the test says: handler tests look
 * at one process, so they leave out the git-ref lease and its three calls per write (the e2e
 * call counts and one test below cover it).
 */
export function mockConfig(scope: nock.Scope, yaml = ''): void {
  const text = /^lock:/m.test(yaml) ? yaml : `lock: none\n${yaml}`;
  scope
    .get(/^\/repos\/acme\/widgets\/contents\/\.github(%2F|\/)molecular\.yml/)
    .reply(200, text, { 'content-type': 'application/vnd.github.raw; charset=utf-8' });
}

/** No `.github/molecular.yml`, neither the repository's nor the org's: every default. */
export function mockAbsentConfig(scope: nock.Scope): void {
  scope
    .get(/^\/repos\/acme\/widgets\/contents\/\.github(%2F|\/)molecular\.yml/)
    .reply(404, { message: 'Not Found' });
  scope
    .get(/^\/repos\/acme\/\.github\/contents\/\.github(%2F|\/)molecular\.yml/)
    .reply(404, { message: 'Not Found' });
}

export function mockPermission(scope: nock.Scope, login: string, role: string): void {
  const permission = role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role;
  scope
    .get(`${REPO}/collaborators/${encodeURIComponent(login)}/permission`)
    .reply(200, { permission, role_name: role, user: { login } });
}

export function mockFormulaFile(scope: nock.Scope, text = REVIEW, path = FORMULA_PATH): void {
  scope
    .get((uri) => uri.startsWith(`${REPO}/contents/`) && decodeURIComponent(uri).includes(path))
    .query(true)
    .reply(200, {
      type: 'file',
      encoding: 'base64',
      name: path.split('/').pop(),
      path,
      sha: blobSha(text),
      content: Buffer.from(text).toString('base64'),
    });
}

/** Blobs by sha, for molecules whose pins a test did not pour itself (not asserted: protos are cached). */
export function serveBlobs(texts: string[] = [REVIEW]): void {
  const bySha = new Map(texts.map((t) => [blobSha(t), t]));
  nock(API)
    .persist()
    .get(/^\/repos\/acme\/widgets\/git\/blobs\/[0-9a-f]+$/)
    .reply((req: Request) => {
      const sha = new URL(req.url).pathname.split('/').pop() ?? '';
      const text = bySha.get(sha);
      return text === undefined
        ? [404, { message: 'Not Found' }]
        : [
            200,
            { sha, encoding: 'base64', content: Buffer.from(text).toString('base64'), size: text.length },
          ];
    });
}

export function reviewProto(feature = 'login'): Proto {
  const parsed = parseFormula(REVIEW, FORMULA_PATH);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const cooked = cook(parsed.value, { vars: { feature } });
  if (!cooked.ok) throw new Error(cooked.error.message);
  return cooked.value.proto;
}

/** A poured review molecule on `issue`, then the given events applied in order. */
export function reviewMolecule(issue: number, events: MoleculeEvent[] = [], feature = 'login'): Molecule {
  const proto = reviewProto(feature);
  const poured = pour(proto, {
    id: `${issue}-abc123`,
    now: NOW,
    vars: { feature },
    formula: { name: 'review', source: { path: FORMULA_PATH, blobSha: REVIEW_SHA } },
    title: 'review',
    subject: { repo: 'acme/widgets', issue },
    base: { ref: 'main' },
  });
  if (!poured.ok) throw new Error(poured.error.message);
  let mol = poured.value.mol;
  for (const event of events) {
    const next = transition(proto, mol, event, NOW);
    if (!next.ok) throw new Error(next.error.message);
    mol = next.value.mol;
  }
  return mol;
}

/** A state comment as the App writes it: encoded, rendered and sealed at `at` (with `key`, an HMAC). */
export function stateBody(mol: Molecule, at: Date = NOW, key?: string): string {
  const encoded = encodeState(mol, { proto: reviewProto(mol.vars.feature) });
  if (!encoded.ok) throw new Error(encoded.error.message);
  return sealBody(encoded.value.body, at, key);
}

export interface CommentShape {
  id: number;
  node_id: string;
  body: string;
  user: { login: string; type: string };
  created_at: string;
  updated_at: string;
  html_url: string;
}

export function commentJson(
  id: number,
  issue: number,
  body: string,
  login: string,
  updatedAt = NOW.toISOString(),
): CommentShape {
  return {
    id,
    node_id: commentNodeId(id),
    body,
    user: { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' },
    created_at: updatedAt,
    updated_at: updatedAt,
    html_url: `https://github.com/acme/widgets/issues/${issue}#issuecomment-${id}`,
  };
}

/** One comment on one issue with a body that edits change; its routes are added per test. */
export class StateComment {
  body: string;
  updatedAt = NOW.toISOString();
  /** Who last edited the body (REST login), null when never: GraphQL's `editor`. */
  editor: string | null = null;
  deleted = false;
  readonly edits: string[] = [];

  constructor(
    readonly issue: number,
    readonly id: number,
    mol: Molecule | string,
    readonly login = 'molecular[bot]',
  ) {
    this.body = typeof mol === 'string' ? mol : stateBody(mol);
  }

  json(): CommentShape {
    return commentJson(this.id, this.issue, this.body, this.login, this.updatedAt);
  }

  row(): CommentRow {
    return {
      id: this.id,
      body: this.body,
      login: this.login,
      createdAt: NOW.toISOString(),
      lastEditedAt: this.editor ? this.updatedAt : null,
      editor: this.editor,
    };
  }

  /** The issue's comments (this one, plus others), as the GraphQL read asks for them. */
  list(scope: nock.Scope, others: CommentShape[] = []): this {
    const rows = () =>
      others.map((c) => ({ id: c.id, body: c.body, login: c.user.login, createdAt: c.created_at }));
    scope
      .post('/graphql', (body) => isCommentsQuery(body, this.issue))
      .reply(() => [200, commentsAnswer(this.deleted ? rows() : [this.row(), ...rows()])]);
    return this;
  }

  get(scope: nock.Scope): this {
    scope
      .post('/graphql', (body) => isCommentQuery(body, this.id))
      .reply(() => [200, commentAnswer(this.deleted ? undefined : this.row())]);
    return this;
  }

  patch(scope: nock.Scope): this {
    scope.patch(`${REPO}/issues/comments/${this.id}`).reply(async (req: Request) => {
      this.body = ((await req.json()) as { body: string }).body;
      this.editor = 'molecular[bot]';
      this.edits.push(this.body);
      return [200, this.json()];
    });
    return this;
  }

  /** The edit, then the store's re-read of it. */
  write(scope: nock.Scope): this {
    return this.patch(scope).get(scope);
  }

  remove(scope: nock.Scope): this {
    scope.delete(`${REPO}/issues/comments/${this.id}`).reply(() => {
      this.deleted = true;
      return [204];
    });
    return this;
  }

  mol(): Molecule {
    const decoded = decodeState(this.body);
    if (!decoded.ok) throw new Error(decoded.error.message);
    return decoded.value;
  }
}

/** The 👀 then 🚀/😕 reactions on a command comment, recorded in order. */
export function mockReactions(scope: nock.Scope, commentId: number, contents: string[]): string[] {
  const seen: string[] = [];
  for (const content of contents) {
    scope.post(`${REPO}/issues/comments/${commentId}/reactions`, { content }).reply(() => {
      seen.push(content);
      return [201, { id: 1, content }];
    });
  }
  return seen;
}

/** A reply comment; its body lands in `bodies`. */
export function mockReply(scope: nock.Scope, issue: number, bodies: string[]): void {
  scope.post(`${REPO}/issues/${issue}/comments`).reply(async (req: Request) => {
    const text = ((await req.json()) as { body: string }).body;
    bodies.push(text);
    return [201, commentJson(9000 + bodies.length, issue, text, 'molecular[bot]')];
  });
}

export const stepStatus = (mol: Molecule, id: string) => mol.steps.find((s) => s.id === id)?.status;
