/**
 * Patrol's survey: every molecule on open issues and pull requests carrying a state
 * label, 100 issues (each with its first 100 comments) per GraphQL call instead of a REST call per
 * issue. Comments are judged exactly as the store judges them; an issue with more than 100
 * comments is read again in full, 100 comments per call.
 */
import type { Molecule } from '../engine/index.js';
import { type GitHubClient, type RepoRef, repoSlug } from './client.js';
import { STATE_LABELS } from './labels.js';
import type { CommentView, TrustPolicy } from './store/comment-trust.js';
import {
  COMMENT_FIELDS,
  classifyComments,
  type GraphqlComment,
  graphqlView,
  listIssueComments,
  type RejectedComment,
} from './store/state-comments.js';

/**
 * The PullRequest fragment asks the same of PRs, but its `state` is aliased: GitHub refuses the
 * whole query when two fields of one selection share a name and differ in type (`IssueState!` and
 * `PullRequestState!`). One page of the search; patrol-snapshot.ts asks for the first beside the config.
 */
export const SURVEY_SEARCH = `search(type: ISSUE, query: $q, first: 100, after: $after) {
    issueCount
    pageInfo { hasNextPage endCursor }
    nodes {
      ... on Issue {
        number
        title
        url
        state
        labels(first: 100) { nodes { name } }
        comments(first: 100) {
          totalCount
          pageInfo { hasNextPage endCursor }
          nodes { ${COMMENT_FIELDS} }
        }
      }
      ... on PullRequest {
        number
        title
        url
        pullRequestState: state
        labels(first: 100) { nodes { name } }
        comments(first: 100) {
          totalCount
          pageInfo { hasNextPage endCursor }
          nodes { ${COMMENT_FIELDS} }
        }
      }
    }
  }`;

export const SURVEY_QUERY = `query MolecularSurvey($q: String!, $after: String) {
  ${SURVEY_SEARCH}
}`;

interface SurveyNode {
  number?: number;
  /** An issue's. */
  state?: 'OPEN' | 'CLOSED';
  /** A pull request's, under its alias. */
  pullRequestState?: 'OPEN' | 'CLOSED' | 'MERGED';
  comments?: { pageInfo: { hasNextPage: boolean }; nodes: GraphqlComment[] };
}

export interface SurveyPage {
  search: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: SurveyNode[] };
}

export interface SurveyedMolecule {
  mol: Molecule;
  issue: number;
  commentId: number;
}

export interface Survey {
  molecules: SurveyedMolecule[];
  rejected: RejectedComment[];
  /** Issues and PRs looked at. */
  issues: number;
  /** API calls spent (search pages plus comment pages of long threads). */
  calls: number;
  /** Each issue's comments, whole, as read: a store's first read of its molecules (`alreadyListed`). */
  listed: Map<number, CommentView[]>;
}

export interface SurveyOptions {
  trust: TrustPolicy;
  /** Default `molecule:active`. */
  label?: string;
  /** Safety stop for enormous repositories: at most this many pages of 100 issues. */
  maxPages?: number;
  /** The first page, when a snapshot already read it (patrol-snapshot.ts): not asked again. */
  firstPage?: SurveyPage;
}

/** The search query of the survey: open issues and PRs with `label` in `repo`. */
export function surveySearch(repo: RepoRef, label: string = STATE_LABELS.active.name): string {
  return `repo:${repoSlug(repo)} is:open label:"${label}"`;
}

export async function surveyMolecules(
  octokit: GitHubClient,
  repo: RepoRef,
  options: SurveyOptions,
): Promise<Survey> {
  const q = surveySearch(repo, options.label);
  const survey: Survey = { molecules: [], rejected: [], issues: 0, calls: 0, listed: new Map() };
  let after: string | null = null;
  for (let page = 0; page < (options.maxPages ?? 50); page++) {
    const data: SurveyPage =
      page === 0 && options.firstPage
        ? options.firstPage
        : await octokit.graphql<SurveyPage>(SURVEY_QUERY, { q, after });
    if (data !== options.firstPage) survey.calls++;
    for (const node of data.search.nodes) {
      if (node.number === undefined || !node.comments) continue;
      survey.issues++;
      let comments = node.comments.nodes.map(graphqlView);
      if (node.comments.pageInfo.hasNextPage) {
        comments = await listIssueComments(octokit, repo, node.number);
        survey.calls += Math.max(1, Math.ceil(comments.length / 100));
      }
      survey.listed.set(node.number, comments);
      const classified = classifyComments(comments, options.trust);
      survey.rejected.push(...classified.rejected);
      for (const found of classified.found) {
        if (found.kind === 'state')
          survey.molecules.push({ mol: found.mol, issue: node.number, commentId: found.comment.id });
      }
    }
    if (!data.search.pageInfo.hasNextPage || !data.search.pageInfo.endCursor) break;
    after = data.search.pageInfo.endCursor;
  }
  return survey;
}
