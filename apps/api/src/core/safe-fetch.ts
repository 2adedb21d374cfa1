import { lookup as dnsLookup } from 'node:dns/promises';
import { STATUS_CODES, request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import ipaddr from 'ipaddr.js';

/**
 * A GET of a URL a user gave us, made from our own network: the server-side request forgery rules
 * of docs/url-import.md. Only http and https; every address the host name resolves to is checked,
 * and the connection goes to those checked addresses only (the name is not resolved again, so a
 * DNS answer that changes between the check and the connection cannot lead anywhere else);
 * redirects are followed by hand, each target checked the same way; a total deadline, a byte
 * limit (also after decompression), only the content types asked for; no cookies.
 */

export type SafeFetchFailure =
  | 'invalid_url'
  | 'forbidden_address'
  | 'dns'
  | 'network'
  | 'timeout'
  | 'too_many_redirects'
  | 'http_status'
  | 'unsupported_type'
  | 'too_large';

/** A refusal or a failure, with a sentence a user can read. */
export class SafeFetchError extends Error {
  readonly reason: SafeFetchFailure;
  constructor(reason: SafeFetchFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export interface SafeFetchOptions {
  /** host names, addresses or CIDR ranges that may be fetched although private (URL_IMPORT_ALLOW_HOSTS) */
  allowHosts?: readonly string[];
  /** for the whole fetch, redirects included */
  timeoutMs?: number;
  /** the body's limit, after decompression */
  maxBytes?: number;
  maxRedirects?: number;
  /** media types read (lower case); anything else is refused before its body is read */
  acceptTypes?: readonly string[];
  /** a sentence for a refused type, given the type the server sent */
  unsupportedTypeMessage?: (type: string) => string;
  /** the host name's addresses; node's resolver (getaddrinfo, as the system resolves names) by default */
  resolve?: (hostname: string) => Promise<ResolvedAddress[]>;
}

export interface SafeFetchResult {
  /** where the body came from, after redirects */
  url: string;
  status: number;
  /** the media type, lower case, without parameters */
  contentType: string;
  /** the charset parameter of Content-Type, when there is one */
  charset?: string;
  body: Buffer;
}

export const MAX_URL_LENGTH = 2048;
export const DEFAULT_MAX_BYTES = 3 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_REDIRECTS = 5;
export const USER_AGENT = 'HookwallBot/1.0 (product page import)';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const ADDRESS_MESSAGES = {
  loopback: 'This address is this server itself (loopback); only public web pages can be imported.',
  private: 'This address is on a private network; only public web pages can be imported.',
  linkLocal: 'This address is link-local (such as a cloud metadata service); only public web pages can be imported.',
  multicast: 'This address is a multicast or broadcast address; only public web pages can be imported.',
  unspecified: 'This address is unspecified (0.0.0.0 or ::); only public web pages can be imported.',
  reserved: 'This address is reserved and not on the public internet; only public web pages can be imported.',
} as const;

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');
/** fec0::/10, deprecated but still routed inside some networks */
const SITE_LOCAL_V6 = ipaddr.parseCIDR('fec0::/10');

/**
 * Why an address may not be fetched, or null for a public one. IPv6 forms that carry an IPv4
 * address (mapped, NAT64, 6to4) are judged by that IPv4 address; other IPv6 outside the global
 * unicast range (2000::/3) are refused.
 */
export function addressRefusal(address: string): string | null {
  if (!ipaddr.isValid(address) || isIP(address) === 0) return ADDRESS_MESSAGES.reserved;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    const embedded = embeddedIPv4(v6);
    if (embedded) ip = embedded;
    else {
      const range = v6.range();
      if (range === 'loopback') return ADDRESS_MESSAGES.loopback;
      if (range === 'unspecified') return ADDRESS_MESSAGES.unspecified;
      if (range === 'linkLocal') return ADDRESS_MESSAGES.linkLocal;
      if (range === 'multicast') return ADDRESS_MESSAGES.multicast;
      if (range === 'uniqueLocal' || v6.match(SITE_LOCAL_V6)) return ADDRESS_MESSAGES.private;
      if (range !== 'unicast' || !v6.match(GLOBAL_UNICAST_V6)) return ADDRESS_MESSAGES.reserved;
      return null;
    }
  }
  switch ((ip as ipaddr.IPv4).range()) {
    case 'unicast':
      return null;
    case 'loopback':
      return ADDRESS_MESSAGES.loopback;
    case 'private':
    case 'carrierGradeNat':
      return ADDRESS_MESSAGES.private;
    case 'linkLocal':
      return ADDRESS_MESSAGES.linkLocal;
    case 'multicast':
    case 'broadcast':
      return ADDRESS_MESSAGES.multicast;
    case 'unspecified':
      return ADDRESS_MESSAGES.unspecified;
    default:
      return ADDRESS_MESSAGES.reserved;
  }
}

/** The IPv4 address inside ::ffff:a.b.c.d, 64:ff9b::a.b.c.d (NAT64) or 2002:aabb:ccdd:: (6to4). */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (ip.isIPv4MappedAddress()) return ip.toIPv4Address();
  const bytes = ip.toByteArray();
  const parts = ip.parts;
  if (parts[0] === 0x64 && parts[1] === 0xff9b && parts.slice(2, 6).every((p) => p === 0)) return new ipaddr.IPv4(bytes.slice(12, 16));
  if (parts[0] === 0x2002) return new ipaddr.IPv4(bytes.slice(2, 6));
  return null;
}

/** A host name as compared: lower case, without a final dot or IPv6 brackets. */
function normalHost(host: string): string {
  return host.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
}

/** Whether the allow list names this host name or address (an entry may be an address range). */
export function isAllowed(hostOrAddress: string, allowHosts: readonly string[]): boolean {
  const host = normalHost(hostOrAddress);
  const ip = ipaddr.isValid(host) && isIP(host) !== 0 ? ipaddr.process(host) : null;
  for (const raw of allowHosts) {
    const entry = normalHost(raw);
    if (entry === host) return true;
    if (!ip) continue;
    if (entry.includes('/')) {
      try {
        const [range, bits] = ipaddr.parseCIDR(entry);
        const candidate = range.kind() === 'ipv6' && ip.kind() === 'ipv4' ? (ip as ipaddr.IPv4).toIPv4MappedAddress() : ip;
        if (candidate.kind() === range.kind() && candidate.match(range, bits)) return true;
      } catch {
        // a malformed range matches nothing (the configuration refuses them at start)
      }
    } else if (ipaddr.isValid(entry) && isIP(entry) !== 0 && ipaddr.process(entry).toNormalizedString() === ip.toNormalizedString()) {
      return true;
    }
  }
  return false;
}

/**
 * The URL as we will fetch it, or a SafeFetchError saying why not: http or https only, no
 * credentials, at most 2,048 characters. The WHATWG parser writes every form of a literal address
 * (2130706433, 0x7f000001, 0177.0.0.1, 127.1) as its dotted form, so one check sees them all.
 */
export function checkUrl(raw: string): URL {
  const text = raw.trim();
  if (text.length === 0) throw new SafeFetchError('invalid_url', 'Enter a URL.');
  if (text.length > MAX_URL_LENGTH) throw new SafeFetchError('invalid_url', `A URL has at most ${MAX_URL_LENGTH} characters.`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new SafeFetchError('invalid_url', 'Enter a valid URL, such as https://example.com/product.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new SafeFetchError('invalid_url', `Only http and https addresses can be imported, not ${url.protocol.replace(/:$/, '')}.`);
  }
  if (url.username || url.password) throw new SafeFetchError('invalid_url', 'A URL with a user name or password cannot be imported.');
  if (!url.hostname) throw new SafeFetchError('invalid_url', 'Enter a valid URL, such as https://example.com/product.');
  if (url.href.length > MAX_URL_LENGTH) throw new SafeFetchError('invalid_url', `A URL has at most ${MAX_URL_LENGTH} characters.`);
  url.hash = '';
  return url;
}

async function systemResolve(hostname: string): Promise<ResolvedAddress[]> {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
}

/** Rejects once the signal aborts: DNS look-ups cannot be cancelled, but need not be waited for. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * The addresses to connect to for this URL, every one checked: an address literal as is, a name
 * through the resolver. Refused when any address is refused (unless allowed), so a name with one
 * public and one private address cannot be used to reach the private one.
 */
async function checkedAddresses(url: URL, options: Required<Pick<SafeFetchOptions, 'allowHosts' | 'resolve'>>, signal: AbortSignal): Promise<ResolvedAddress[]> {
  const host = normalHost(url.hostname);
  const family = isIP(host);
  const nameAllowed = isAllowed(host, options.allowHosts);
  let addresses: ResolvedAddress[];
  if (family !== 0) addresses = [{ address: host, family: family as 4 | 6 }];
  else {
    try {
      addresses = await raceAbort(options.resolve(host), signal);
    } catch (error) {
      if (signal.aborted) throw error;
      const code = (error as NodeJS.ErrnoException).code;
      throw new SafeFetchError(
        'dns',
        code === 'EAI_AGAIN' ? `We could not look up ${host} right now; please try again.` : `We could not find ${host}: the name does not exist.`,
      );
    }
    if (addresses.length === 0) throw new SafeFetchError('dns', `We could not find ${host}: the name has no address.`);
  }
  if (nameAllowed) return addresses;
  for (const { address } of addresses) {
    if (isAllowed(address, options.allowHosts)) continue;
    const refusal = addressRefusal(address);
    if (refusal) throw new SafeFetchError('forbidden_address', family === 0 ? `${host} is at ${address}. ${refusal}` : refusal);
  }
  return addresses;
}

/** A lookup for the socket that answers with the addresses already checked, never asking DNS again. */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    const wanted = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
    const list = wanted.length > 0 ? wanted : addresses;
    if (options.all) (callback as (err: null, addresses: ResolvedAddress[]) => void)(null, list);
    else callback(null, list[0]!.address, list[0]!.family);
  };
}

