import { createServer } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@hookwall/db';
import { decodeQuotedPrintable } from '../../test/mail.ts';
import { as, createTestApp, uniqueEmail, userWithTeam, type TestApp } from '../../test/harness.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('invitation email over SMTP', () => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let port: number;
  let t: TestApp;

  beforeAll(async () => {
    port = await freePort();
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        let raw = '';
        stream.on('data', (chunk) => (raw += chunk));
        stream.on('end', () => {
          received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Hookwall <team@hookwall.test>' });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('delivers the invitation with the link to the invitation page', async () => {
    const { user, team } = await userWithTeam(t.app, 'Mail Team');
    await t.worker.drain(); // the new user's own verification email
    const email = uniqueEmail('smtp');
    const res = await as(t.app, user)({ method: 'POST', url: `/a/${team.slug}/team/api/invitations/`, payload: { team: team.id, email, role: 'member' } });
    expect(res.statusCode).toBe(201);
    expect(await t.worker.drain()).toBe(1);
    const message = received.find((m) => m.to.includes(email));
    expect(message).toBeDefined();
    expect(message!.from).toBe('team@hookwall.test');
    const body = decodeQuotedPrintable(message!.raw);
    expect(body).toContain(`http://localhost:3000/teams/invitation/${res.json().id}`);
    expect(body).toMatch(/Subject: .*Mail Team/);
  });

  it('keeps a failed send queued for a retry with backoff, and the invitation listed', async () => {
    const down = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
    try {
      const { user, team } = await userWithTeam(down.app, 'Retry Team');
      const email = uniqueEmail('retry');
      await as(down.app, user)({ method: 'POST', url: `/a/${team.slug}/team/api/invitations/`, payload: { team: team.id, email, role: 'member' } });
      await down.worker.drain();
      const [job] = await down.deps.db.select().from(jobs).where(eq(jobs.name, 'send-email'));
      expect(job).toMatchObject({ status: 'queued', attempts: 1 });
      expect(job!.lastError).toBeTruthy();
      expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
      // the invitation itself exists and is listed while its email waits
      const list = (await as(down.app, user)({ method: 'GET', url: `/a/${team.slug}/team/api/invitations/` })).json();
      expect(list.results.map((i: { email: string }) => i.email)).toEqual([email]);
    } finally {
      await down.close();
    }
  });
});
