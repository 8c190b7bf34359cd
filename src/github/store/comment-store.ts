/**
 * The GitHub MoleculeStore: one comment per molecule on its issue or pull
 * request, written by the app or the workflow identity, sealed (comment-seal.ts) and believed only
 * from trusted writers (comment-trust.ts). Every write goes through one path — lock, read, verify,
 * apply the pure reducer, write, re-read, unlock — with three layers of protection:
 *
 * - a per-molecule mutex in this process (always);
 * - an optimistic check that needs no lock: the re-read after a write must show our body; if
 *   another writer's newer state is there instead, the reducer is re-applied on it (bounded);
 * - `lock: 'ref'`: a lease on `refs/molecular/locks/<id>` (ref-lock.ts) for several processes
 *   racing on one molecule (Action jobs, app replicas). GitHub has no compare-and-swap on comment
 *   edits, so without it two processes can still lose an update in a narrow window; the Action's
 *   workflow `concurrency` group closes that window too.
 *
 * API calls (comment id known or not: one read either way, 100 comments per page):
 * Reads are GraphQL (state-comments.ts: only GraphQL names a comment's last editor), writes REST.
 *   load 1 · create 4 (list for `exists`, post, re-read, label; a repeated create: list, label) · mutate 3 (read, edit, re-read)
 *   + 1 when the status moves to another state label · squash 3 · burn 2 (read, delete) ·
 *   list 1 search per state label asked for + 1 per issue found.
 *   `confirm: 'response'` trusts the edit's response instead of re-reading: one call less each.
 *   Never the default under the REST keeper: the re-read holds the lease until the write can be
 *   read, so the next holder does not read the body before it from a lagging replica.
 *   `lock: 'ref'` with the REST keeper adds 2 per write (lock ref, delete; 3 when this process
 *   made no lock commit in the last half lease: ref-lock.ts).
 *   `lock: 'ref'` with a keeper that records the rev it leaves (the Action's git lease:
 *   src/shell/github/git-lease.ts) adds none, and a write is 1 call (the edit) when the state the
 *   store last read or wrote is at the recorded rev, 2 otherwise (read, edit): the next holder
 *   knows the rev it must see, so no write needs reading back.
 */

import {
  type ArchiveRecord,
  DEFAULT_STATE_BUDGET_BYTES,
  encodeState,
  err,
  type ListFilter,
  type MolError,
  type Molecule,
  MoleculeSchema,
  type MoleculeStore,
  type Mutation,
  type Mutator,
  moleculeLabel,
  ok,
  type Proto,
  type Result,
  statusLabels,
} from '../../engine/index.js';
import { type GitHubClient, httpMessage, httpStatus, type RepoRef, repoSlug } from '../client.js';
import { setStateLabels } from '../labels.js';
import { parseMoleculeId } from '../molecule-id.js';
import { NO_RETRIES, postOnce } from '../post-once.js';
import { searchIssueNumbers } from '../search-issues.js';
import { formatArchiveBody } from './archive-comment.js';
import { SEAL_RESERVE_BYTES, sealBody } from './comment-seal.js';
import { type CommentView, DEFAULT_EDIT_WINDOW_MS, type TrustPolicy } from './comment-trust.js';
import { confirmWrite, STALE_READ_DELAYS_MS } from './confirm-write.js';
import { type KeyedMutex, processMutex, type Waiter } from './keyed-mutex.js';
import type { LeaseKeeper, RefLease } from './lease.js';
import { applyInOrder, archiveOf } from './next-state.js';
import { LockCommits, processLockCommits, refLockKeeper } from './ref-lock.js';
import {
  classifyComments,
  type FoundComment,
  getComment,
  listIssueComments,
  pickMolecule,
  type RejectedComment,
  toView,
} from './state-comments.js';

export type LockMode = 'none' | 'ref';

