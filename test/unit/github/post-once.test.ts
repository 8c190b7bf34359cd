import { describe, expect, it } from 'vitest';
import { MAX_REFUSALS, postOnce } from '../../../src/github/post-once.js';

/** An Octokit-like RequestError. */
function httpError(status: number, headers: Record<string, string> = {}) {
  return Object.assign(new Error(`HTTP ${status}`), { status, response: { headers } });
}

/** `send` answers with `answers` in turn (an Error is thrown); records every send, look and pause. */
function scripted(answers: Array<string | Error>, found?: string) {
  const log: string[] = [];
  const queue = [...answers];
  return {
    log,
    send: async () => {
      log.push('send');
      const next = queue.shift();
      if (next === undefined) throw new Error('sent more often than scripted');
      if (next instanceof Error) throw next;
      return next;
    },
    find: async () => {
      log.push('find');
      return found;
    },
    sleep: async (ms: number) => {
      log.push(`sleep ${ms}`);
    },
  };
}

describe('postOnce', () => {
  it('waits out 429s (retry-after, else a growing pause) up to MAX_REFUSALS times, never looking', async () => {
    const refusals = Array.from({ length: MAX_REFUSALS }, (_, i) =>
      httpError(429, i === 0 ? { 'retry-after': '2' } : {}),
    );
    const s = scripted([...refusals, 'created']);
    expect(await postOnce(s.send, s.find, s.sleep)).toBe('created');
    expect(s.log.filter((l) => l === 'send')).toHaveLength(MAX_REFUSALS + 1);
    expect(s.log).not.toContain('find');
    expect(s.log.filter((l) => l.startsWith('sleep'))).toEqual([
      'sleep 2000',
      ...Array.from({ length: MAX_REFUSALS - 1 }, (_, i) => `sleep ${1_000 * (i + 2)}`),
    ]);
  });

  it('gives up after MAX_REFUSALS 429s with the 429 itself', async () => {
    const s = scripted(Array.from({ length: MAX_REFUSALS + 1 }, () => httpError(429)));
    await expect(postOnce(s.send, s.find, s.sleep)).rejects.toMatchObject({ status: 429 });
    expect(s.log.filter((l) => l === 'send')).toHaveLength(MAX_REFUSALS + 1);
  });

  it('after a lost answer looks for what the first send made instead of sending again', async () => {
    const s = scripted([httpError(502)], 'made by the first send');
    expect(await postOnce(s.send, s.find, s.sleep)).toBe('made by the first send');
    expect(s.log).toEqual(['send', 'sleep 250', 'find']);
  });

  it('sends again only when the look found nothing, twice at most', async () => {
    const s = scripted([httpError(500), httpError(503), httpError(500)]);
    await expect(postOnce(s.send, s.find, s.sleep)).rejects.toMatchObject({ status: 500 });
    expect(s.log).toEqual(['send', 'sleep 250', 'find', 'send', 'sleep 1000', 'find', 'send']);
  });

  it('throws any other 4xx at once: it is an answer, not a lost one', async () => {
    const s = scripted([httpError(422)]);
    await expect(postOnce(s.send, s.find, s.sleep)).rejects.toMatchObject({ status: 422 });
    expect(s.log).toEqual(['send']);
  });

  it('keeps the 429 budget apart from the looks: refusals after a lost answer are still waited out', async () => {
    const s = scripted([httpError(502), httpError(429), httpError(429), 'created']);
    expect(await postOnce(s.send, s.find, s.sleep)).toBe('created');
    expect(s.log).toEqual(['send', 'sleep 250', 'find', 'send', 'sleep 1000', 'send', 'sleep 2000', 'send']);
  });
});
