/**
 * The three conversations the lease keeper has with a repository over git's smart HTTP
 * (gitprotocol-http), with no git process: which commit a ref names (protocol v2 `ls-refs`),
 * that commit's object (v2 `fetch`), and a compare-and-swap of a ref (`git-receive-pack`: the
 * server moves the ref only if it still names the old value, checked under its ref lock).
 *
 * Requests go through @actions/http-client, which honours `https_proxy`/`no_proxy` as the
 * Octokit clients do, with connections kept alive. Each request ends within `timeoutMs`, however
 * the server behaves. The token travels as `x-access-token:<token>` Basic, as GitHub takes an
 * installation or workflow token, asked before each request (tokens rotate), and no redirect is
 * followed, so it reaches no other host. No message here holds it.
 */
import { Readable } from 'node:stream';
import { HttpClient, type HttpClientResponse } from '@actions/http-client';
import { type GitObject, objectSha } from './git-object.js';
import { readPack, writePack } from './pack.js';
import {
  decodePackets,
  demuxSideBand,
  encodePackets,
  type Packet,
  packetText,
  textPacket,
} from './pkt-line.js';

export const ZERO_SHA = '0'.repeat(40);
const AGENT = 'molecular';
/**
 * GitHub answers smart HTTP only to a User-Agent that starts with `git/` (dulwich#562); libgit2
 * sends `git/2.0 (libgit2 …)` for that reason, and so do we.
 */
const USER_AGENT = `git/2.0 (${AGENT})`;

export interface GitRemoteOptions {
  /** The repository's URL (`https://github.com/o/r.git`). */
  url: string;
  /** The token to send, asked before each request; undefined sends none. */
  token: () => Promise<string | undefined>;
  /** The longest one request may take, answer included. */
  timeoutMs: number;
}

export interface GitRemote {
  readonly url: string;
  /** Closes the connections kept alive. */
  dispose(): void;
  /** @internal */
  readonly call: (
    service: Service,
    body: Buffer | undefined,
    headers?: Record<string, string>,
  ) => Promise<Buffer>;
}

type Service = 'info/refs?service=git-receive-pack' | 'git-upload-pack' | 'git-receive-pack';

const RESULT_TYPES: Record<Service, string> = {
  'info/refs?service=git-receive-pack': 'application/x-git-receive-pack-advertisement',
  'git-upload-pack': 'application/x-git-upload-pack-result',
  'git-receive-pack': 'application/x-git-receive-pack-result',
};