export interface CommentStoreOptions {
  octokit: GitHubClient;
  repo: RepoRef;
  /** REST logins whose comments may hold state: see `defaultTrustedWriters`. */
  trustedWriters: string[];
  /** Secret for HMAC seals; the same everywhere state is read and written. */
  stateKey?: string;
  lock?: LockMode;
  /**
   * Who takes the lease under `lock: 'ref'`; default the REST keeper (ref-lock.ts). A keeper that
   * records the rev it leaves (the git lease) spares every write its read-back.
   */
  leases?: LeaseKeeper;
  lockTtlMs?: number;
  lockWaitMs?: number;
  /** Shown to whoever waits for the lock: a run id, or host:pid. */
  lockHolder?: string;
  /** Re-read every write (default), or trust the edit's response. */
  confirm?: 'reread' | 'response';
  /** Lock commits this holder made (ref-lock.ts); default: the process's, with the process mutex. */
  lockCommits?: LockCommits;
  /** Step titles and the graph for the rendered view. */
  protoFor?: (mol: Molecule) => Proto | undefined | Promise<Proto | undefined>;
  /** The issue of an id that does not carry one (ids minted by another store). */
  issueOf?: (id: string) => number | undefined;
  /**
   * An issue's comments the face already read with its config (job-snapshot.ts), for the first
   * look-up of a molecule only; undefined means list them. The face hands a listing over once.
   */
  alreadyListed?: (issue: number) => CommentView[] | undefined;
  /** Keep the issue's state label in step with the status (what `list` searches). Default true. */
  labels?: boolean;
  /** Times the reducer is re-applied after losing a race before giving up with `conflict`. */
  maxConflictRetries?: number;
  editWindowMs?: number;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
  /** Default: one mutex for the whole process, shared by every store in it. */
  mutex?: KeyedMutex;
  /** Forged, edited or unreadable state comments, and labels that could not be set. */
  onProblem?: (problem: MolError, comment?: CommentView) => void;
}

export const DEFAULT_LOCK_TTL_MS = 120_000;
export const DEFAULT_LOCK_WAIT_MS = 15_000;

interface Location {
  issue: number;
  comment: Pick<CommentView, 'id' | 'nodeId'>;
}

type WriteOutcome = { done: Mutation } | { conflict: FoundComment };

/** A lease being used, and the highest rev of its molecule seen or written under it. */
interface Hold {
  lease: RefLease;
  rev: number | undefined;
}

const maxRev = (a: number | undefined, b: number | undefined) =>
  a === undefined ? b : b === undefined ? a : Math.max(a, b);

export class CommentStore implements MoleculeStore {
  private readonly octokit: GitHubClient;
  private readonly repo: RepoRef;
  private readonly policy: TrustPolicy;
  private readonly locations = new Map<string, Location>();
  /** Issues this store wrote to: `list` reads them even before search has indexed their labels. */
  private readonly knownIssues = new Set<number>();
  private readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly mutex: KeyedMutex;
  private readonly keeper: LeaseKeeper | undefined;
  /** The last believed state of each molecule, read or written: a lease's first read when recent enough. */
  private readonly lastSeen = new Map<string, FoundComment & { kind: 'state' }>();

  constructor(private readonly options: CommentStoreOptions) {
    this.octokit = options.octokit;
    this.repo = options.repo;
    this.policy = {
      writers: options.trustedWriters,
      ...(options.stateKey !== undefined ? { key: options.stateKey } : {}),
      editWindowMs: options.editWindowMs ?? DEFAULT_EDIT_WINDOW_MS,
    };
    this.now = options.now ?? (() => new Date());
    this.sleep = options.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.mutex = options.mutex ?? processMutex;
    // A lock commit is shared only by leases one mutex keeps apart (see LockCommits).
    const lockCommits = options.lockCommits ?? (options.mutex ? new LockCommits() : processLockCommits);
    this.keeper =
      options.lock !== 'ref'
        ? undefined
        : (options.leases ??
          refLockKeeper(this.octokit, this.repo, {
            holder: options.lockHolder ?? `molecular:${process.pid}`,
            commits: lockCommits,
            ttlMs: options.lockTtlMs ?? DEFAULT_LOCK_TTL_MS,
            waitMs: options.lockWaitMs ?? DEFAULT_LOCK_WAIT_MS,
            now: this.now,
            sleep: this.sleep,
          }));
  }

