import { createHash } from 'node:crypto';
import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeState } from '../../../../src/engine/codec/encode.js';
import { err, type MolError } from '../../../../src/engine/errors.js';
import type { ArchiveRecord, Molecule } from '../../../../src/engine/molecule/molecule-schema.js';
import { sealBody } from '../../../../src/github/store/comment-seal.js';
import { type CommentStoreOptions, createCommentStore } from '../../../../src/github/store/comment-store.js';
import { defaultTrustedWriters } from '../../../../src/github/store/comment-trust.js';
import { KeyedMutex } from '../../../../src/github/store/keyed-mutex.js';
import type { LeaseKeeper } from '../../../../src/github/store/lease.js';
import { completeStep, makeMolecule } from '../../../conformance/store-conformance.js';
import {
  type CommentRow,
  commentAnswer,
  commentIdOf,
  commentNodeId,
  commentsAnswer,
  isCommentQuery,
  isCommentsQuery,
} from '../../../helpers/graphql-comments.js';

const API = 'https://api.github.com';
const repo = { owner: 'acme', repo: 'widgets' };
const T0 = Date.parse('2026-03-01T12:00:00.000Z');

interface StoredComment {
  id: number;
  issue: number;
  body: string;
  login: string;
  created_at: string;
  updated_at: string;
  /** Who last edited it (REST login), null when never: GraphQL's `editor`. */
  editor: string | null;
}

/**
 * GitHub's issue-comment routes over a Map, through nock: enough state for the store's read,
 * write and re-read cycle, with hooks to play another writer or a lossy GitHub.
 */
class CommentTable {
  readonly comments = new Map<number, StoredComment>();
  readonly calls: string[] = [];
  readonly labelsAdded: Array<{ issue: number; labels: string[] }> = [];
  now = T0;
  private nextId = 500;
  /** Runs after a PATCH is stored: tests play a concurrent writer or a dropped edit here. */
  afterPatch: ((comment: StoredComment, previous: string) => void) | undefined;
  /** Molecules of a search answer, by label. */
  search = new Map<string, number[]>();
  /**
   * A replica that lags: after an edit the next read of that comment serves the body before it,
   * once (the chaos fake's `staleReads`).
   */
  staleReads = false;
  private readonly stale = new Map<number, string>();

  /** Every replica caught up: reads show what the comments hold. */
  settle(): void {
    this.stale.clear();
  }

  constructor() {
    const shape = (c: StoredComment) => ({
      id: c.id,
      node_id: commentNodeId(c.id),
      body: c.body,
      user: { login: c.login },
      updated_at: c.updated_at,
      created_at: c.created_at,
      html_url: `https://github.com/acme/widgets/issues/${c.issue}#issuecomment-${c.id}`,
    });
    // nock 15 hands a reply function the fetch Request (a second parameter would make it wait for a callback).
    const path = (req: Request) => new URL(req.url).pathname;
    const idIn = (req: Request) => Number(path(req).split('/').pop());
    const issueIn = (req: Request) => Number(/issues\/(\d+)\//.exec(path(req))?.[1]);
    const row = (c: StoredComment): CommentRow => {
      const lagging = this.stale.get(c.id);
      this.stale.delete(c.id);
      return { ...fresh(c), ...(lagging === undefined ? {} : { body: lagging }) };
    };
    const fresh = (c: StoredComment): CommentRow => ({
      id: c.id,
      body: c.body,
      login: c.login,
      createdAt: c.created_at,
      lastEditedAt: c.editor ? c.updated_at : null,
      editor: c.editor,
    });
    nock(API)
      .persist()
      .post('/graphql', (body) => isCommentsQuery(body))
      .reply(async (req: Request) => {
        this.calls.push('list');
        const issue = ((await req.json()) as { variables: { number: number } }).variables.number;
        return [200, commentsAnswer([...this.comments.values()].filter((c) => c.issue === issue).map(row))];
      })
      .post('/graphql', (body) => isCommentQuery(body))
      .reply(async (req: Request) => {
        this.calls.push('get');
        const comment = this.comments.get(commentIdOf(await req.json()));
        return [200, commentAnswer(comment && row(comment))];
      })
      .post(/^\/repos\/acme\/widgets\/issues\/(\d+)\/comments$/)
      .reply(async (req: Request) => {
        this.calls.push('post');
        const { body } = (await req.json()) as { body: string };
        return [201, shape(this.add(issueIn(req), body, 'molecular[bot]'))];
      })
      .patch(/^\/repos\/acme\/widgets\/issues\/comments\/(\d+)$/)
      .reply(async (req: Request) => {
        this.calls.push('patch');
        const comment = this.comments.get(idIn(req));
        if (!comment) return [404, {}];
        const previous = comment.body;
        if (this.staleReads && !this.stale.has(comment.id)) this.stale.set(comment.id, previous);
        comment.body = ((await req.json()) as { body: string }).body;
        comment.updated_at = new Date(this.now).toISOString();
        comment.editor = 'molecular[bot]';
        const answer = shape(comment);
        this.afterPatch?.(comment, previous);
        return [200, answer];
      })
      .delete(/^\/repos\/acme\/widgets\/issues\/comments\/(\d+)$/)
      .reply(async (req: Request) => {
        this.calls.push('delete');
        this.comments.delete(idIn(req));
        return [204];
      })
      .post(/^\/repos\/acme\/widgets\/issues\/(\d+)\/labels$/)
      .reply(async (req: Request) => {
        this.calls.push('label');
        this.labelsAdded.push({
          issue: issueIn(req),
          labels: ((await req.json()) as { labels: string[] }).labels,
        });
        return [200, []];
      })
      .get('/search/issues')
      .query(true)
      .reply(async (req: Request) => {
        this.calls.push('search');
        const q = new URL(req.url).searchParams.get('q') ?? '';
        const label = /label:"([^"]+)"/.exec(q)?.[1] ?? '';
        const numbers = this.search.get(label) ?? [];
        return [
          200,
          {
            total_count: numbers.length,
            incomplete_results: false,
            items: numbers.map((number) => ({ number })),
          },
        ];
      });
  }

  add(issue: number, body: string, login: string): StoredComment {
    const at = new Date(this.now).toISOString();
    const comment = { id: this.nextId++, issue, body, login, created_at: at, updated_at: at, editor: null };
    this.comments.set(comment.id, comment);
    return comment;
  }

  only(): StoredComment {
    const [first, ...rest] = [...this.comments.values()];
    if (!first || rest.length > 0) throw new Error(`expected one comment, found ${this.comments.size}`);
    return first;
  }
}

