/**
 * Sorting an issue's comments into believed state and the rest: whose comment it is is settled
 * before anything in it is decoded, so a comment nobody trusted wrote (a deflate bomb in a fake
 * state block, say) costs no more than finding its header.
 */
import { Buffer } from 'node:buffer';
import { deflateSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as decode from '../../../../src/engine/codec/decode.js';
import * as deflate from '../../../../src/engine/codec/deflate.js';
import { encodeState } from '../../../../src/engine/codec/encode.js';
import { formatStateBlock } from '../../../../src/engine/codec/state-block.js';
import { sealBody } from '../../../../src/github/store/comment-seal.js';
import type { CommentView, TrustPolicy } from '../../../../src/github/store/comment-trust.js';
import { classifyComments } from '../../../../src/github/store/state-comments.js';
import { chainProto, pourMol, T0 } from '../../../helpers/engine-fixtures.js';

vi.mock('../../../../src/engine/codec/deflate.js', async (original) => {
  const real = await original<typeof import('../../../../src/engine/codec/deflate.js')>();
  return { ...real, inflateFromBase64: vi.fn(real.inflateFromBase64) };
});
vi.mock('../../../../src/engine/codec/decode.js', async (original) => {
  const real = await original<typeof import('../../../../src/engine/codec/decode.js')>();
  return {
    ...real,
    decodeState: vi.fn(real.decodeState),
    decodeStateBlock: vi.fn(real.decodeStateBlock),
  };
});

const policy: TrustPolicy = { writers: ['molecular[bot]'], editWindowMs: 600_000 };

afterEach(() => vi.clearAllMocks());

function view(id: number, author: string, body: string, editor?: string): CommentView {
  return {
    id,
    nodeId: `IC_${id}`,
    author,
    body,
    updatedAt: T0.toISOString(),
    ...(editor ? { editor } : {}),
  };
}

/** A molecule deflated as the codec writes it, with `padding` kept in a field the schema refuses. */
function deflatedBody(id: string, padding: number): string {
  const { mol } = pourMol(chainProto(2), { id });
  const json = JSON.stringify({ ...mol, padding: 'x'.repeat(padding) });
  const block = formatStateBlock('deflate', deflateSync(Buffer.from(json)).toString('base64'));
  return sealBody(`${block}\n\nview`, T0);
}

const decodeCalls = () =>
  vi.mocked(decode.decodeState).mock.calls.length +
  vi.mocked(decode.decodeStateBlock).mock.calls.length +
  vi.mocked(deflate.inflateFromBase64).mock.calls.length;

describe('classifyComments', () => {
  it('decodes nothing of a comment by someone who is not a trusted writer, and still names what it claims', () => {
    // 10 MB of padding deflates to about 10 KB: the shape of a deflate bomb within a comment.
    const bomb = deflatedBody('7-bomb', 10_000_000);
    expect(bomb.length).toBeLessThan(80_000);
    const classified = classifyComments(
      [view(1, 'mallory', bomb), view(2, 'molecular[bot]', bomb, 'mallory')],
      policy,
    );
    expect(decodeCalls()).toBe(0);
    expect(classified.found).toEqual([]);
    expect(classified.rejected.map((r) => [r.comment.id, r.molId, r.error.code])).toEqual([
      [1, '7-bomb', 'state-untrusted'],
      [2, '7-bomb', 'state-untrusted'],
    ]);
    expect(classified.rejected[0]?.error.message).toContain('@mallory, who is not a trusted writer');
  });

  it("decodes a trusted writer's comment, and refuses one that inflates past the bound without inflating it all", () => {
    const { mol } = pourMol(chainProto(3), { id: '7-real' });
    const encoded = encodeState(mol);
    if (!encoded.ok) throw new Error(encoded.error.message);
    const real = view(1, 'molecular[bot]', sealBody(encoded.value.body, T0));
    const bomb = view(2, 'molecular[bot]', deflatedBody('7-bomb', 10_000_000));
    const classified = classifyComments([real, bomb], policy);
    expect(decodeCalls()).toBeGreaterThan(0);
    expect(classified.found.map((f) => (f.kind === 'state' ? f.mol.id : f.kind))).toEqual(['7-real']);
    expect(classified.rejected).toHaveLength(1);
    expect(classified.rejected[0]?.error).toMatchObject({
      code: 'state-corrupt',
      message: `the state block inflates to more than ${(deflate.MAX_INFLATED_BYTES).toLocaleString('en-US')} bytes, more than any state Molecular writes; it was not read`,
    });
  });
});