  create(mol: Molecule): Promise<Result<Molecule>> {
    return this.guard('create', mol.id, async () => {
      const valid = MoleculeSchema.safeParse(mol);
      if (!valid.success) {
        return err(
          'state-invalid',
          `the molecule to create is invalid: ${valid.error.issues[0]?.message ?? 'invalid'}`,
        );
      }
      const issue = valid.data.subject.issue ?? valid.data.subject.pr;
      if (issue === undefined) {
        return err(
          'no-subject',
          `molecule ${mol.id} has no issue or pull request to keep its state comment on`,
        );
      }
      const embedded = parseMoleculeId(mol.id);
      if (embedded && embedded.issue !== issue) {
        return err(
          'invalid-id',
          `molecule id ${mol.id} names #${embedded.issue} but its subject is #${issue}`,
        );
      }
      if (
        valid.data.subject.repo &&
        valid.data.subject.repo.toLowerCase() !== repoSlug(this.repo).toLowerCase()
      ) {
        return err(
          'wrong-repo',
          `molecule ${mol.id} belongs to ${valid.data.subject.repo}, not ${repoSlug(this.repo)}`,
        );
      }
      return this.exclusive(mol.id, async (hold) => {
        // A lease on a ref nobody recording the rev ever held: the listing the face read before it
        // (when it handed one over) is enough to see whether the id is taken. Ids come from the
        // event's delivery (pour-on-issue.ts), so only attempts of one job, one after another,
        // create the same id, and the later one's listing was read after the earlier one ended.
        const unwritten = hold?.lease.fresh === true && this.keeper?.recordsRev === true;
        const listed =
          (unwritten ? this.options.alreadyListed?.(issue) : undefined) ?? (await this.listComments(issue));
        const existing = pickMolecule(classifyComments(listed, this.policy), mol.id);
        if (existing.found) {
          // A create of the same id is a redelivery; the first may have died between the comment
          // and its label, and without the label no survey (patrol, list) would ever find it.
          if (existing.found.kind === 'state') {
            this.remember(mol.id, { issue, comment: existing.found.comment });
            await this.label(issue, moleculeLabel(existing.found.mol));
          }
          return err(
            'exists',
            `molecule ${mol.id} already exists (comment #${existing.found.comment.id} on #${issue})`,
          );
        }
        const encoded = await this.encode(valid.data);
        if (!encoded.ok) return encoded;
        const body = sealBody(encoded.value.body, this.now(), this.policy.key);
        const posted = await postOnce(
          async () => {
            const { data } = await this.octokit.request(
              'POST /repos/{owner}/{repo}/issues/{issue_number}/comments',
              { ...this.repo, issue_number: issue, body, request: NO_RETRIES },
            );
            return toView(data);
          },
          async () => {
            const landed = this.pick(await this.listComments(issue), mol.id).found;
            return landed?.kind === 'state' ? landed.comment : undefined;
          },
          this.sleep,
        );
        const confirmed = await this.confirm(posted, body, -1, hold);
        if (!confirmed.ok) return confirmed;
        if (confirmed.value.conflict) {
          return err('exists', `molecule ${mol.id} was created by another writer at the same time`);
        }
        if (hold) hold.rev = maxRev(hold.rev, encoded.value.mol.rev);
        this.remember(mol.id, { issue, comment: posted });
        await this.label(issue, moleculeLabel(encoded.value.mol));
        return ok(encoded.value.mol);
      });
    });
  }

  load(id: string): Promise<Result<Molecule | undefined>> {
    return this.guard('load', id, async () => {
      const found = await this.read(id);
      if (!found.ok) return found;
      return ok(found.value?.kind === 'state' ? found.value.mol : undefined);
    });
  }

  loadArchive(id: string): Promise<Result<ArchiveRecord | undefined>> {
    return this.guard('loadArchive', id, async () => {
      const found = await this.read(id);
      if (!found.ok) return found;
      return ok(found.value?.kind === 'archive' ? found.value.record : undefined);
    });
  }

  mutate(id: string, fn: Mutator): Promise<Result<Mutation>> {
    return this.guard('mutate', id, () =>
      this.mutex.batch<Mutator, Result<Mutation>>(this.keyOf(id), fn, (take) => this.serve(id, take)),
    );
  }

  /**
   * One turn of the write queue: the lease, then every reducer queued by then applied in order to
   * one read and written as one edit. Each caller gets its own verdict: a reducer that refuses
   * (or returns something invalid) leaves the others' changes standing.
   */
  private async serve(id: string, take: () => Waiter<Mutator, Result<Mutation>>[]): Promise<void> {
    const held = await this.lease(id);
    if (!held.ok) {
      for (const w of take()) w.resolve(held);
      return;
    }
    const waiters = take();
    let results: Result<Mutation>[];
    try {
      results = await this.applyAll(
        id,
        waiters.map((w) => w.item),
        held.value,
      );
    } finally {
      if (held.value) await this.release(held.value);
    }
    // Answered once the lease is back, as a write alone always was.
    waiters.forEach((w, i) => {
      w.resolve(results[i] as Result<Mutation>);
    });
  }