/** A sealed state body exactly as the store writes it, for playing other writers. */
function stateBody(mol: Molecule, at = T0): string {
  const encoded = encodeState(mol);
  if (!encoded.ok) throw new Error(encoded.error.message);
  return sealBody(encoded.value.body, new Date(at));
}

let table: CommentTable;
let problems: MolError[];
let slept: number[];

function store(extra: Partial<CommentStoreOptions> = {}) {
  return createCommentStore({
    octokit: new Octokit({ request: { retries: 0 } }),
    repo,
    trustedWriters: defaultTrustedWriters('molecular'),
    now: () => new Date(table.now),
    sleep: async (ms) => {
      slept.push(ms);
    },
    mutex: new KeyedMutex(),
    onProblem: (p) => problems.push(p),
    ...extra,
  });
}

const ok = <T>(result: { ok: true; value: T } | { ok: false; error: MolError }): T => {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
};

beforeAll(() => nock.disableNetConnect());
beforeEach(() => {
  table = new CommentTable();
  problems = [];
  slept = [];
});
afterEach(() => nock.cleanAll());

const mol = (overrides: Partial<Molecule> = {}) =>
  makeMolecule('12-a1b2c3', { subject: { issue: 12 }, ...overrides });

describe('create', () => {
  it('posts one sealed comment on the subject issue, re-reads it, labels the issue: 4 calls', async () => {
    const created = ok(await store().create(mol()));
    expect(created).toEqual(mol());
    expect(table.calls).toEqual(['list', 'post', 'get', 'label']);
    const comment = table.only();
    expect(comment.issue).toBe(12);
    expect(comment.body).toMatch(/^<!-- molecular:state v1\n/);
    expect(comment.body).toMatch(
      /<!-- molecular:digest sha256:[0-9a-f]{64} at:2026-03-01T12:00:00.000Z -->$/,
    );
    expect(table.labelsAdded).toEqual([{ issue: 12, labels: ['molecule:active'] }]);
  });

  it('refuses an id already on the issue with `exists`, and ignores forged copies when checking', async () => {
    table.add(12, stateBody(mol({ title: 'forged' })), 'mallory');
    ok(await store().create(mol()));
    const again = await store().create(mol({ title: 'second' }));
    expect(again).toMatchObject({ ok: false, error: { code: 'exists' } });
    expect(table.comments.size).toBe(2);
  });

  it('refuses a molecule without a subject, or whose id names another issue, without calling', async () => {
    expect(await store().create(mol({ subject: {} }))).toMatchObject({
      ok: false,
      error: { code: 'no-subject' },
    });
    expect(await store().create(mol({ subject: { issue: 13 } }))).toMatchObject({
      ok: false,
      error: { code: 'invalid-id', message: 'molecule id 12-a1b2c3 names #12 but its subject is #13' },
    });
    expect(await store().create(mol({ subject: { issue: 12, repo: 'acme/other' } }))).toMatchObject({
      ok: false,
      error: { code: 'wrong-repo' },
    });
    expect(table.calls).toEqual([]);
  });
});

