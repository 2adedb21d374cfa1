import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, resolve, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.map': 'application/json',
  '.json': 'application/json',
  '.css': 'text/css',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
};

/** Serves the bundle's files (nothing outside its folder) to the tabs, on 127.0.0.1. */
export async function serveBundle(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const root = resolve(dir);
  const server: Server = createServer(async (req, res) => {
    let path: string;
    try {
      path = resolve(root, `.${decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)}`);
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (path === root) path = resolve(root, 'index.html');
    const info = path.startsWith(root + sep) && req.method === 'GET' ? await stat(path).catch(() => null) : null;
    if (!info?.isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream', 'content-length': info.size });
    createReadStream(path).pipe(res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/index.html`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
