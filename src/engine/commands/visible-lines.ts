/**
 * The lines of a comment a reader sees as prose: not inside a fenced code block (``` or ~~~),
 * not quoted (`>`), with HTML comments removed. A command shown as an example, quoted from
 * someone else, or hidden in a comment must never run.
 */
export interface VisibleLine {
  /** 1-based line number in the comment. */
  line: number;
  text: string;
}

const FENCE = /^\s*(`{3,}|~{3,})(.*)$/;

export function visibleLines(body: string): VisibleLine[] {
  const lines = body.split(/\r\n|\r|\n/);
  const visible: VisibleLine[] = [];
  let fence: { char: string; length: number } | undefined;
  let inComment = false;
  lines.forEach((raw, index) => {
    if (fence) {
      const close = FENCE.exec(raw);
      if (
        close?.[1]?.[0] === fence.char &&
        close[1].length >= fence.length &&
        (close[2] ?? '').trim() === ''
      ) {
        fence = undefined;
      }
      return;
    }
    let text = '';
    let rest = raw;
    while (rest !== '') {
      if (inComment) {
        const end = rest.indexOf('-->');
        if (end < 0) {
          rest = '';
          break;
        }
        rest = rest.slice(end + 3);
        inComment = false;
      } else {
        const start = rest.indexOf('<!--');
        if (start < 0) {
          text += rest;
          break;
        }
        text += rest.slice(0, start);
        // `<!-->` and `<!--->` are complete (empty) comments.
        rest = rest.slice(start + 2);
        inComment = true;
      }
    }
    const open = FENCE.exec(text);
    const marker = open?.[1];
    if (marker && !(marker[0] === '`' && (open[2] ?? '').includes('`'))) {
      fence = { char: marker[0] as string, length: marker.length };
      return;
    }
    if (/^\s*>/.test(text)) return;
    visible.push({ line: index + 1, text });
  });
  return visible;
}