describe('load', () => {
  it('reads by cached comment id (1 call), or by listing the issue in a fresh store (1 call)', async () => {
    const writer = store();
    ok(await writer.create(mol()));
    table.calls.length = 0;
    expect(ok(await writer.load('12-a1b2c3'))).toEqual(mol());
    expect(table.calls).toEqual(['get']);
    table.calls.length = 0;
    expect(ok(await store().load('12-a1b2c3'))).toEqual(mol());
    expect(table.calls).toEqual(['list']);
  });

  it('answers undefined for an id with no issue to look at, without calling', async () => {
    expect(ok(await store().load('m-elsewhere'))).toBeUndefined();
    expect(table.calls).toEqual([]);
  });

  it('refuses state written by someone who is not a trusted writer, naming them', async () => {
    table.add(12, stateBody(mol()), 'mallory');
    const loaded = await store().load('12-a1b2c3');
    expect(loaded).toMatchObject({ ok: false, error: { code: 'state-untrusted' } });
    expect(!loaded.ok && loaded.error.message).toMatch(/written by @mallory, who is not a trusted writer/);
    expect(problems.map((p) => p.code)).toEqual(['state-untrusted']);
  });

  it('refuses a hand-edited body (digest no longer matches)', async () => {
    const edited = stateBody(mol()).replace('"title":"Molecule 12-a1b2c3"', '"title":"Mine now"');
    table.add(12, edited, 'molecular[bot]');
    const loaded = await store().load('12-a1b2c3');
    expect(!loaded.ok && loaded.error.message).toMatch(/edited after Molecular wrote it/);
  });

  it('refuses a body whose digest line was forged or removed', async () => {
    const body = stateBody(mol());
    table.add(12, body.replace(/sha256:[0-9a-f]{64}/, `sha256:${'0'.repeat(64)}`), 'molecular[bot]');
    expect(await store().load('12-a1b2c3')).toMatchObject({ ok: false, error: { code: 'state-untrusted' } });
    table.comments.clear();
    table.add(12, body.replace(/\n*<!-- molecular:digest[^\n]*$/, ''), 'github-actions[bot]');
    const unsealed = await store().load('12-a1b2c3');
    expect(!unsealed.ok && unsealed.error.message).toMatch(/carries no Molecular digest line/);
  });

  it('refuses a comment edited long after Molecular wrote it, even with an intact digest (an old body pasted back)', async () => {
    const comment = table.add(12, stateBody(mol(), T0 - 3_600_000), 'molecular[bot]');
    comment.updated_at = new Date(T0).toISOString();
    const loaded = await store().load('12-a1b2c3');
    expect(!loaded.ok && loaded.error.message).toMatch(/was edited at .*, after Molecular wrote it at/);
  });

  it('refuses an older body pasted back a moment later by a person: seal and timing pass, the editor does not', async () => {
    const comment = table.add(12, stateBody(mol(), T0), 'molecular[bot]');
    comment.updated_at = new Date(T0 + 1_000).toISOString();
    comment.editor = 'mallory';
    const loaded = await store().load('12-a1b2c3');
    expect(!loaded.ok && loaded.error.message).toMatch(
      /was last edited by @mallory, who is not a trusted writer/,
    );
    comment.editor = 'github-actions[bot]';
    expect(ok(await store().load('12-a1b2c3'))?.id).toBe('12-a1b2c3');
  });

  it('believes the real comment next to a forgery, and reports the forgery', async () => {
    table.add(12, stateBody(mol({ title: 'forged' })), 'mallory');
    table.add(12, stateBody(mol()), 'molecular[bot]');
    expect(ok(await store().load('12-a1b2c3'))?.title).toBe('Molecule 12-a1b2c3');
    expect(problems).toHaveLength(1);
  });

  it('checks seals with the state key when one is configured', async () => {
    const encoded = encodeState(mol());
    if (!encoded.ok) throw new Error('encode');
    table.add(12, sealBody(encoded.value.body, new Date(T0), 'k1'), 'molecular[bot]');
    expect(ok(await store({ stateKey: 'k1' }).load('12-a1b2c3'))?.id).toBe('12-a1b2c3');
    expect((await store({ stateKey: 'k2' }).load('12-a1b2c3')).ok).toBe(false);
    expect((await store().load('12-a1b2c3')).ok).toBe(false);
  });
});

