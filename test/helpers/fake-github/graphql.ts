import { executeSync, type GraphQLError, type GraphQLFieldResolver } from 'graphql';
import { blobSha } from './git-objects.js';
import { checkDocument, githubSchema } from './graphql-schema.js';
import { readComment, readIssueComments } from './routes/comments.js';
import { searchIssues } from './search-query.js';
import type { Links } from './shapes/links.js';
import { nodeId, repoWeb } from './shapes/links.js';
import type { Actor, CommentRecord, IssueRecord, PullRecord } from './state.js';

/**
 * GitHub's GraphQL API over the fake's state: every document is validated against GitHub's
 * published schema (graphql-schema.ts), then executed by graphql-js. Only the fields Molecular's
 * queries use have resolvers; any other field of the schema is an error naming it, and a violation,
 * never a silent null.
 *
 * A source object below holds exactly the fields the fake implements for its type: a value, or a
 * function of the field's arguments for fields that take some (connections). `__typename` picks
 * the concrete type of a union or interface.
 *
 * GraphQL differs from REST in ways an adapter must handle:
 * - `author.login` of an app is the bare slug (`molecular`, `github-actions`) without REST's
 *   `[bot]`, and `__typename` is `Bot`;
 * - `databaseId` is the REST comment `id`, `id` its `node_id`; `lastEditedAt` and `editor` are
 *   null until the comment is edited, then name the last edit and who made it (REST has neither);
 * - a missing repository, issue or node is `null` with an error of type NOT_FOUND, with HTTP 200;
 * - so is every other error: a document GitHub's schema refuses, missing variables, a connection
 *   without `first` or with more than 100, a bad cursor.
 * An issue's comments read through `repository.issueOrPullRequest` and a comment read through
 * `node` serve stale snapshots like REST reads do (faults.staleReads); the search's do not.
 */

