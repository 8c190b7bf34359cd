/**
 * Replies carry the id of the comment they answer in a hidden line, so a redelivered comment
 * webhook can see that it was answered already and stay quiet.
 */
const MARKER = /<!-- molecular:reply-to (\d+) -->/;

export function replyMarker(commentId: number): string {
  return `<!-- molecular:reply-to ${commentId} -->`;
}

export function repliedTo(body: string): number | undefined {
  const match = MARKER.exec(body);
  return match ? Number(match[1]) : undefined;
}
