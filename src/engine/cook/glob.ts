const cache = new Map<string, RegExp>();

/** Aspect pointcuts and advice targets: `*` is any run of characters, `?` any one; the rest is literal. */
export function matchGlob(glob: string, text: string): boolean {
  let re = cache.get(glob);
  if (!re) {
    const body = [...glob]
      .map((c) => (c === '*' ? '[^]*' : c === '?' ? '[^]' : c.replace(/[.+^${}()|[\]\\/-]/g, '\\$&')))
      .join('');
    re = new RegExp(`^${body}$`);
    cache.set(glob, re);
  }
  return re.test(text);
}

export const isGlob = (text: string): boolean => /[*?]/.test(text);
