/**
 * Replies carry the id of the comment they answer in a hidden line, so a redelivered comment
 * webhook can see that it was answered already and stay quiet. The marker is the reply's first
 * line, and only that line is read (or the last, where replies before this rule put it): a
 * marker-shaped text elsewhere in a comment — a user's words echoed, escaped or not — answers
 * nothing, so it cannot silence someone else's command.
 */
const MARKER = /^<!-- molecular:reply-to (\d+) -->$/;

/** `body` with its marker in the place the reply keeps it. */
export function markReply(commentId: number, body: string): string {
  return `<!-- molecular:reply-to ${commentId} -->\n${body}`;
}

export function repliedTo(body: string): number | undefined {
  const lines = body.trim().split('\n');
  const at = (line: string | undefined) => MARKER.exec(line?.trim() ?? '');
  const match = at(lines[0]) ?? at(lines[lines.length - 1]);
  return match ? Number(match[1]) : undefined;
}