describe('mutate', () => {
  it("read, edit, re-read: 3 calls, rev + 1, the reducer's effects returned", async () => {
    const writer = store();
    ok(await writer.create(mol()));
    table.calls.length = 0;
    const result = ok(await writer.mutate('12-a1b2c3', completeStep('s0', 'alice')));
    expect(result.mol.rev).toBe(1);
    expect(result.effects).toEqual([{ type: 'step-status', step: 's0', from: 'pending', to: 'completed' }]);
    expect(table.calls).toEqual(['get', 'patch', 'get']);
    expect(ok(await store().load('12-a1b2c3'))).toEqual(result.mol);
  });

  it('a status that changes the state label costs one call more', async () => {
    const writer = store();
    ok(await writer.create(mol()));
    table.calls.length = 0;
    ok(
      await writer.mutate('12-a1b2c3', (m) => ({
        ok: true,
        value: { mol: { ...m, status: 'complete' }, effects: [] },
      })),
    );
    expect(table.calls).toEqual(['get', 'patch', 'get', 'label']);
    expect(table.labelsAdded.at(-1)).toEqual({ issue: 12, labels: ['molecule:complete'] });
  });

  it("with confirm: response, trusts the edit's answer: 2 calls", async () => {
    const writer = store({ confirm: 'response' });
    ok(await writer.create(mol()));
    table.calls.length = 0;
    ok(await writer.mutate('12-a1b2c3', completeStep('s0', 'alice')));
    expect(table.calls).toEqual(['get', 'patch']);
  });

  it('an oversize state is refused with state-too-large and the previous state stays', async () => {
    const writer = store();
    ok(await writer.create(mol()));
    const before = table.only().body;
    table.calls.length = 0;
    // Incompressible notes on many steps: more than a comment can hold, however it is packed.
    const noise = (i: number) =>
      createHash('sha256').update(`a${i}`).digest('hex') + createHash('sha256').update(`b${i}`).digest('hex');
    const huge = (m: Molecule) => ({
      ok: true as const,
      value: {
        mol: {
          ...m,
          steps: Array.from({ length: 1000 }, (_, i) => ({
            id: `s${i}`,
            status: 'pending' as const,
            attempts: 0,
            loops: 0,
            note: noise(i),
          })),
        },
        effects: [],
      },
    });
    const result = await writer.mutate('12-a1b2c3', huge);
    expect(result).toMatchObject({ ok: false, error: { code: 'state-too-large' } });
    expect(!result.ok && result.error.message).toMatch(/previous state was left as it was/);
    expect(table.calls).toEqual(['get']);
    expect(table.only().body).toBe(before);
  });

  it("re-applies the reducer when another writer's newer state won the race", async () => {
    const writer = store();
    ok(await writer.create(mol()));
    // Right after our edit lands, another process writes its own rev 1 over it.
    table.afterPatch = (comment) => {
      table.afterPatch = undefined;
      const theirs = completeStep('s2', 'bob')(mol());
      if (!theirs.ok) throw new Error('reducer');
      comment.body = stateBody(theirs.value.mol);
    };
    table.calls.length = 0;
    const result = ok(await writer.mutate('12-a1b2c3', completeStep('s0', 'alice')));
    expect(result.mol.rev).toBe(2);
    expect(result.mol.steps.map((s) => s.status)).toEqual(['completed', 'pending', 'completed']);
    expect(result.mol.history.map((h) => h.by)).toEqual(['bob', 'alice']);
    expect(table.calls).toEqual(['get', 'patch', 'get', 'patch', 'get']);
    expect(ok(await store().load('12-a1b2c3'))).toEqual(result.mol);
  });

  it('gives up with `conflict` when it keeps losing', async () => {
    const writer = store({ maxConflictRetries: 1 });
    ok(await writer.create(mol()));
    let rev = 5;
    table.afterPatch = (comment) => {
      comment.body = stateBody(mol({ rev: ++rev }));
    };
    const result = await writer.mutate('12-a1b2c3', completeStep('s0', 'alice'));
    expect(result).toMatchObject({ ok: false, error: { code: 'conflict' } });
  });

  it('an edit GitHub silently drops is `write-lost`, after waiting out replica lag', async () => {
    const writer = store();
    ok(await writer.create(mol()));
    table.afterPatch = (comment, previous) => {
      comment.body = previous;
    };
    const result = await writer.mutate('12-a1b2c3', completeStep('s0', 'alice'));
    expect(result).toMatchObject({ ok: false, error: { code: 'write-lost' } });
    expect(slept).toEqual([250, 1_000]);
  });

  it('a stale read right after the edit is waited out, not mistaken for a lost write', async () => {
    const writer = store();
    ok(await writer.create(mol()));
    let staleReads = 1;
    table.afterPatch = (comment, previous) => {
      const fresh = comment.body;
      comment.body = previous;
      // The next read shows the old body once, then the new one (a lagging replica).
      const get = table.comments.get.bind(table.comments);
      table.comments.get = (id: number) => {
        const c = get(id);
        if (c && id === comment.id && staleReads-- <= 0) c.body = fresh;
        return c;
      };
    };
    const result = await writer.mutate('12-a1b2c3', completeStep('s0', 'alice'));
    expect(result.ok).toBe(true);
    expect(slept).toEqual([250]);
  });

  it('refuses to write over a hand-edited comment', async () => {
    const writer = store();
    ok(await writer.create(mol()));
    const comment = table.only();
    comment.body = comment.body.replace('Molecule 12-a1b2c3', 'Hacked');
    table.calls.length = 0;
    const result = await writer.mutate('12-a1b2c3', completeStep('s0', 'alice'));
    expect(result).toMatchObject({ ok: false, error: { code: 'state-untrusted' } });
    expect(table.calls).toEqual(['get']);
  });

  it("passes the reducer's refusal on and writes nothing", async () => {
    const writer = store();
    ok(await writer.create(mol()));
    table.calls.length = 0;
    const result = await writer.mutate('12-a1b2c3', () => ({
      ok: false,
      error: { code: 'invalid-transition', message: 'no' },
    }));
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid-transition' } });
    expect(table.calls).toEqual(['get']);
  });

  it('writes reducers queued while one is in flight as one edit, each with its own verdict', async () => {
    const mutex = new KeyedMutex();
    // A store per writer, as faces open one per event; the mutex is what they share.
    const shared = (_: number) => store({ mutex });
    ok(await store().create(mol({ steps: makeMolecule('x', {}, 6).steps })));
    table.calls.length = 0;
    const refuse = () => err('invalid-transition', 'no');
    const results = await Promise.all([
      shared(0).mutate('12-a1b2c3', completeStep('s0', 'a')),
      shared(1).mutate('12-a1b2c3', completeStep('s1', 'b')),
      shared(2).mutate('12-a1b2c3', refuse),
      shared(3).mutate('12-a1b2c3', completeStep('s2', 'c')),
      shared(4).mutate('12-a1b2c3', () => ({
        ok: true,
        value: { mol: { id: 'renamed' } as Molecule, effects: [] },
      })),
      shared(5).mutate('12-a1b2c3', completeStep('s3', 'd')),
    ]);
    // All six were queued before the first turn began: one read, one edit, one re-read.
    expect(table.calls).toEqual(['list', 'patch', 'get']);
    expect(results.map((r) => (r.ok ? r.value.mol.rev : r.error.code))).toEqual([
      1,
      2,
      'invalid-transition',
      3,
      'state-invalid',
      4,
    ]);
    expect(results.map((r) => (r.ok ? r.value.effects.map((e) => 'step' in e && e.step) : []))).toEqual([
      ['s0'],
      ['s1'],
      [],
      ['s2'],
      [],
      ['s3'],
    ]);
    const final = ok(await store().load('12-a1b2c3'));
    expect(final?.rev).toBe(4);
    expect(final?.steps.filter((x) => x.status === 'completed').map((x) => x.id)).toEqual([
      's0',
      's1',
      's2',
      's3',
    ]);
  });

  it('re-applies a whole queued batch on the newer state when another writer won the race', async () => {
    const writer = store();
    ok(await writer.create(mol({ steps: makeMolecule('x', {}, 4).steps })));
    let raced = false;
    table.afterPatch = (comment) => {
      if (raced) return;
      raced = true;
      // Another process's write lands right after ours: rev 1 with s3 completed, not our body.
      const theirs = ok(encodeState({ ...mol({ steps: makeMolecule('x', {}, 4).steps }), rev: 1 }));
      const steps = theirs.mol.steps.map((x) => (x.id === 's3' ? { ...x, status: 'completed' as const } : x));
      comment.body = sealBody(ok(encodeState({ ...theirs.mol, steps })).body, new Date(table.now));
    };
    const mutex = new KeyedMutex();
    const results = await Promise.all(
      ['s0', 's1', 's2'].map((step) => store({ mutex }).mutate('12-a1b2c3', completeStep(step, 'x'))),
    );
    expect(raced).toBe(true);
    expect(results.every((r) => r.ok)).toBe(true);
    const final = ok(await store().load('12-a1b2c3'));
    expect(final?.steps.every((x) => x.status === 'completed')).toBe(true);
    expect(final?.rev).toBe(4);
  });

  it('turns a GitHub failure into a github-error value', async () => {
    nock.cleanAll();
    nock(API)
      .post('/graphql', (body) => isCommentsQuery(body, 12))
      .reply(502, { message: 'Bad Gateway' });
    const result = await store().mutate('12-a1b2c3', completeStep('s0', 'alice'));
    expect(result).toMatchObject({ ok: false, error: { code: 'github-error' } });
    expect(!result.ok && result.error.message).toMatch(/GitHub answered 502/);
  });
});

