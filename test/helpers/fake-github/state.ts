import { blobSha, hashTree, syntheticCommitSha } from './git-objects.js';
import type { Permissions } from './permissions.js';

/** Who made a request or owns an object; `type` follows GitHub: apps act as `<slug>[bot]` Bots. */
export interface Actor {
  login: string;
  type: 'User' | 'Bot';
  /** An installation or workflow token's permissions; unset: everything (see permissions.ts). */
  permissions?: Permissions;
}

export type Role = 'admin' | 'maintain' | 'write' | 'triage' | 'read' | 'none';

export interface IssueRecord {
  id: number;
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  state_reason: string | null;
  /** Label names, in the order they were added. */
  labels: string[];
  assignees: string[];
  user: Actor;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface CommentRecord {
  id: number;
  issue_number: number;
  body: string;
  user: Actor;
  created_at: string;
  updated_at: string;
  /** Set by PATCH only: GraphQL's `lastEditedAt`. */
  last_edited_at: string | null;
  /** Set by PATCH only: GraphQL's `editor`, who made the last edit. REST never shows it. */
  last_editor: Actor | null;
}

export const REACTION_CONTENTS = [
  '+1',
  '-1',
  'laugh',
  'confused',
  'heart',
  'hooray',
  'rocket',
  'eyes',
] as const;
export type ReactionContent = (typeof REACTION_CONTENTS)[number];

export interface ReactionRecord {
  id: number;
  comment_id: number;
  content: ReactionContent;
  user: Actor;
  created_at: string;
}

export interface LabelRecord {
  id: number;
  name: string;
  color: string;
  description: string | null;
  default: boolean;
}

export interface CheckRunOutput {
  title?: string | null;
  summary?: string | null;
  text?: string | null;
  annotations?: unknown[];
}

export interface CheckRunAction {
  label: string;
  description: string;
  identifier: string;
}

export interface CheckRunRecord {
  id: number;
  name: string;
  head_sha: string;
  status: string;
  conclusion: string | null;
  started_at: string | null;
  completed_at: string | null;
  details_url: string | null;
  external_id: string | null;
  output: CheckRunOutput;
  actions: CheckRunAction[];
}

export interface WorkflowDispatchRecord {
  workflow_id: string;
  ref: string;
  inputs: Record<string, unknown>;
  received_at: string;
  /** Set when the caller asked for `return_run_details`: the run the fake created in `workflowRuns`. */
  run_id?: number;
}

export interface RepositoryDispatchRecord {
  event_type: string;
  client_payload: Record<string, unknown>;
  received_at: string;
}

/** What a test knows about a workflow run; the server fills every other field GitHub returns. */
export interface WorkflowRunRecord {
  id: number;
  name?: string;
  status?: string;
  conclusion?: string | null;
  head_branch?: string;
  head_sha?: string;
  event?: string;
  workflow_id?: number;
  path?: string;
  run_number?: number;
  run_attempt?: number;
  display_title?: string;
  created_at?: string;
  updated_at?: string;
}

/** A commit made through `POST git/commits` (the ref lock's commits); its sha is a real git object id. */
export interface GitCommitRecord {
  sha: string;
  tree: string;
  parents: string[];
  message: string;
  author: { name: string; email: string; date: string };
  committer: { name: string; email: string; date: string };
}

export interface PullRecord {
  number: number;
  title: string;
  body?: string | null;
  state?: 'open' | 'closed';
  merged?: boolean;
  draft?: boolean;
  head: { ref: string; sha: string };
  base: { ref: string; sha?: string };
  user?: Actor;
  /** Label names (GraphQL's `labels`); none when omitted. */
  labels?: string[];
  /** Logins and team slugs asked to review (`POST requested_reviewers`). */
  requestedReviewers?: string[];
  requestedTeams?: string[];
  /** The merge method `enablePullRequestAutoMerge` turned on (`SQUASH`, `MERGE`, `REBASE`). */
  autoMerge?: string;
  /** Set by `POST pulls`: the order pulls are listed in (newest first). */
  createdAt?: string;
}

export interface StateOptions {
  owner: string;
  repo: string;
  defaultBranch: string;
  appSlug: string;
  /** Timestamps come from here; default: the wall clock, forced strictly increasing. */
  clock?: () => Date;
}

/** `molecular[bot]` and `github-actions[bot]` are Bots; everyone else is a User, as on GitHub. */
export function actorFor(login: string): Actor {
  return { login, type: login.endsWith('[bot]') ? 'Bot' : 'User' };
}

/**
 * The fake repository. Fields are plain Maps and arrays so a test can seed or inspect anything
 * directly; the methods hold the few rules that several routes share.
 */
export class FakeState {
  readonly owner: string;
  readonly repo: string;
  readonly defaultBranch: string;
  readonly appSlug: string;