  private async applyAll(id: string, fns: Mutator[], hold?: Hold): Promise<Result<Mutation>[]> {
    const lease = hold?.lease;
    let found = await this.readUnder(id, hold);
    for (let attempt = 0; ; attempt++) {
      if (!found.ok) return fns.map(() => found as Result<never>);
      const current = found.value;
      if (current?.kind !== 'state') {
        return fns.map(() => err('not-found', `there is no live molecule ${id} in ${repoSlug(this.repo)}`));
      }
      const applied = applyInOrder(fns, current.mol, id, repoSlug(this.repo));
      if (!applied.results.some((r) => r.ok)) return applied.results;
      if (lease && this.now().getTime() >= lease.expiresAt.getTime()) {
        const lost = err(
          'lock-lost',
          `the lock on molecule ${id} ran out while the change was computed; nothing was written, try again`,
        );
        return applied.results.map((r) => (r.ok ? lost : r));
      }
      const written = await this.write(current, applied.mutation, hold);
      if (!written.ok) return applied.results.map((r) => (r.ok ? written : r));
      if ('done' in written.value) {
        // The last change gets the molecule as written (encoding may trim its history).
        const { mol } = written.value.done;
        const last = applied.results.findLastIndex((r) => r.ok);
        return applied.results.map((r, i) =>
          r.ok && i === last ? ok({ mol, effects: r.value.effects }) : r,
        );
      }
      if (attempt >= (this.options.maxConflictRetries ?? 3)) {
        const conflict = err(
          'conflict',
          `molecule ${id} kept being changed by another writer; the change was not written, try again`,
        );
        return applied.results.map((r) => (r.ok ? conflict : r));
      }
      found = ok(written.value.conflict);
    }
  }

  list(filter: ListFilter = {}): Promise<Result<Molecule[]>> {
    return this.guard('list', '*', async () => {
      if (filter.status?.length === 0) return ok([]);
      const issues = new Set(this.knownIssues);
      for (const label of statusLabels(filter.status)) {
        const found = await searchIssueNumbers(this.octokit, `repo:${repoSlug(this.repo)} label:"${label}"`);
        for (const number of found) issues.add(number);
      }
      const molecules: Molecule[] = [];
      for (const issue of [...issues].sort((a, b) => a - b)) {
        const classified = classifyComments(await this.listComments(issue), this.policy);
        this.reportAll(classified.rejected);
        for (const found of classified.found) {
          if (found.kind !== 'state') continue;
          const mol = found.mol;
          this.remember(mol.id, { issue, comment: found.comment });
          if (filter.kind !== undefined && mol.kind !== filter.kind) continue;
          if (filter.status !== undefined && !filter.status.includes(mol.status)) continue;
          molecules.push(mol);
        }
      }
      molecules.sort((a, b) =>
        a.createdAt === b.createdAt ? a.id.localeCompare(b.id) : a.createdAt.localeCompare(b.createdAt),
      );
      return ok(molecules);
    });
  }

  /** Where a molecule's comment is; undefined when its id names no issue this store can find. */
  issueOf(id: string): number | undefined {
    return this.locations.get(id)?.issue ?? parseMoleculeId(id)?.issue ?? this.options.issueOf?.(id);
  }

  private remember(id: string, location: Location): void {
    this.locations.set(id, location);
    this.knownIssues.add(location.issue);
  }

  /**
   * The read a write starts from. Under a lease whose previous holder recorded the rev it left
   * (`minRev`), a state read before the lease that is that recent is still the truth (nobody
   * writes without the lease), and a read showing less is a lagging replica: it is read again
   * after the delays a write's read-back waits, then believed with a problem reported rather than
   * refused for ever (a rev GitHub lost would otherwise stop the molecule).
   */
  private async readUnder(id: string, hold?: Hold): Promise<Result<FoundComment | undefined>> {
    const minRev = hold?.lease.minRev;
    // Without a recorded rev, a write starts from a read made now (under the lease, if any), never
    // from a listing handed over earlier: another writer may have written since.
    if (minRev === undefined) return this.track(hold, await this.read(id, { fresh: true }));
    const seen = this.lastSeen.get(id) ?? this.handedOver(id);
    if (seen && seen.mol.rev >= minRev) return this.track(hold, ok(seen));
    for (let attempt = 0; ; attempt++) {
      const found = await this.read(id, { fresh: true });
      if (!found.ok || found.value?.kind === 'archive') return this.track(hold, found);
      const rev = found.value?.mol.rev;
      if (rev !== undefined && rev >= minRev) return this.track(hold, found);
      const delay = STALE_READ_DELAYS_MS[attempt];
      if (delay === undefined) {
        // Believed from here on: the rev given back is what GitHub shows, not the one it lost.
        if (hold) hold.rev = undefined;
        this.options.onProblem?.({
          code: 'stale-read',
          message: `molecule ${id}: GitHub still shows rev ${rev ?? 'none'} after the last writer left rev ${minRev}; going on with what it shows`,
        });
        return this.track(hold, found);
      }
      await this.sleep(delay);
    }
  }

