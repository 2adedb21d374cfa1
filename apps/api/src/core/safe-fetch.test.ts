import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addressRefusal, checkUrl, isAllowed, safeFetch, SafeFetchError, USER_AGENT, type ResolvedAddress, type SafeFetchOptions } from './safe-fetch.ts';

/** A local web server whose pages the tests choose, and which remembers every request it saw. */
let server: Server;
let port: number;
let origin: string;
const seen: IncomingMessage[] = [];
const pages = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
const html = (body: string) => (_req: IncomingMessage, res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(body);
};

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    const page = pages.get(req.url!.split('?')[0]!);
    if (page) page(req, res);
    else {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not here</h1>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
  pages.clear();
});

const allowLocal: SafeFetchOptions = { allowHosts: ['127.0.0.1'] };

async function refusal(url: string, options: SafeFetchOptions = {}): Promise<SafeFetchError> {
  try {
    await safeFetch(url, options);
  } catch (error) {
    if (error instanceof SafeFetchError) return error;
    throw error;
  }
  throw new Error(`${url} was fetched`);
}

describe('addresses', () => {
  it('refuses loopback, private, link-local, multicast, unspecified, CGNAT and reserved addresses, in both families', () => {
    const cases: [string, RegExp][] = [
      ['127.0.0.1', /loopback/],
      ['127.255.255.254', /loopback/],
      ['::1', /loopback/],
      ['10.0.0.1', /private network/],
      ['172.16.0.1', /private network/],
      ['172.31.255.255', /private network/],
      ['192.168.1.1', /private network/],
      ['100.64.0.1', /private network/],
      ['fc00::1', /private network/],
      ['fd12:3456::1', /private network/],
      ['fec0::1', /private network/],
      ['169.254.169.254', /link-local/],
      ['fe80::1', /link-local/],
      ['224.0.0.1', /multicast/],
      ['255.255.255.255', /multicast/],
      ['ff02::1', /multicast/],
      ['0.0.0.0', /unspecified/],
      ['0.1.2.3', /unspecified/],
      ['::', /unspecified/],
      ['240.0.0.1', /reserved/],
      ['192.0.2.1', /reserved/],
      ['::7f00:1', /reserved/],
      ['2001::1', /reserved/],
      // IPv6 forms that carry an IPv4 address are judged by it
      ['::ffff:127.0.0.1', /loopback/],
      ['::ffff:7f00:1', /loopback/],
      ['::ffff:169.254.169.254', /link-local/],
      ['64:ff9b::a00:1', /private network/],
      ['2002:7f00:1::1', /loopback/],
      ['not an address', /reserved/],
    ];
    for (const [address, reason] of cases) expect(addressRefusal(address), address).toMatch(reason);
  });

  it('lets public addresses through', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700::6810:85e5', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']) {
      expect(addressRefusal(address), address).toBeNull();
    }
  });

  it('matches the allow list by name, by address in any IPv6 spelling, and by range', () => {
    const list = ['shop.intranet', '127.0.0.1', '10.1.0.0/16', 'fd00::/8'];
    expect(isAllowed('Shop.Intranet.', list)).toBe(true);
    expect(isAllowed('127.0.0.1', list)).toBe(true);
    expect(isAllowed('::ffff:127.0.0.1', list)).toBe(true);
    expect(isAllowed('[::ffff:7f00:1]', list)).toBe(true);
    expect(isAllowed('10.1.200.3', list)).toBe(true);
    expect(isAllowed('fd00::5', list)).toBe(true);
    expect(isAllowed('10.2.0.1', list)).toBe(false);
    expect(isAllowed('127.0.0.2', list)).toBe(false);
    expect(isAllowed('other.intranet', list)).toBe(false);
    expect(isAllowed('localhost', list)).toBe(false);
  });
});