describe('squash and burn', () => {
  const record = (m: Molecule): ArchiveRecord => ({
    v: 1,
    id: m.id,
    title: m.title,
    formula: m.formula,
    vars: m.vars,
    subject: m.subject,
    outcome: 'complete',
    summary: 'All done. <!-- molecular:state v1 not a block -->',
    steps: m.steps.map((s) => ({ id: s.id, status: s.status, attempts: s.attempts })),
    metrics: { durationMs: 90_000, attempts: 3, retries: 0, loops: 0 },
    createdAt: m.createdAt,
    squashedAt: new Date(T0).toISOString(),
  });

  it('squash replaces the comment by a sealed archive block and summary', async () => {
    const writer = store();
    ok(await writer.create(mol({ status: 'complete' })));
    const rec = record(mol());
    ok(
      await writer.mutate('12-a1b2c3', (m) => ({
        ok: true,
        value: { mol: { ...m, status: 'squashed' }, effects: [{ type: 'archive', record: rec }] },
      })),
    );
    const body = table.only().body;
    expect(body).toMatch(/^<!-- molecular:archive v1\n/);
    expect(body).toContain('### 📦 Molecule 12-a1b2c3');
    expect(body).not.toMatch(/<!-- molecular:state/);
    const fresh = store();
    expect(ok(await fresh.load('12-a1b2c3'))).toBeUndefined();
    expect(ok(await fresh.loadArchive('12-a1b2c3'))).toEqual(rec);
  });

  it('burn deletes the comment: read + delete, 2 calls', async () => {
    const writer = store();
    ok(await writer.create(mol()));
    table.calls.length = 0;
    ok(
      await writer.mutate('12-a1b2c3', (m) => ({
        ok: true,
        value: { mol: { ...m, status: 'burned' }, effects: [] },
      })),
    );
    expect(table.calls).toEqual(['get', 'delete']);
    expect(table.comments.size).toBe(0);
    expect(await writer.mutate('12-a1b2c3', completeStep('s0', 'x'))).toMatchObject({
      ok: false,
      error: { code: 'not-found' },
    });
  });
});

