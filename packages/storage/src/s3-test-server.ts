import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface S3TestServer {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  stop(): Promise<void>;
}

// the child runs s3rver (an S3-compatible server from npm, with V4 signature checks) on a free port
const childScript = `
const S3rver = require(process.env.S3RVER_MODULE);
new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: process.env.S3RVER_DIR, configureBuckets: [{ name: process.env.S3RVER_BUCKET }], allowMismatchedSignatures: process.env.S3RVER_LAX === '1' })
  .run()
  .then((address) => console.log(JSON.stringify({ port: address.port })), (error) => { console.error(error); process.exit(1); });
`;

/**
 * For tests: starts a real S3-compatible server in its own process, with one bucket. s3rver checks
 * V4 signatures of object requests but computes bucket-level ones (ListObjects, DeleteObjects)
 * differently from S3; `isLax` accepts those (and so any signature), for tests of bucket operations.
 */
export async function startS3TestServer(bucket = 'media', { isLax = false } = {}): Promise<S3TestServer> {
  const directory = mkdtempSync(join(tmpdir(), 'hookwall-s3rver-'));
  const module = createRequire(import.meta.url).resolve('@20minutes/s3rver');
  const child: ChildProcess = spawn(process.execPath, ['-e', childScript], {
    env: { ...process.env, S3RVER_MODULE: module, S3RVER_DIR: directory, S3RVER_BUCKET: bucket, S3RVER_LAX: isLax ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => reject(new Error('s3rver did not start within 20 s')), 20_000);
    lines.on('line', (line) => {
      try {
        const { port } = JSON.parse(line) as { port: number };
        clearTimeout(timer);
        resolve(port);
      } catch {
        // not the ready line
      }
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