export interface GraphqlRequest {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

export interface GraphqlReply {
  /** Why GitHub would refuse the request (the server records a violation); null when it is fine. */
  problem: string | null;
  body: unknown;
}

/** An error GitHub raises while resolving a field: it carries a `type` and a path. */
class FieldError extends Error {
  constructor(
    readonly type: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** A field of GitHub's schema the fake has no resolver for: a gap in the fake, reported loudly. */
class Unimplemented extends Error {}

const notFound = (message: string) => new FieldError('NOT_FOUND', message);

type Source = Record<string, unknown>;
type Args = Record<string, unknown>;

/** Resolves a field from its source object; a field the source lacks is not implemented. */
const strictResolver: GraphQLFieldResolver<unknown, Links> = (source, args, links, info) => {
  const fields = source as Source | undefined;
  if (!fields || !Object.hasOwn(fields, info.fieldName)) {
    throw new Unimplemented(
      `The fake GitHub does not implement ${info.parentType.name}.${info.fieldName}: add it to test/helpers/fake-github/graphql.ts`,
    );
  }
  const value = fields[info.fieldName];
  return typeof value === 'function' ? (value as (a: Args, l: Links) => unknown)(args, links) : value;
};

const PAGE_LIMIT = 100;

const cursorFor = (offset: number): string => Buffer.from(`cursor:${offset}`).toString('base64');

function offsetOf(cursor: unknown): number {
  if (cursor === undefined || cursor === null) return 0;
  const match = /^cursor:(\d+)$/.exec(Buffer.from(String(cursor), 'base64').toString('utf8'));
  if (!match) throw new FieldError(undefined, `\`${String(cursor)}\` does not appear to be a valid cursor.`);
  return Number(match[1]);
}

/** One page of a connection as GitHub pages it: `first` is required and at most 100. */
function connection<T>(name: string, items: T[], args: Args, node: (item: T) => Source): Source {
  if (args.last !== undefined || args.before !== undefined)
    throw new Unimplemented(`The fake GitHub pages \`${name}\` forwards only (first/after)`);
  const first = args.first as number | null | undefined;
  if (first === undefined || first === null) {
    throw new FieldError(
      'MISSING_PAGINATION_BOUNDARIES',
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`,
    );
  }
  if (first < 0 || first > PAGE_LIMIT) {
    throw new FieldError(
      'EXCESSIVE_PAGINATION',
      `Requesting ${first} records on the \`${name}\` connection exceeds the \`first\` limit of ${PAGE_LIMIT} records.`,
    );
  }
  const offset = offsetOf(args.after);
  const page = items.slice(offset, offset + first);
  const end = offset + page.length;
  return {
    totalCount: items.length,
    nodes: page.map(node),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: offset > 0,
      startCursor: page.length > 0 ? cursorFor(offset + 1) : null,
      endCursor: page.length > 0 ? cursorFor(end) : null,
    },
  };
}

/** GraphQL names a GitHub App's bot by its slug; REST adds `[bot]`. */
function actorNode(actor: Actor): Source {
  return {
    __typename: actor.type,
    login: actor.type === 'Bot' ? actor.login.replace(/\[bot\]$/, '') : actor.login,
  };
}

function commentNode(comment: CommentRecord): Source {
  return {
    __typename: 'IssueComment',
    id: nodeId('IssueComment', comment.id),
    databaseId: comment.id,
    author: actorNode(comment.user),
    editor: comment.last_editor ? actorNode(comment.last_editor) : null,
    body: comment.body,
    createdAt: comment.created_at,
    lastEditedAt: comment.last_edited_at,
  };
}

/** The comments of issue or PR `number`; `fresh` skips the stale snapshots (and leaves them for the next read). */
function commentsOf(links: Links, number: number, fresh: boolean): CommentRecord[] {
  if (!fresh) return readIssueComments(links.state, number);
  return [...links.state.comments.values()]
    .filter((c) => c.issue_number === number)
    .sort((a, b) => a.id - b.id);
}

const labelNodes = (names: string[]) => (args: Args) =>
  connection('labels', names, args, (name) => ({ __typename: 'Label', name }));

function issueNode(links: Links, issue: IssueRecord, fresh: boolean): Source {
  return {
    __typename: 'Issue',
    id: nodeId('Issue', issue.id),
    number: issue.number,
    title: issue.title,
    body: issue.body ?? '',
    author: actorNode(issue.user),
    url: `${repoWeb(links)}/issues/${issue.number}`,
    state: issue.state.toUpperCase(),
    labels: labelNodes(issue.labels),
    comments: (args: Args) =>
      connection('comments', commentsOf(links, issue.number, fresh), args, commentNode),
  };
}

function pullNode(links: Links, pull: PullRecord, fresh: boolean): Source {
  const state = pull.merged ? 'MERGED' : (pull.state ?? 'open').toUpperCase();
  return {
    __typename: 'PullRequest',
    id: nodeId('PullRequest', 900000 + pull.number),
    number: pull.number,
    title: pull.title,
    url: `${repoWeb(links)}/pull/${pull.number}`,
    state,
    labels: labelNodes(pull.labels ?? []),
    comments: (args: Args) =>
      connection('comments', commentsOf(links, pull.number, fresh), args, commentNode),
  };
}

/**
 * `Repository.object(expression: "<ref>:<path>")`: a file as a Blob (its text), a folder as a Tree
 * (its direct entries), null for a path or ref the repository lacks, as GitHub answers.
 */
function gitObjectAt(links: Links, expression: string): Source | null {
  const colon = expression.indexOf(':');
  if (colon < 0) throw new Unimplemented('The fake GitHub resolves only `<ref>:<path>` object expressions');
  const ref = expression.slice(0, colon);
  const files = links.state.filesAt(ref === 'HEAD' ? undefined : ref);
  if (!files) return null;
  return gitObjectIn(files, expression.slice(colon + 1).replace(/^\/+|\/+$/g, ''));
}

function gitObjectIn(files: Map<string, string>, path: string): Source | null {
  const text = files.get(path);
  if (text !== undefined) {
    return {
      __typename: 'Blob',
      oid: blobSha(text),
      text,
      isTruncated: false,
      isBinary: false,
      byteSize: Buffer.byteLength(text),
    };
  }
  const prefix = path === '' ? '' : `${path}/`;
  const names = new Set<string>();
  for (const file of files.keys())
    if (file.startsWith(prefix)) names.add(file.slice(prefix.length).split('/')[0] as string);
  if (names.size === 0) return null;
  const entries = [...names].sort().map((name) => {
    const object = gitObjectIn(files, `${prefix}${name}`) as Source;
    return {
      __typename: 'TreeEntry',
      name,
      path: `${prefix}${name}`,
      type: object.__typename === 'Blob' ? 'blob' : 'tree',
      oid: object.oid,
      object,
    };
  });
  const treeOid = blobSha(entries.map((e) => `${e.name} ${e.oid}`).join('\n'));
  return { __typename: 'Tree', oid: treeOid, entries };
}

function repositoryNode(links: Links): Source {
  return {
    __typename: 'Repository',
    object: ({ expression, oid }: Args) => {
      if (oid !== undefined && oid !== null)
        throw new Unimplemented('The fake GitHub resolves objects by expression only');
      return gitObjectAt(links, String(expression));
    },
    issueOrPullRequest: ({ number }: Args) => {
      const issue = links.state.issues.get(number as number);
      if (issue) return issueNode(links, issue, false);
      const pull = links.state.pulls.get(number as number);
      if (pull) return pullNode(links, pull, false);
      throw notFound(`Could not resolve to an issue or pull request with the number of ${number}.`);
    },
    // Issues only (never pull requests), every label of `labels` on each, oldest first or as ordered.
    issues: (args: Args) => {
      const labels = (args.labels as string[] | null | undefined) ?? [];
      const states = ((args.states as string[] | null | undefined) ?? []).map((s) => s.toLowerCase());
      const order = args.orderBy as { field?: string; direction?: string } | null | undefined;
      if (order && order.field !== 'CREATED_AT')
        throw new Unimplemented(`The fake GitHub orders issues by CREATED_AT only, not ${order.field}`);
      const found = [...links.state.issues.values()]
        .filter((i) => states.length === 0 || states.includes(i.state))
        .filter((i) => labels.every((l) => i.labels.some((n) => n.toLowerCase() === l.toLowerCase())))
        .sort((a, b) => (order?.direction === 'DESC' ? b.number - a.number : a.number - b.number));
      return connection('issues', found, args, (issue) => issueNode(links, issue, true));
    },
  };
}

function queryRoot(links: Links): Source {
  const { state } = links;
  return {
    repository: ({ owner, name }: Args) => {
      const same =
        String(owner).toLowerCase() === state.owner.toLowerCase() &&
        String(name).toLowerCase() === state.repo.toLowerCase();
      if (!same) throw notFound(`Could not resolve to a Repository with the name '${owner}/${name}'.`);
      return repositoryNode(links);
    },
    node: ({ id }: Args) => {
      const match = /^IssueComment:(\d+)$/.exec(Buffer.from(String(id), 'base64').toString('utf8'));
      const comment = match ? readComment(state, Number(match[1])) : undefined;
      if (!comment) throw notFound(`Could not resolve to a node with the global id of '${id}'`);
      return commentNode(comment);
    },
    /** The mutation Molecular's `auto_merge` uses: GitHub merges once branch protection allows. */
    enablePullRequestAutoMerge: ({ input }: Args) => {
      const { pullRequestId, mergeMethod } = input as { pullRequestId: string; mergeMethod?: string };
      const pull = [...state.pulls.values()].find(
        (p) => nodeId('PullRequest', 900000 + p.number) === pullRequestId,
      );
      if (!pull) throw notFound(`Could not resolve to a node with the global id of '${pullRequestId}'`);
      if ((pull.state ?? 'open') !== 'open') throw new FieldError('UNPROCESSABLE', 'Pull request is closed');
      pull.autoMerge = mergeMethod ?? 'MERGE';
      return { __typename: 'EnablePullRequestAutoMergePayload', pullRequest: pullNode(links, pull, false) };
    },
    search: (args: Args) => {
      if (args.type !== 'ISSUE')
        throw new Unimplemented(`The fake GitHub searches issues only, not ${args.type}`);
      const found = searchIssues(state, String(args.query));
      const page = connection('search', found, args, (issue) => issueNode(links, issue, true));
      return { ...page, issueCount: found.length };
    },
  };
}

/** GitHub's error entries: `type` (when there is one), `path`, `locations`, `message`. */
function errorEntry(error: GraphQLError): Record<string, unknown> {
  const type = error.originalError instanceof FieldError ? error.originalError.type : undefined;
  return {
    ...(type ? { type } : {}),
    ...(error.path ? { path: error.path } : {}),
    ...(error.locations ? { locations: error.locations } : {}),
    message: error.message,
  };
}

/** Validates and executes one request; GraphQL errors come with HTTP 200, as on GitHub. */
export function answerGraphql(links: Links, request: GraphqlRequest): GraphqlReply {
  if (typeof request.query !== 'string') {
    const message = 'A query attribute must be specified and must be a string.';
    return { problem: message, body: { errors: [{ message }] } };
  }
  const checked = checkDocument(request.query);
  if (!checked.ok) {
    return {
      problem: `GitHub refuses this GraphQL document: ${checked.errors.join('; ')}`,
      body: { errors: checked.errors.map((message) => ({ message })) },
    };
  }
  const result = executeSync({
    schema: githubSchema(),
    document: checked.document,
    rootValue: queryRoot(links),
    contextValue: links,
    variableValues: (request.variables ?? {}) as Record<string, unknown>,
    operationName: typeof request.operationName === 'string' ? request.operationName : null,
    fieldResolver: strictResolver,
  });
  const errors = [...(result.errors ?? [])];
  // NOT_FOUND is GitHub's ordinary answer for a missing object; anything else means it refused.
  const refused = errors.filter(
    (e) => !(e.originalError instanceof FieldError && e.originalError.type === 'NOT_FOUND'),
  );
  return {
    problem: refused.length > 0 ? refused.map((e) => e.message).join('; ') : null,
    body: {
      ...('data' in result ? { data: result.data } : {}),
      ...(errors.length > 0 ? { errors: errors.map(errorEntry) } : {}),
    },
  };
}