describe('list', () => {
  it('searches the state labels and reads each issue once, believing only trusted comments', async () => {
    table.add(12, stateBody(mol()), 'molecular[bot]');
    table.add(12, stateBody(makeMolecule('12-zzz', { subject: { issue: 12 } })), 'mallory');
    table.add(
      30,
      stateBody(makeMolecule('30-b', { subject: { issue: 30 }, status: 'failed' })),
      'github-actions[bot]',
    );
    table.search.set('molecule:active', [12]);
    table.search.set('molecule:failed', [30]);
    const all = ok(await store().list());
    expect(all.map((m) => m.id)).toEqual(['12-a1b2c3', '30-b']);
    expect(table.calls.filter((c) => c === 'search')).toHaveLength(3);
    expect(table.calls.filter((c) => c === 'list')).toHaveLength(2);
    expect(problems.map((p) => p.code)).toEqual(['state-untrusted']);
    table.calls.length = 0;
    expect(ok(await store().list({ status: ['failed'] })).map((m) => m.id)).toEqual(['30-b']);
    expect(table.calls).toEqual(['search', 'list']);
  });
});

describe('lock: ref', () => {
  /** The git-ref lease's routes on 12-a1b2c3, persisted: lock commits, refs and releases in `lockCalls`. */
  function leaseRoutes(lockCalls: string[]) {
    let commits = 0;
    const latest = () => String(commits % 10).repeat(40);
    nock(API)
      .persist()
      .post('/repos/acme/widgets/git/commits')
      .reply(201, () => {
        lockCalls.push('commit');
        commits++;
        return { sha: latest() };
      })
      // Pointing at the latest lock commit: made for this lease, or reused.
      .post(
        '/repos/acme/widgets/git/refs',
        (body) => body.ref === 'refs/molecular/locks/12-a1b2c3' && body.sha === latest(),
      )
      .reply(201, () => {
        lockCalls.push('ref');
        return {};
      })
      .delete('/repos/acme/widgets/git/refs/molecular%2Flocks%2F12-a1b2c3')
      .reply(204, () => {
        lockCalls.push('release');
        return '';
      });
  }

  it('wraps the write in the git-ref lease: commit + ref before, delete after (6 calls in all)', async () => {
    const writer = store();
    ok(await writer.create(mol()));
    const lockCalls: string[] = [];
    leaseRoutes(lockCalls);
    table.calls.length = 0;
    ok(await store({ lock: 'ref', lockHolder: 'run-1' }).mutate('12-a1b2c3', completeStep('s0', 'alice')));
    expect(lockCalls).toEqual(['commit', 'ref', 'release']);
    expect(table.calls).toEqual(['list', 'patch', 'get']);
  });

  it("the store's next lease reuses its lock commit while most of that lease is ahead: 5 calls a write", async () => {
    ok(await store().create(mol()));
    const lockCalls: string[] = [];
    leaseRoutes(lockCalls);
    const writer = store({ lock: 'ref', lockHolder: 'host:1' });
    ok(await writer.mutate('12-a1b2c3', completeStep('s0', 'alice')));
    table.now += 30_000;
    ok(await writer.mutate('12-a1b2c3', completeStep('s1', 'alice')));
    table.now += 30_001;
    ok(await writer.mutate('12-a1b2c3', completeStep('s2', 'alice')));
    expect(lockCalls).toEqual(['commit', 'ref', 'release', 'ref', 'release', 'commit', 'ref', 'release']);
    // Another store with a mutex of its own shares nothing: it may run beside this one.
    const apart = store({ lock: 'ref', lockHolder: 'host:1', mutex: new KeyedMutex() });
    lockCalls.length = 0;
    // (refused: s0 is done; the lease is taken before the read)
    expect(await apart.mutate('12-a1b2c3', completeStep('s0', 'alice'))).toMatchObject({ ok: false });
    expect(lockCalls).toEqual(['commit', 'ref', 'release']);
  });

  /**
   * Under the REST keeper, which deletes the ref and so records nothing for the next holder, the
   * re-read after the edit is not only a check of the edit: it is what keeps the lease from
   * passing on before the write can be read. Trusting the edit's answer under the lease (one call
   * less) let the next holder read the body before it from a lagging replica and write over it:
   * the reliability suite's stale reads lost 2 of 6 step completions that way.
   */
  it("under the lease the edit is still read back before the lease goes: the next holder's read sees it", async () => {
    ok(await store().create(mol()));
    leaseRoutes([]);
    table.staleReads = true;
    // Two processes: a mutex and a lock commit each, one lease between them.
    const first = store({ lock: 'ref', lockHolder: 'host:1' });
    const second = store({ lock: 'ref', lockHolder: 'host:2' });
    table.calls.length = 0;
    ok(await first.mutate('12-a1b2c3', completeStep('s0', 'alice')));
    ok(await second.mutate('12-a1b2c3', completeStep('s1', 'bob')));
    const calls = [...table.calls];
    table.settle();
    const steps = ok(await store().load('12-a1b2c3'))?.steps.map((s) => s.status);
    expect(steps).toEqual(['completed', 'completed', 'pending']);
    // Each edit read back until it shows (the first read after it lags), before the lease goes.
    expect(calls).toEqual(['list', 'patch', 'get', 'get', 'list', 'patch', 'get', 'get']);
  });

  it('fails with lock-held and writes nothing while another process holds the molecule', async () => {
    const writer = store();
    ok(await writer.create(mol()));
    const before = table.only().body;
    const later = new Date(T0 + 3_600_000).toISOString();
    nock(API)
      .persist()
      .post('/repos/acme/widgets/git/commits')
      .reply(201, { sha: '1'.repeat(40) })
      .post('/repos/acme/widgets/git/refs')
      .reply(422, { message: 'Reference already exists' })
      .get('/repos/acme/widgets/git/ref/molecular%2Flocks%2F12-a1b2c3')
      .reply(200, { object: { sha: '9'.repeat(40) } })
      .get(`/repos/acme/widgets/git/commits/${'9'.repeat(40)}`)
      .reply(200, {
        message: `molecular lock\n\n{"holder":"run-other","expiresAt":"${later}"}`,
        committer: {},
      });
    let t = T0;
    const waiting = store({
      lock: 'ref',
      lockWaitMs: 3_000,
      now: () => new Date(t),
      sleep: async (ms) => {
        t += ms;
      },
    });
    const result = await waiting.mutate('12-a1b2c3', completeStep('s0', 'alice'));
    expect(result).toMatchObject({ ok: false, error: { code: 'lock-held' } });
    expect(!result.ok && result.error.message).toMatch(/run-other/);
    expect(table.only().body).toBe(before);
  });
});