  private track(hold: Hold | undefined, found: Result<FoundComment | undefined>) {
    if (hold && found.ok && found.value?.kind === 'state') hold.rev = maxRev(hold.rev, found.value.mol.rev);
    return found;
  }

  /** The state of `id` in a listing the face handed over (alreadyListed), without a call; taken once. */
  private handedOver(id: string): (FoundComment & { kind: 'state' }) | undefined {
    const issue = this.issueOf(id);
    const listed = issue === undefined ? undefined : this.options.alreadyListed?.(issue);
    if (issue === undefined || !listed) return undefined;
    const found = this.pick(listed, id).found;
    if (found?.kind !== 'state') return undefined;
    this.remember(id, { issue, comment: found.comment });
    return found;
  }

  /**
   * The believed comment of `id`: by its cached comment id (1 call), else from a listing the face
   * handed over (none when `fresh`), else by listing its issue.
   */
  private async read(id: string, { fresh = false } = {}): Promise<Result<FoundComment | undefined>> {
    const found = await this.readComment(id, fresh);
    if (found.ok && found.value?.kind === 'state') this.lastSeen.set(id, found.value);
    else this.lastSeen.delete(id);
    return found;
  }

  private async readComment(id: string, fresh: boolean): Promise<Result<FoundComment | undefined>> {
    const issue = this.issueOf(id);
    if (issue === undefined) return ok(undefined);
    const cached = this.locations.get(id);
    if (cached) {
      const comment = await getComment(this.octokit, cached.comment);
      const picked = comment ? this.pick([comment], id) : undefined;
      if (picked && (picked.found || picked.rejected.length > 0)) return this.verdict(picked);
      this.locations.delete(id); // deleted, or no longer this molecule's: look again
    }
    const listed =
      (fresh ? undefined : this.options.alreadyListed?.(issue)) ?? (await this.listComments(issue));
    const picked = this.pick(listed, id);
    if (picked.found) this.remember(id, { issue, comment: picked.found.comment });
    return this.verdict(picked);
  }

  private pick(comments: CommentView[], id: string) {
    return pickMolecule(classifyComments(comments, this.policy), id);
  }

  /** A believed comment wins over forgeries next to it (reported); forgeries alone are an error. */
  private verdict(picked: {
    found?: FoundComment;
    rejected: RejectedComment[];
  }): Result<FoundComment | undefined> {
    this.reportAll(picked.rejected);
    if (picked.found) return ok(picked.found);
    const first = picked.rejected[0];
    return first ? { ok: false, error: first.error } : ok(undefined);
  }

  private reportAll(rejected: RejectedComment[]): void {
    for (const r of rejected) this.options.onProblem?.(r.error, r.comment);
  }

  private listComments(issue: number): Promise<CommentView[]> {
    return listIssueComments(this.octokit, this.repo, issue);
  }

  private async encode(mol: Molecule) {
    const proto = await this.options.protoFor?.(mol);
    return encodeState(mol, {
      ...(proto ? { proto } : {}),
      budgetBytes: DEFAULT_STATE_BUDGET_BYTES - SEAL_RESERVE_BYTES,
    });
  }

