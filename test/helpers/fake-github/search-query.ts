import type { FakeState, IssueRecord } from './state.js';

/**
 * The slice of GitHub's issue search syntax the fake understands: `repo:`, `is:issue|pr|open|closed`,
 * `state:`, `label:` (repeatable, all must match; quotes for spaces), `author:`, `sort:created-asc`
 * etc., and bare words matched against title and body. Other qualifiers are ignored.
 */
export function searchIssues(state: FakeState, q: string): IssueRecord[] {
  const terms = q.match(/(?:[^\s"]+:)?"[^"]*"|\S+/g) ?? [];
  const labels: string[] = [];
  const words: string[] = [];
  let wantState: string | undefined;
  let otherRepo = false;
  let onlyPulls = false;
  let sort = 'created-desc';
  let author: string | undefined;
  for (const term of terms) {
    const [, key, raw] = /^([a-z-]+):(.*)$/i.exec(term) ?? [undefined, undefined, term];
    const value = (raw ?? '').replace(/^"|"$/g, '');
    switch (key?.toLowerCase()) {
      case 'repo':
        otherRepo ||= value.toLowerCase() !== `${state.owner}/${state.repo}`.toLowerCase();
        break;
      case 'is':
        if (value === 'open' || value === 'closed') wantState = value;
        if (value === 'pr') onlyPulls = true;
        break;
      case 'state':
        wantState = value;
        break;
      case 'label':
        labels.push(value.toLowerCase());
        break;
      case 'author':
        author = value;
        break;
      case 'sort':
        sort = value;
        break;
      case undefined:
        words.push(value.toLowerCase());
        break;
      default:
        break;
    }
  }
  // The fake's issues are never pull requests (those live in `state.pulls`).
  if (otherRepo || onlyPulls) return [];
  const found = [...state.issues.values()].filter((issue) => {
    if (wantState && issue.state !== wantState) return false;
    if (author && issue.user.login !== author) return false;
    const have = issue.labels.map((name) => name.toLowerCase());
    if (!labels.every((label) => have.includes(label))) return false;
    const text = `${issue.title}\n${issue.body ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
  const [field, direction] = sort.split('-');
  const key = (issue: IssueRecord) => (field === 'updated' ? issue.updated_at : issue.created_at);
  found.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.number - b.number));
  return direction === 'asc' ? found : found.reverse();
}