  readonly issues = new Map<number, IssueRecord>();
  readonly comments = new Map<number, CommentRecord>();
  readonly reactions: ReactionRecord[] = [];
  /** Keyed by lower-cased name: GitHub label names are case-insensitive. */
  readonly labels = new Map<string, LabelRecord>();
  readonly collaborators = new Map<string, Role>();
  /** Files on the default branch: path -> UTF-8 content. */
  readonly files = new Map<string, string>();
  /** Files of other branches; the default branch is always `files`. */
  readonly branchFiles = new Map<string, Map<string, string>>();
  /** Explicit refs (`refs/heads/x` -> sha). Branches in `branchFiles` without one point at a sha derived from their files. */
  readonly refs = new Map<string, string>();
  /** The bare remote served over git (git-http.ts): it holds `refs/molecular/*` (lock-refs.ts). */
  gitRemote: string | undefined;
  /** commit -> parents, consulted by non-forced ref updates (fast-forward check). */
  readonly commitParents = new Map<string, string[]>();
  /** Commits created through the git database API, by sha. */
  readonly gitCommits = new Map<string, GitCommitRecord>();
  readonly checkRuns: CheckRunRecord[] = [];
  readonly workflowDispatches: WorkflowDispatchRecord[] = [];
  readonly repositoryDispatches: RepositoryDispatchRecord[] = [];
  readonly workflowRuns = new Map<number, WorkflowRunRecord>();
  readonly pulls = new Map<number, PullRecord>();
  /** Inline comments of pull request reviews, by review id (tests seed them with the review). */
  readonly reviewComments = new Map<
    number,
    Array<{ path: string; line: number; body: string; user: Actor }>
  >();
  /** parent issue number -> child issue numbers, in the order they were added. */
  readonly subIssues = new Map<number, number[]>();
  /** Comments whose previous version (null: not yet visible) the next read returns once. */
  readonly staleComments = new Map<number, CommentRecord | null>();
  /** What the App's installation was granted; tokens minted for it get exactly this (unset: everything). */
  installationPermissions: Permissions | undefined;
  /** login -> numeric id, assigned on first sight so ids are stable within a server. */
  readonly userIds = new Map<string, number>();

  private lastId = 1000;
  private lastTime = 0;
  private readonly clock: () => Date;

  constructor(options: StateOptions) {
    this.owner = options.owner;
    this.repo = options.repo;
    this.defaultBranch = options.defaultBranch;
    this.appSlug = options.appSlug;
    this.clock = options.clock ?? (() => new Date());
    this.branchFiles.set(options.defaultBranch, this.files);
  }

  nextId(): number {
    this.lastId += 1;
    return this.lastId;
  }

  /** ISO timestamp; strictly increasing so an edit's `updated_at` always differs from `created_at`. */
  now(): string {
    const time = Math.max(this.clock().getTime(), this.lastTime + 1);
    this.lastTime = time;
    return new Date(time).toISOString();
  }

  userId(login: string): number {
    let id = this.userIds.get(login);
    if (id === undefined) {
      id = 5000 + this.userIds.size;
      this.userIds.set(login, id);
    }
    return id;
  }