describe('URLs', () => {
  it('accepts http and https only, without credentials, up to 2,048 characters', () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/', 'data:text/html,<h1>x', 'javascript:alert(1)', 'gopher://example.com/', 'ws://example.com/', 'mailto:a@example.com']) {
      expect(() => checkUrl(url), url).toThrow(/Only http and https/);
    }
    expect(() => checkUrl('https://user:pass@example.com/')).toThrow(/user name or password/);
    expect(() => checkUrl('https://user@example.com/')).toThrow(/user name or password/);
    expect(() => checkUrl('not a url')).toThrow(/valid URL/);
    expect(() => checkUrl('')).toThrow(/Enter a URL/);
    expect(() => checkUrl(`https://example.com/${'a'.repeat(2048)}`)).toThrow(/2048 characters/);
    expect(checkUrl(' https://example.com/p?q=1#reviews ').href).toBe('https://example.com/p?q=1');
  });

  it('writes every spelling of a literal address in its dotted form, so one check sees them all', () => {
    for (const host of ['2130706433', '0x7f000001', '0177.0.0.1', '127.1', '0x7f.0.0.1']) expect(checkUrl(`http://${host}/`).hostname, host).toBe('127.0.0.1');
    expect(checkUrl('http://[::ffff:127.0.0.1]/').hostname).toBe('[::ffff:7f00:1]');
  });
});