function mediaType(header: string | undefined): { type: string; charset?: string } {
  if (!header) return { type: '' };
  const [type, ...params] = header.split(';');
  let charset: string | undefined;
  for (const param of params) {
    const match = /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/i.exec(param);
    if (match) charset = match[1]!.toLowerCase();
  }
  return { type: type!.trim().toLowerCase(), charset };
}

function describeNetworkError(error: NodeJS.ErrnoException, host: string): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return `${host} refused the connection.`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `${host} closed the connection before answering.`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${host} cannot be reached from here.`;
    case 'ETIMEDOUT':
      return `${host} did not answer.`;
    case 'HPE_HEADER_OVERFLOW':
      return `${host} sent headers too large to read.`;
    default:
      if (error.code?.startsWith('HPE_')) return `${host} sent an answer that is not valid HTTP.`;
      if (error.code?.startsWith('ERR_TLS') || error.code?.includes('CERT') || /certificate|SSL|TLS/i.test(error.message)) {
        return `The secure connection to ${host} failed: its certificate could not be verified.`;
      }
      return `We could not connect to ${host}.`;
  }
}

interface Response {
  response: IncomingMessage;
}

function get(url: URL, addresses: ResolvedAddress[], signal: AbortSignal): Promise<Response> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        protocol: url.protocol,
        hostname: normalHost(url.hostname),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        // a fresh connection per request: no pooled socket (to a host checked for another request) is reused
        agent: false,
        lookup: pinnedLookup(addresses),
        signal,
        headers: {
          'user-agent': USER_AGENT,
          accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
          'accept-encoding': 'gzip, deflate, br',
          'accept-language': '*',
        },
      },
      (response) => resolve({ response }),
    );
    req.on('error', reject);
    req.end();
  });
}

/** The body, decompressed, refused past maxBytes (counted as it arrives: Content-Length may be absent or wrong). */
async function readBody(response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const tooLarge = () => new SafeFetchError('too_large', `The page is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`);
  const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  let stream: Readable = response;
  if (encoding === 'gzip' || encoding === 'x-gzip') stream = response.pipe(createGunzip());
  else if (encoding === 'deflate') stream = response.pipe(createInflate());
  else if (encoding === 'br') stream = response.pipe(createBrotliDecompress());
  else if (encoding !== 'identity' && encoding !== '') {
    response.destroy();
    throw new SafeFetchError('unsupported_type', `The page is compressed as ${encoding.slice(0, 40)}, which we cannot read.`);
  }
  if (stream !== response) response.on('error', (error) => stream.destroy(error));
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for await (const chunk of stream) {
      total += (chunk as Buffer).length;
      if (total > maxBytes) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    response.destroy();
    stream.destroy();
    if (error instanceof SafeFetchError || signal.aborted) throw error;
    if (stream !== response && (error as NodeJS.ErrnoException).code?.startsWith('Z_')) {
      throw new SafeFetchError('network', 'The page was sent compressed, but its data is damaged.');
    }
    throw error;
  }
  return Buffer.concat(chunks);
}

export async function safeFetch(raw: string, options: SafeFetchOptions = {}): Promise<SafeFetchResult> {
  const allowHosts = options.allowHosts ?? [];
  const resolve = options.resolve ?? systemResolve;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
  const acceptTypes = options.acceptTypes ?? ['text/html', 'application/xhtml+xml'];
  const timedOut = new SafeFetchError('timeout', `The page took longer than ${Math.round(timeoutMs / 100) / 10} seconds to load.`);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(timedOut), timeoutMs);
  const { signal } = controller;

  let url = checkUrl(raw);
  try {
    for (let redirects = 0; ; redirects++) {
      const host = normalHost(url.hostname);
      let addresses: ResolvedAddress[];
      try {
        addresses = await checkedAddresses(url, { allowHosts, resolve }, signal);
      } catch (error) {
        if (redirects > 0 && error instanceof SafeFetchError) throw new SafeFetchError(error.reason, `The page redirected to ${host}: ${error.message}`);
        throw error;
      }
      let response: IncomingMessage;
      try {
        ({ response } = await get(url, addresses, signal));
      } catch (error) {
        if (signal.aborted) throw timedOut;
        throw new SafeFetchError('network', describeNetworkError(error as NodeJS.ErrnoException, host));
      }
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        response.destroy();
        const location = response.headers.location;
        if (!location) throw new SafeFetchError('http_status', `The page answered ${status} (a redirect) without saying where to.`);
        if (redirects >= maxRedirects) throw new SafeFetchError('too_many_redirects', `The page redirected more than ${maxRedirects} times.`);
        let next: URL;
        try {
          next = checkUrl(new URL(location, url).href);
        } catch (error) {
          const message = error instanceof SafeFetchError ? error.message : 'its address is not valid.';
          throw new SafeFetchError('invalid_url', `The page redirected to an address we cannot fetch: ${message}`);
        }
        url = next;
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        const text = STATUS_CODES[status];
        throw new SafeFetchError('http_status', `The page answered ${status}${text ? ` ${text}` : ''}.`);
      }
      const { type, charset } = mediaType(response.headers['content-type']);
      if (!acceptTypes.includes(type)) {
        response.destroy();
        throw new SafeFetchError('unsupported_type', options.unsupportedTypeMessage?.(type || 'unknown') ?? `The answer is ${type || 'of no stated type'}, which we cannot read.`);
      }
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        response.destroy();
        throw new SafeFetchError('too_large', `The page is larger than ${Math.round(maxBytes / (1024 * 1024))} MB.`);
      }
      let body: Buffer;
      try {
        body = await readBody(response, maxBytes, signal);
      } catch (error) {
        if (signal.aborted) throw timedOut;
        if (error instanceof SafeFetchError) throw error;
        throw new SafeFetchError('network', `${host} stopped sending the page before its end.`);
      }
      return { url: url.href, status, contentType: type, charset, body };
    }
  } catch (error) {
    if (signal.aborted) throw timedOut;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
