import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  decodePackets,
  demuxSideBand,
  encodePacket,
  encodePackets,
  MAX_PACKET_DATA,
  type Packet,
  textPacket,
} from '../../../../src/github/git-wire/pkt-line.js';

/** FC_SEED replays a run; the seed is printed either way. */
const SEED = Number(process.env.FC_SEED ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = { numRuns: 200, seed: SEED };
console.log(`pkt-line properties: FC_SEED=${SEED}`);

const packet: fc.Arbitrary<Packet> = fc.oneof(
  fc.uint8Array({ maxLength: 300 }).map((bytes) => ({ kind: 'data' as const, data: Buffer.from(bytes) })),
  fc.constantFrom<Packet>({ kind: 'flush' }, { kind: 'delim' }, { kind: 'response-end' }),
);

describe('pkt-line', () => {
  it('decodes what it encodes, packet for packet', () => {
    fc.assert(
      fc.property(fc.array(packet, { maxLength: 20 }), (packets) => {
        expect(decodePackets(encodePackets(packets))).toEqual(packets);
      }),
      RUNS,
    );
  });

  it('refuses bytes cut inside a packet with one line', () => {
    fc.assert(
      fc.property(
        fc.array(packet, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 3 }),
        (packets, cut) => {
          const bytes = encodePackets(packets);
          const last = encodePacket(packets.at(-1) as Packet);
          fc.pre(last.length > cut);
          expect(() => decodePackets(bytes.subarray(0, bytes.length - cut))).toThrow(/cut short|length/);
        },
      ),
      RUNS,
    );
  });

  it('writes git’s own framing: the length in four hex digits, counting itself', () => {
    expect(encodePackets([textPacket('a\n'), { kind: 'delim' }, { kind: 'flush' }]).toString()).toBe(
      '0006a\n00010000',
    );
    expect(
      encodePacket({ kind: 'data', data: Buffer.alloc(MAX_PACKET_DATA) })
        .subarray(0, 4)
        .toString(),
    ).toBe('fff0');
    expect(() => encodePacket({ kind: 'data', data: Buffer.alloc(MAX_PACKET_DATA + 1) })).toThrow(/at most/);
    expect(() => decodePackets(Buffer.from('00zz'))).toThrow(/not a pkt-line length/);
  });

  it('splits a side-band into its data, dropping progress and stopping at a fatal error', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(1, 2), fc.uint8Array({ maxLength: 50 })), { maxLength: 10 }),
        (chunks) => {
          const packets: Packet[] = chunks.map(([band, data]) => ({
            kind: 'data',
            data: Buffer.concat([Buffer.from([band]), Buffer.from(data)]),
          }));
          const wanted = Buffer.concat(chunks.filter(([band]) => band === 1).map(([, d]) => Buffer.from(d)));
          expect(demuxSideBand([...packets, { kind: 'flush' }])).toEqual({ data: wanted });
        },
      ),
      RUNS,
    );
    const fatal = demuxSideBand([
      { kind: 'data', data: Buffer.from('\u0001PA') },
      { kind: 'data', data: Buffer.from('\u0003no space left\n') },
    ]);
    expect(fatal).toEqual({ data: Buffer.from('PA'), error: 'no space left' });
  });
});