describe('safeFetch', () => {
  it('refuses every forbidden address without connecting', async () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '0.0.0.0', '169.254.169.254', '10.0.0.1', '2130706433', '0x7f000001', '[::ffff:127.0.0.1]', '[::]', '127.0.0.1.']) {
      const error = await refusal(`http://${host}:${port}/`, { timeoutMs: 2000 });
      expect(error.reason, host).toBe('forbidden_address');
      expect(error.message, host).toMatch(/only public web pages can be imported/);
    }
    expect(seen).toHaveLength(0);
  });

  it('checks every address a name resolves to: one private address among public ones refuses the name', async () => {
    const lookups: string[] = [];
    const resolve = async (name: string): Promise<ResolvedAddress[]> => {
      lookups.push(name);
      return [
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ];
    };
    const error = await refusal('https://shop.example/', { resolve });
    expect(error.reason).toBe('forbidden_address');
    expect(error.message).toBe('shop.example is at 10.0.0.1. This address is on a private network; only public web pages can be imported.');
    expect(lookups).toEqual(['shop.example']);
  });

  it('connects to the address it checked, never asking DNS again (no rebinding between check and connect)', async () => {
    pages.set('/p', html('<title>Pinned</title>'));
    let lookups = 0;
    // the name resolves once to the local server, allowed by address; a second look-up would answer a
    // private address, and the system resolver does not know the name at all
    const resolve = async (): Promise<ResolvedAddress[]> => (++lookups === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }]);
    const result = await safeFetch(`http://rebind.invalid:${port}/p`, { ...allowLocal, resolve });
    expect(result.body.toString()).toBe('<title>Pinned</title>');
    expect(lookups).toBe(1);
    expect(seen[0]!.headers.host).toBe(`rebind.invalid:${port}`);
  });

  it('sends a plain user agent and no cookie, and keeps none', async () => {
    pages.set('/set', (_req, res) => {
      res.writeHead(302, { location: '/get', 'set-cookie': 'session=secret; Path=/' });
      res.end();
    });
    pages.set('/get', html('ok'));
    const result = await safeFetch(`${origin}/set`, allowLocal);
    expect(result.url).toBe(`${origin}/get`);
    expect(seen.map((r) => r.headers.cookie)).toEqual([undefined, undefined]);
    expect(seen[0]!.headers['user-agent']).toBe(USER_AGENT);
  });

  it('follows up to 5 redirects, relative or absolute, and refuses a sixth', async () => {
    for (let i = 0; i < 6; i++) {
      pages.set(`/r${i}`, (_req, res) => {
        res.writeHead(i % 2 ? 301 : 307, { location: i % 2 ? `/r${i + 1}` : `${origin}/r${i + 1}` });
        res.end();
      });
    }
    pages.set('/r6', html('end'));
    expect((await safeFetch(`${origin}/r1`, allowLocal)).body.toString()).toBe('end');
    seen.length = 0;
    const error = await refusal(`${origin}/r0`, allowLocal);
    expect(error.reason).toBe('too_many_redirects');
    expect(error.message).toBe('The page redirected more than 5 times.');
    expect(seen).toHaveLength(6);
  });

  it('checks each redirect target like the first URL: a private address or another scheme is refused before connecting', async () => {
    pages.set('/to-loopback', (_req, res) => {
      res.writeHead(302, { location: `http://localhost:${port}/secret` });
      res.end();
    });
    pages.set('/to-file', (_req, res) => {
      res.writeHead(301, { location: 'file:///etc/passwd' });
      res.end();
    });
    pages.set('/secret', html('secret'));
    const loopback = await refusal(`http://allowed.invalid:${port}/to-loopback`, {
      allowHosts: ['allowed.invalid'],
      resolve: async (name) => (name === 'allowed.invalid' ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]),
    });
    expect(loopback.reason).toBe('forbidden_address');
    expect(loopback.message).toMatch(/^The page redirected to localhost: localhost is at 127\.0\.0\.1\. This address is this server itself \(loopback\)/);
    const file = await refusal(`${origin}/to-file`, allowLocal);
    expect(file.message).toBe('The page redirected to an address we cannot fetch: Only http and https addresses can be imported, not file.');
    expect(seen.map((r) => r.url)).toEqual(['/to-loopback', '/to-file']);
  });

  it('reads only the types asked for, before reading the body', async () => {
    pages.set('/doc.pdf', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end('%PDF-1.7');
    });
    pages.set('/none', (_req, res) => res.end('<h1>no type</h1>'));
    const pdf = await refusal(`${origin}/doc.pdf`, { ...allowLocal, unsupportedTypeMessage: (type) => `not HTML: ${type}` });
    expect(pdf.reason).toBe('unsupported_type');
    expect(pdf.message).toBe('not HTML: application/pdf');
    expect((await refusal(`${origin}/none`, allowLocal)).reason).toBe('unsupported_type');
    pages.set('/x', (_req, res) => {
      res.writeHead(200, { 'content-type': 'Application/XHTML+XML; Charset="ISO-8859-1"' });
      res.end('<html/>');
    });
    expect(await safeFetch(`${origin}/x`, allowLocal)).toMatchObject({ contentType: 'application/xhtml+xml', charset: 'iso-8859-1' });
  });

  it('refuses a body past the limit, whether Content-Length says so, is absent, or the body is compressed', async () => {
    const big = Buffer.alloc(4 * 1024 * 1024, 'a');
    pages.set('/declared', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-length': big.length });
      res.end(big);
    });
    pages.set('/chunked', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      for (let i = 0; i < 64; i++) res.write(big.subarray(0, 64 * 1024));
      res.end();
    });
    // 4 MB that travel as 4 kB: the limit counts what it unpacks to
    const bomb = gzipSync(big);
    pages.set('/bomb', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip', 'content-length': bomb.length });
      res.end(bomb);
    });
    for (const path of ['/declared', '/chunked', '/bomb']) {
      const error = await refusal(`${origin}${path}`, allowLocal);
      expect(error.reason, path).toBe('too_large');
      expect(error.message).toBe('The page is larger than 3 MB.');
    }
    pages.set('/small-gzip', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
      res.end(gzipSync('<p>café</p>'));
    });
    expect((await safeFetch(`${origin}/small-gzip`, allowLocal)).body.toString()).toBe('<p>café</p>');
  });

  it('gives up after the total time, also when the page trickles in', async () => {
    pages.set('/slow', () => undefined);
    pages.set('/trickle', (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      const timer = setInterval(() => res.write('<p>.</p>'), 50);
      res.on('close', () => clearInterval(timer));
    });
    for (const path of ['/slow', '/trickle']) {
      const started = Date.now();
      const error = await refusal(`${origin}${path}`, { ...allowLocal, timeoutMs: 400 });
      expect(error.reason, path).toBe('timeout');
      expect(error.message).toBe('The page took longer than 0.4 seconds to load.');
      expect(Date.now() - started).toBeLessThan(2000);
    }
  });

  it('turns upstream failures into readable reasons', async () => {
    const missing = await refusal(`${origin}/missing`, allowLocal);
    expect(missing).toMatchObject({ reason: 'http_status', message: 'The page answered 404 Not Found.' });
    pages.set('/boom', (_req, res) => {
      res.writeHead(500);
      res.end();
    });
    expect((await refusal(`${origin}/boom`, allowLocal)).message).toBe('The page answered 500 Internal Server Error.');
    pages.set('/hangup', (req) => req.socket.destroy());
    expect((await refusal(`${origin}/hangup`, allowLocal)).message).toBe('127.0.0.1 closed the connection before answering.');
    // a port nothing listens on
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await refusal(`http://127.0.0.1:${closedPort}/`, allowLocal)).message).toBe('127.0.0.1 refused the connection.');
    const nxdomain = await refusal('http://no-such-host.invalid/', { resolve: async () => Promise.reject(Object.assign(new Error('nope'), { code: 'ENOTFOUND' })) });
    expect(nxdomain).toMatchObject({ reason: 'dns', message: 'We could not find no-such-host.invalid: the name does not exist.' });
  });
});