  /**
   * Persists the reducers' result (checked by `applyInOrder`) over `current`: an edit, an archive
   * (squash) or a deletion (burn).
   */
  private async write(
    current: FoundComment & { kind: 'state' },
    mutation: Mutation,
    hold: Hold | undefined,
  ): Promise<Result<WriteOutcome>> {
    const before = current.mol;
    const next = mutation.mol;
    const commentId = current.comment.id;
    const issue = this.issueOf(before.id) as number;
    const done = (mol: Molecule): Result<WriteOutcome> => ok({ done: { mol, effects: mutation.effects } });

    if (next.status === 'burned') {
      try {
        await this.octokit.request('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', {
          ...this.repo,
          comment_id: commentId,
        });
      } catch (error) {
        if (httpStatus(error) !== 404) throw error;
      }
      this.locations.delete(before.id);
      this.lastSeen.delete(before.id);
      // Nothing is left to read: the next holder waits for no rev.
      if (hold) hold.rev = undefined;
      return done(next);
    }

    let body: string;
    let persisted = next;
    if (next.status === 'squashed') {
      const record = archiveOf(mutation.effects, before.id);
      if (!record.ok) return record;
      body = sealBody(formatArchiveBody(record.value), this.now(), this.policy.key);
    } else {
      const encoded = await this.encode(next);
      if (!encoded.ok) return encoded;
      persisted = encoded.value.mol;
      body = sealBody(encoded.value.body, this.now(), this.policy.key);
    }
    const { data } = await this.octokit.request('PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}', {
      ...this.repo,
      comment_id: commentId,
      body,
    });
    const confirmed = await this.confirm(toView(data), body, before.rev, hold);
    if (!confirmed.ok) return confirmed;
    if (confirmed.value.conflict) return ok({ conflict: confirmed.value.conflict });
    // What we wrote is the truth for as long as the next lease's recorded rev says nobody wrote since.
    if (next.status === 'squashed') this.lastSeen.delete(before.id);
    else this.lastSeen.set(before.id, { kind: 'state', mol: persisted, comment: toView(data) });
    if (hold) hold.rev = maxRev(hold.rev, persisted.rev);
    if (moleculeLabel(next) !== moleculeLabel(before)) await this.label(issue, moleculeLabel(next));
    return done(persisted);
  }

  /** Under a keeper that records the rev, the next holder checks its read: the edit's answer suffices. */
  private confirm(response: CommentView, body: string, previousRev: number, hold: Hold | undefined) {
    const recorded = hold !== undefined && this.keeper?.recordsRev === true;
    return confirmWrite(this.octokit, {
      response,
      body,
      previousRev,
      policy: this.policy,
      mode: recorded ? 'response' : (this.options.confirm ?? 'reread'),
      sleep: this.sleep,
    });
  }

  private async label(issue: number, label: string | undefined): Promise<void> {
    if (this.options.labels === false || label === undefined) return;
    try {
      await setStateLabels(this.octokit, this.repo, issue, [label], []);
    } catch (error) {
      // The state is written; a missing label only hides the molecule from `list` until the next change.
      this.options.onProblem?.({
        code: 'label-failed',
        message: `could not label #${issue} ${label}: ${httpMessage(error)}`,
      });
    }
  }

  private keyOf(id: string): string {
    return `${repoSlug(this.repo)}#${id}`.toLowerCase();
  }

  /** The mutex of this process, then (lock: 'ref') the lease shared with other processes. */
  private exclusive<T>(id: string, fn: (hold?: Hold) => Promise<Result<T>>): Promise<Result<T>> {
    return this.mutex.run(this.keyOf(id), async () => {
      const held = await this.lease(id);
      if (!held.ok) return held;
      try {
        return await fn(held.value);
      } finally {
        if (held.value) await this.release(held.value);
      }
    });
  }

  /** The lease shared with other processes under `lock: 'ref'`; none to take otherwise. */
  private async lease(id: string): Promise<Result<Hold | undefined>> {
    if (!this.keeper) return ok(undefined);
    const lease = await this.keeper.acquire(id);
    return lease.ok ? ok({ lease: lease.value, rev: lease.value.minRev }) : lease;
  }

  private async release(hold: Hold): Promise<void> {
    await this.keeper?.release(hold.lease, hold.rev).catch((error: unknown) => {
      this.options.onProblem?.({
        code: 'lock-release-failed',
        message: `could not release ${hold.lease.ref}: ${httpMessage(error)}`,
      });
    });
  }

  /** GitHub failures (5xx after retries, 401, 403) come back as values, like every other error. */
  private async guard<T>(operation: string, id: string, fn: () => Promise<Result<T>>): Promise<Result<T>> {
    try {
      return await fn();
    } catch (error) {
      const status = httpStatus(error);
      return err(
        'github-error',
        `${operation} of molecule ${id} failed: GitHub answered ${status ?? 'nothing'}: ${httpMessage(error)}`,
      );
    }
  }
}

export function createCommentStore(options: CommentStoreOptions): CommentStore {
  return new CommentStore(options);
}
