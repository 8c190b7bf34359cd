/** GitHub's `per_page` default and cap. */
const DEFAULT_PER_PAGE = 30;
const MAX_PER_PAGE = 100;

export interface Page<T> {
  items: T[];
  /** The `link` header (`rel="next"` etc.), absent when everything fits one page. */
  link?: string;
}

/** Slices `items` per `page`/`per_page` and writes the `link` header Octokit's paginate follows. */
export function paginate<T>(items: T[], url: URL): Page<T> {
  const perPage = Math.min(
    Math.max(Number(url.searchParams.get('per_page') ?? DEFAULT_PER_PAGE), 1),
    MAX_PER_PAGE,
  );
  const page = Math.max(Number(url.searchParams.get('page') ?? 1), 1);
  const last = Math.max(Math.ceil(items.length / perPage), 1);
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const at = (n: number): string => {
    const target = new URL(url);
    target.searchParams.set('per_page', String(perPage));
    target.searchParams.set('page', String(n));
    return target.toString();
  };
  const rels: string[] = [];
  if (page > 1) rels.push(`<${at(page - 1)}>; rel="prev"`, `<${at(1)}>; rel="first"`);
  if (page < last) rels.push(`<${at(page + 1)}>; rel="next"`, `<${at(last)}>; rel="last"`);
  return rels.length > 0 ? { items: slice, link: rels.join(', ') } : { items: slice };
}

/** A 200 with the page as body and its `link` header. */
export function pagedResult<T>(
  items: T[],
  url: URL,
): { status: number; body: T[]; headers?: Record<string, string> } {
  const page = paginate(items, url);
  return page.link
    ? { status: 200, body: page.items, headers: { link: page.link } }
    : { status: 200, body: page.items };
}