/** A failure of one conversation, in one line that holds no credential. */
export class GitWireError extends Error {
  /**
   * True when the request may have reached the server and its answer was lost (a dropped
   * connection, a timeout): a push may then have moved the ref, and only a look can tell.
   */
  constructor(
    message: string,
    readonly unsure = false,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

export function gitRemote(options: GitRemoteOptions): GitRemote {
  const base = options.url.replace(/\/+$/, '');
  const make = () =>
    new HttpClient(USER_AGENT, [], {
      keepAlive: true,
      allowRedirects: false,
      allowRetries: false,
      socketTimeout: options.timeoutMs,
    });
  // Put away (dispose) closes the kept-alive connections once no request runs on them; a request
  // after that opens new ones.
  let client: HttpClient | undefined;
  let running = 0;
  let closing = false;
  const close = () => {
    closing = false;
    client?.dispose();
    client = undefined;
  };
  const call = async (service: Service, body: Buffer | undefined, headers: Record<string, string> = {}) => {
    client ??= make();
    running += 1;
    try {
      return await once(client, service, body, headers);
    } catch (error) {
      // A read whose connection broke (a kept-alive one the server had just closed) is asked once
      // more; a push is not: it may have moved the ref (GitWireError.unsure).
      if (service === 'git-upload-pack' && error instanceof GitWireError && error.unsure && !error.timedOut)
        return await once(client, service, body, headers);
      throw error;
    } finally {
      running -= 1;
      if (closing && running === 0) close();
    }
  };
  const once = async (
    client: HttpClient,
    service: Service,
    body: Buffer | undefined,
    headers: Record<string, string>,
  ) => {
    const token = await options.token();
    const secret = token ? Buffer.from(`x-access-token:${token}`).toString('base64') : undefined;
    const hide = (text: string) => {
      let line = text.replace(/\s+/g, ' ').trim();
      for (const value of [token, secret])
        if (value && value.length >= 4) line = line.split(value).join('[redacted]');
      return line;
    };
    const post = body !== undefined;
    const sent = {
      ...headers,
      ...(secret ? { Authorization: `Basic ${secret}` } : {}),
      ...(post
        ? {
            'Content-Type': `application/x-${service}-request`,
            'Content-Length': String(body.length),
            Accept: RESULT_TYPES[service],
          }
        : {}),
    };
    const url = `${base}/${service}`;
    let response: HttpClientResponse | undefined;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        response?.message.destroy();
        reject(new GitWireError(`no answer from ${base} within ${options.timeoutMs} ms`, true, true));
      }, options.timeoutMs);
    });
    try {
      return await Promise.race([
        timedOut,
        (async () => {
          try {
            response = post
              ? await client.request('POST', url, Readable.from([body]), sent)
              : await client.get(url, sent);
          } catch (error) {
            throw new GitWireError(`${base} could not be reached (${hide((error as Error).message)})`, true);
          }
          const status = response.message.statusCode ?? 0;
          const chunks: Buffer[] = [];
          for await (const chunk of response.message) chunks.push(chunk as Buffer);
          const answer = Buffer.concat(chunks);
          if (status === 401 || status === 403)
            throw new GitWireError(`${base} refused the credentials (HTTP ${status})`);
          if (status === 404) throw new GitWireError(`no git repository at ${base} (HTTP 404)`);
          if (status !== 200)
            throw new GitWireError(`${base} answered HTTP ${status} to ${service.split('?')[0]}`);
          const type = String(response.message.headers['content-type'] ?? '')
            .split(';')[0]
            ?.trim();
          if (type !== RESULT_TYPES[service])
            throw new GitWireError(`${base} is not a git server (it answered ${type || 'no content type'})`);
          return answer;
        })(),
      ]);
    } catch (error) {
      if (error instanceof GitWireError)
        throw new GitWireError(hide(error.message), error.unsure, error.timedOut);
      // The answer broke off while it was read.
      throw new GitWireError(hide(`${base}: ${(error as Error).message}`), true);
    } finally {
      clearTimeout(timer);
    }
  };
  const dispose = () => {
    if (running === 0) close();
    else closing = true;
  };
  return { url: base, dispose, call };
}

/** Packets of a response, an `ERR` packet turned into a GitWireError. */
function packetsOf(answer: Buffer, what: string): Packet[] {
  let packets: Packet[];
  try {
    packets = decodePackets(answer);
  } catch (error) {
    throw new GitWireError(`the answer to ${what} is not git's (${(error as Error).message})`);
  }
  for (const packet of packets) {
    const text = packetText(packet);
    if (text?.startsWith('ERR ')) throw new GitWireError(`${what}: ${text.slice(4)}`);
  }
  return packets;
}

/** What `git-receive-pack` says it can do: the capabilities after the first advertised ref. */
export async function receivePackCapabilities(remote: GitRemote): Promise<Set<string>> {
  const packets = packetsOf(await remote.call('info/refs?service=git-receive-pack', undefined), 'info/refs');
  // `# service=git-receive-pack`, a flush, then the refs; the first carries the capabilities.
  const first = packets.find((p, i) => i > 0 && p.kind === 'data' && !packetText(p)?.startsWith('#'));
  const text = first?.kind === 'data' ? first.data.toString('utf8') : '';
  const nul = text.indexOf('\0');
  if (nul < 0) throw new GitWireError(`${remote.url} advertised no receive-pack capabilities`);
  const capabilities = new Set(
    text
      .slice(nul + 1)
      .trim()
      .split(/\s+/),
  );
  const format = [...capabilities].find((c) => c.startsWith('object-format='));
  if (format && format !== 'object-format=sha1')
    throw new GitWireError(`${remote.url} holds ${format.slice(14)} objects; lock commits are SHA-1`);
  return capabilities;
}

/** A v2 `git-upload-pack` request: its command, the capabilities, then its arguments. */
function v2Request(command: string, args: readonly string[]): Buffer {
  return encodePackets([
    textPacket(`command=${command}\n`),
    textPacket(`agent=${AGENT}\n`),
    { kind: 'delim' },
    ...args.map((arg) => textPacket(`${arg}\n`)),
    { kind: 'flush' },
  ]);
}