  /** Issues and pull requests share one number sequence. */
  nextIssueNumber(): number {
    return Math.max(0, ...this.issues.keys(), ...this.pulls.keys()) + 1;
  }

  addIssue(fields: Partial<IssueRecord> & { title: string; user?: Actor }): IssueRecord {
    const at = this.now();
    const issue: IssueRecord = {
      id: this.nextId(),
      number: this.nextIssueNumber(),
      body: null,
      state: 'open',
      state_reason: null,
      labels: [],
      assignees: [],
      user: actorFor(`${this.appSlug}[bot]`),
      created_at: at,
      updated_at: at,
      closed_at: null,
      ...fields,
    };
    for (const name of issue.labels) this.ensureLabel(name);
    this.issues.set(issue.number, issue);
    return issue;
  }

  addComment(issueNumber: number, body: string, user: Actor): CommentRecord {
    const at = this.now();
    const comment: CommentRecord = {
      id: this.nextId(),
      issue_number: issueNumber,
      body,
      user,
      created_at: at,
      updated_at: at,
      last_edited_at: null,
      last_editor: null,
    };
    this.comments.set(comment.id, comment);
    return comment;
  }

  findLabel(name: string): LabelRecord | undefined {
    return this.labels.get(name.toLowerCase());
  }

  /** Adding an unknown label to an issue creates it, as GitHub does (color `ededed`). */
  ensureLabel(name: string, color = 'ededed', description: string | null = null): LabelRecord {
    const existing = this.findLabel(name);
    if (existing) return existing;
    const label: LabelRecord = { id: this.nextId(), name, color, description, default: false };
    this.labels.set(name.toLowerCase(), label);
    return label;
  }

  role(login: string): Role {
    return this.collaborators.get(login) ?? 'none';
  }

  /** The sha a branch points at: its explicit ref, else one derived from its files. */
  branchSha(branch: string): string | undefined {
    const explicit = this.refs.get(`refs/heads/${branch}`);
    if (explicit) return explicit;
    const files = this.branchFiles.get(branch);
    return files ? syntheticCommitSha(hashTree(files).sha, branch) : undefined;
  }

  /** Every ref, the derived branch heads included, sorted like GitHub lists them. */
  allRefs(): Map<string, string> {
    const all = new Map<string, string>();
    for (const branch of this.branchFiles.keys()) {
      const sha = this.branchSha(branch);
      if (sha) all.set(`refs/heads/${branch}`, sha);
    }
    for (const [ref, sha] of this.refs) all.set(ref, sha);
    return new Map([...all].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }

  /** A branch name, `heads/x`, `refs/heads/x`, or a commit sha -> that commit's files (undefined when unknown). */
  filesAt(ref?: string): Map<string, string> | undefined {
    if (ref === undefined || ref === '') return this.files;
    const name = ref.replace(/^refs\//, '').replace(/^heads\//, '');
    const sha = this.branchSha(name) ?? ref;
    for (const [branch, files] of this.branchFiles) {
      if (syntheticCommitSha(hashTree(files).sha, branch) === sha || this.branchSha(branch) === sha)
        return files;
    }
    return undefined;
  }

  /** Blob content by sha, looked up across every branch's files. */
  blob(sha: string): string | undefined {
    for (const files of this.branchFiles.values()) {
      for (const content of files.values()) if (blobSha(content) === sha) return content;
    }
    return undefined;
  }

  /** Is `ancestor` reachable from `descendant` through `commitParents` (or the same commit)? */
  isAncestor(ancestor: string, descendant: string): boolean {
    const seen = new Set<string>();
    const queue = [descendant];
    while (queue.length > 0) {
      const sha = queue.shift() as string;
      if (sha === ancestor) return true;
      if (seen.has(sha)) continue;
      seen.add(sha);
      queue.push(...(this.commitParents.get(sha) ?? []));
    }
    return false;
  }
}