describe('lock: ref, under a keeper that records the rev it leaves (the git lease)', () => {
  /** One lease between stores, as the git keeper keeps it: a release leaves the rev for the next holder. */
  interface Shared {
    held?: string;
    rev?: number;
    releases: Array<number | undefined>;
  }
  function keeper(shared: Shared, holder: string): LeaseKeeper {
    return {
      recordsRev: true,
      acquire: async () => {
        if (shared.held !== undefined) return err('lock-held', `held by ${shared.held}`);
        shared.held = holder;
        return {
          ok: true,
          value: {
            ref: 'refs/molecular/locks/12-a1b2c3',
            sha: '1'.repeat(40),
            holder,
            expiresAt: new Date(T0 + 120_000),
            ...(shared.rev !== undefined ? { minRev: shared.rev } : {}),
            ...(shared.releases.length === 0 ? { fresh: true as const } : {}),
          },
        };
      },
      release: async (_lease, rev) => {
        shared.held = undefined;
        shared.rev = rev;
        shared.releases.push(rev);
      },
    };
  }
  const under = (shared: Shared, holder: string) =>
    store({ lock: 'ref', leases: keeper(shared, holder), mutex: new KeyedMutex() });

  /**
   * The read-back the REST keeper needs (the test above) is spared: the next holder knows the rev
   * it must see, and reads through the lagging replica until it shows.
   */
  it("trusts each edit's answer; the next holder, reading less than the recorded rev from a lagging replica, reads again", async () => {
    ok(await store().create(mol()));
    table.staleReads = true;
    const shared: Shared = { releases: [] };
    table.calls.length = 0;
    ok(await under(shared, 'host:1').mutate('12-a1b2c3', completeStep('s0', 'alice')));
    ok(await under(shared, 'host:2').mutate('12-a1b2c3', completeStep('s1', 'bob')));
    const calls = [...table.calls];
    table.settle();
    expect(ok(await store().load('12-a1b2c3'))?.steps.map((s) => s.status)).toEqual([
      'completed',
      'completed',
      'pending',
    ]);
    expect(calls).toEqual(['list', 'patch', 'list', 'get', 'patch']);
    expect(slept).toEqual([250]);
    expect(shared.releases).toEqual([1, 2]);
  });

  it('a holder whose own write is the recorded rev writes again without reading; after another writer, it reads', async () => {
    ok(await store().create(mol()));
    const shared: Shared = { releases: [] };
    const first = under(shared, 'host:1');
    table.calls.length = 0;
    ok(await first.mutate('12-a1b2c3', completeStep('s0', 'alice')));
    ok(await first.mutate('12-a1b2c3', completeStep('s1', 'alice')));
    expect(table.calls).toEqual(['list', 'patch', 'patch']);
    ok(await under(shared, 'host:2').mutate('12-a1b2c3', completeStep('s2', 'bob')));
    table.calls.length = 0;
    // Its last write (rev 2) is behind the recorded rev 3: read again, by the comment it knows.
    const refused = await first.mutate('12-a1b2c3', completeStep('s2', 'alice'));
    expect(refused.ok).toBe(false);
    expect(table.calls).toEqual(['get']);
    expect(shared.releases).toEqual([1, 2, 3, 3]);
  });

  it('a state read before the lease serves as its read when it is at the recorded rev', async () => {
    ok(await store().create(mol()));
    const shared: Shared = { releases: [], rev: 0 };
    const writer = under(shared, 'host:1');
    expect(ok(await writer.load('12-a1b2c3'))?.rev).toBe(0);
    table.calls.length = 0;
    ok(await writer.mutate('12-a1b2c3', completeStep('s0', 'alice')));
    expect(table.calls).toEqual(['patch']);
  });

  it('believes GitHub after the delays when it never shows the recorded rev, says so, and gives back what it believed', async () => {
    ok(await store().create(mol()));
    const shared: Shared = { releases: [], rev: 5 };
    const result = ok(await under(shared, 'host:1').mutate('12-a1b2c3', completeStep('s0', 'alice')));
    expect(result.mol.rev).toBe(1);
    expect(slept).toEqual([250, 1_000]);
    expect(problems.map((p) => p.code)).toEqual(['stale-read']);
    expect(problems[0]?.message).toMatch(/shows rev 0 after the last writer left rev 5/);
    expect(shared.releases).toEqual([1]);
  });

  it('a create under a lease on a ref never held takes the listing handed over for its check; once held, it lists', async () => {
    const shared: Shared = { releases: [] };
    const handedOver = store({ lock: 'ref', leases: keeper(shared, 'host:1'), alreadyListed: () => [] });
    table.calls.length = 0;
    ok(await handedOver.create(mol()));
    expect(table.calls).toEqual(['post', 'label']);
    expect(shared.releases).toEqual([0]);
    // A second attempt of the same job: the ref was held before, so the id is looked up under the lease.
    const again = store({ lock: 'ref', leases: keeper(shared, 'host:2'), alreadyListed: () => [] });
    table.calls.length = 0;
    expect(await again.create(mol())).toMatchObject({ ok: false, error: { code: 'exists' } });
    expect(table.calls).toEqual(['list', 'label']);
    expect(table.comments.size).toBe(1);
  });

  it('a burn gives the lease back with no rev: nothing is left to wait for', async () => {
    ok(await store().create(mol()));
    const shared: Shared = { releases: [] };
    ok(
      await under(shared, 'host:1').mutate('12-a1b2c3', (m) => ({
        ok: true,
        value: { mol: { ...m, status: 'burned', rev: m.rev + 1 }, effects: [] },
      })),
    );
    expect(table.comments.size).toBe(0);
    expect(shared.releases).toEqual([undefined]);
  });
});