const V2 = { 'Git-Protocol': 'version=2' };

/** The commit `ref` names, or undefined when there is no such ref. */
export async function lsRef(remote: GitRemote, ref: string): Promise<string | undefined> {
  const answer = await remote.call('git-upload-pack', v2Request('ls-refs', [`ref-prefix ${ref}`]), V2);
  for (const packet of packetsOf(answer, 'ls-refs')) {
    const [sha, name] = packetText(packet)?.split(' ') ?? [];
    // A prefix: refs/molecular/locks/a matches refs/molecular/locks/ab too.
    if (name === ref && sha && /^[0-9a-f]{40}$/.test(sha)) return sha;
  }
  return undefined;
}

/** The object `sha` names, fetched with what it points at; throws when it is not in the answer. */
export async function fetchObject(remote: GitRemote, sha: string): Promise<GitObject> {
  const answer = await remote.call(
    'git-upload-pack',
    v2Request('fetch', [`want ${sha}`, 'no-progress', 'done']),
    V2,
  );
  const packets = packetsOf(answer, 'fetch');
  const start = packets.findIndex((p) => packetText(p) === 'packfile');
  if (start < 0) throw new GitWireError(`the answer to fetch from ${remote.url} holds no packfile`);
  let objects: GitObject[];
  try {
    const band = demuxSideBand(packets.slice(start + 1));
    if (band.error) throw new Error(band.error);
    objects = readPack(band.data);
  } catch (error) {
    throw new GitWireError(`the packfile from ${remote.url}: ${(error as Error).message}`);
  }
  const found = objects.find((object) => objectSha(object) === sha);
  if (!found) throw new GitWireError(`the packfile from ${remote.url} does not hold ${sha}`);
  return found;
}

export type PushOutcome = { pushed: true } | { pushed: false; reason: string };

/**
 * Moves `ref` from `old` (ZERO_SHA: only if it does not exist) to the object of `objects[0]`,
 * sending `objects` in the pack. `pushed: false` names the server's reason for refusing this ref;
 * a refusal of the whole push (the pack not unpacked, no report) throws.
 */
export async function pushRef(
  remote: GitRemote,
  capabilities: ReadonlySet<string>,
  update: { ref: string; old: string; objects: readonly GitObject[] },
): Promise<PushOutcome> {
  const [head] = update.objects;
  if (!head) throw new GitWireError('a push with nothing to push');
  const sideBand = capabilities.has('side-band-64k');
  const asked = [
    'report-status',
    ...(sideBand ? ['side-band-64k'] : []),
    ...(capabilities.has('quiet') ? ['quiet'] : []),
    ...([...capabilities].some((c) => c.startsWith('agent=')) ? [`agent=${AGENT}`] : []),
  ];
  if (!capabilities.has('report-status'))
    throw new GitWireError(`${remote.url} does not report the outcome of a push (no report-status)`);
  const body = Buffer.concat([
    encodePackets([
      textPacket(`${update.old} ${objectSha(head)} ${update.ref}\0${asked.join(' ')}`),
      { kind: 'flush' },
    ]),
    writePack(update.objects),
  ]);
  const packets = packetsOf(await remote.call('git-receive-pack', body), 'receive-pack');
  let report = packets;
  if (sideBand) {
    const band = demuxSideBand(packets);
    if (band.error) throw new GitWireError(`${remote.url} refused the push: ${band.error}`);
    report = packetsOf(band.data, 'receive-pack');
  }
  const lines = report.map(packetText).filter((line): line is string => line !== undefined);
  const unpack = lines.find((line) => line.startsWith('unpack '));
  if (unpack !== 'unpack ok')
    throw new GitWireError(`${remote.url} did not take the pushed objects (${unpack ?? 'no report'})`);
  for (const line of lines) {
    if (line === `ok ${update.ref}`) return { pushed: true };
    if (line.startsWith(`ng ${update.ref} `))
      return { pushed: false, reason: line.slice(update.ref.length + 4) };
  }
  throw new GitWireError(`${remote.url} did not report on ${update.ref}`);
}
