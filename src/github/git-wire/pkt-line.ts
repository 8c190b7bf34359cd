/**
 * Git's pkt-line framing (gitprotocol-common): every message of the smart protocols is a run of
 * packets, each four hex digits giving its length (the four included) and then its bytes; `0000`
 * (flush) ends a message or a list, `0001` (delim) separates a protocol v2 request's sections, and
 * `0002` (response-end) ends a v2 response over a stateless connection. A packet carries at most
 * 65,516 bytes of data.
 *
 * A side-band (`side-band-64k`) wraps a stream inside data packets: each one's first byte names its
 * band (1 the data, 2 progress for a human, 3 a fatal error).
 */

export type Packet =
  | { kind: 'data'; data: Buffer }
  | { kind: 'flush' }
  | { kind: 'delim' }
  | { kind: 'response-end' };

/** The most data one packet holds (65,520 bytes less the four of the length). */
export const MAX_PACKET_DATA = 65_516;

const SPECIAL: Record<Exclude<Packet['kind'], 'data'>, string> = {
  flush: '0000',
  delim: '0001',
  'response-end': '0002',
};

/** One packet's bytes. */
export function encodePacket(packet: Packet): Buffer {
  if (packet.kind !== 'data') return Buffer.from(SPECIAL[packet.kind], 'ascii');
  if (packet.data.length > MAX_PACKET_DATA)
    throw new Error(`a pkt-line holds at most ${MAX_PACKET_DATA} bytes, not ${packet.data.length}`);
  const length = (packet.data.length + 4).toString(16).padStart(4, '0');
  return Buffer.concat([Buffer.from(length, 'ascii'), packet.data]);
}

/** A data packet of text (a command, a capability list). */
export function textPacket(text: string): Packet {
  return { kind: 'data', data: Buffer.from(text, 'utf8') };
}

export function encodePackets(packets: readonly Packet[]): Buffer {
  return Buffer.concat(packets.map(encodePacket));
}

/** Every packet in `bytes`, which must end at a packet's end. Throws a one-line Error otherwise. */
export function decodePackets(bytes: Buffer): Packet[] {
  const packets: Packet[] = [];
  let at = 0;
  while (at < bytes.length) {
    if (at + 4 > bytes.length) throw new Error(`a pkt-line is cut short at byte ${at}`);
    const head = bytes.toString('ascii', at, at + 4);
    if (!/^[0-9a-f]{4}$/i.test(head))
      throw new Error(`not a pkt-line length at byte ${at}: ${JSON.stringify(head)}`);
    const length = Number.parseInt(head, 16);
    if (length < 4) {
      packets.push({ kind: length === 0 ? 'flush' : length === 1 ? 'delim' : 'response-end' });
      if (length === 3) throw new Error(`a pkt-line of length 3 at byte ${at}`);
      at += 4;
      continue;
    }
    if (at + length > bytes.length) throw new Error(`a pkt-line is cut short at byte ${at}`);
    packets.push({ kind: 'data', data: bytes.subarray(at + 4, at + length) });
    at += length;
  }
  return packets;
}

/** A data packet's text without its trailing newline. */
export function packetText(packet: Packet): string | undefined {
  return packet.kind === 'data' ? packet.data.toString('utf8').replace(/\n$/, '') : undefined;
}

/** The bands of a side-band stream: band 1's bytes joined, band 2 dropped, band 3 an error line. */
export interface SideBand {
  data: Buffer;
  /** The server's fatal message (band 3), if it sent one. */
  error?: string;
}

/** Splits the data packets of a side-band into its bands; stops at the first flush. */
export function demuxSideBand(packets: readonly Packet[]): SideBand {
  const data: Buffer[] = [];
  for (const packet of packets) {
    if (packet.kind !== 'data') break;
    const band = packet.data[0];
    const payload = packet.data.subarray(1);
    if (band === 1) data.push(payload);
    else if (band === 3) return { data: Buffer.concat(data), error: payload.toString('utf8').trim() };
    else if (band !== 2) throw new Error(`a side-band packet on band ${band ?? 'none'}`);
  }
  return { data: Buffer.concat(data) };
}
