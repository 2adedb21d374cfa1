import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname } from 'node:path';

const TYPES: Record<string, string> = { '.mp4': 'video/mp4', '.mov': 'video/quicktime', '.webm': 'video/webm', '.jpg': 'image/jpeg', '.png': 'image/png', '.wav': 'audio/wav', '.m4a': 'audio/mp4', '.ttf': 'font/ttf', '.otf': 'font/otf', '.woff': 'font/woff', '.woff2': 'font/woff2' };

export interface MediaServer {
  /** a URL on 127.0.0.1 that serves this local file (with byte ranges, as video elements need) */
  urlFor(path: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * Serves local files to the renderer's browser. Each file gets an unguessable path, and only
 * files handed to `urlFor` are served: nothing else on the disk is reachable through it.
 */
export async function startMediaServer(): Promise<MediaServer> {
  const files = new Map<string, string>();
  const server: Server = createServer(async (req, res) => {
    const token = (req.url ?? '').split('?')[0]!.slice(1).split('/')[0]!;
    const path = files.get(token);
    const info = path ? await stat(path).catch(() => null) : null;
    res.setHeader('access-control-allow-origin', '*');
    if (!path || !info) {
      res.writeHead(404).end();
      return;
    }
    const type = TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (range && (range[1] || range[2])) {
      let start = range[1] ? Number(range[1]) : info.size - Number(range[2]);
      let end = range[1] && range[2] ? Number(range[2]) : info.size - 1;
      start = Math.max(0, start);
      end = Math.min(end, info.size - 1);
      if (start > end) {
        res.writeHead(416, { 'content-range': `bytes */${info.size}` }).end();
        return;
      }
      res.writeHead(206, { 'content-type': type, 'accept-ranges': 'bytes', 'content-range': `bytes ${start}-${end}/${info.size}`, 'content-length': end - start + 1 });
      if (req.method === 'HEAD') return void res.end();
      createReadStream(path, { start, end }).pipe(res);
      return;
    }
    res.writeHead(200, { 'content-type': type, 'accept-ranges': 'bytes', 'content-length': info.size });
    if (req.method === 'HEAD') return void res.end();
    createReadStream(path).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const tokens = new Map<string, string>();
  return {
    async urlFor(path) {
      let token = tokens.get(path);
      if (!token) {
        token = randomBytes(16).toString('hex');
        tokens.set(path, token);
        files.set(token, path);
      }
      return `http://127.0.0.1:${port}/${token}/${encodeURIComponent(path.split('/').pop() ?? 'file')}`;
    },
    // a browser still open holds its media connections (an audio element keeps its stream, a
    // keep-alive socket idles): close() alone would wait for them, so they are ended with it
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
