import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { simpleParser } from 'mailparser';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { mailerContract } from './mailer.contract';
import { createMailer } from './nodemailer-mailer';

const sender = { name: 'Pagelog', address: 'no-reply@pagelog.test' };
const from = `${sender.name} <${sender.address}>`;

mailerContract('outbox folder', { from: sender }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pagelog-mail-'));
  const outboxDir = join(dir, 'data', 'outbox');
  const mailer = createMailer({ smtpUrl: null, outboxDir, from });
  return {
    mailer,
    delivered: async () => readdirSync(outboxDir).sort().map((f) => readFileSync(join(outboxDir, f))),
    cleanup: async () => {
      await mailer.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

mailerContract('SMTP', { from: sender }, async () => {
  const server = await startSmtpServer();
  const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${server.port}`, outboxDir: '/nonexistent', from });
  return {
    mailer,
    delivered: async () => server.received.map((m) => m.raw),
    cleanup: async () => {
      await mailer.close();
      await server.stop();
    },
  };
});

describe('nodemailer mailer', () => {
  describe('without an SMTP URL', () => {
    let dir: string;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), 'pagelog-mail-'));
    });
    afterEach(() => {
      rmSync(dir, { recursive: true, force: true });
    });

    it('writes a timestamped .eml file and logs its subject and recipient', async () => {
      const lines: string[] = [];
      const logger = pino({ base: null }, { write: (line: string) => void lines.push(line) });
      const outboxDir = join(dir, 'outbox');
      const mailer = createMailer({ smtpUrl: null, outboxDir, from, logger });
      const before = new Date().toISOString().slice(0, 16).replace(/:/g, '-');
      await mailer.send({ to: 'zoe@example.com', subject: 'Welcome', text: 'Hello' });
      await mailer.close();

      const files = readdirSync(outboxDir);
      expect(files).to.have.length(1);
      expect(files[0]).to.match(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-[0-9a-f]+\.eml$/);
      expect(files[0]!.slice(0, 16) >= before).to.equal(true);
      const mail = await simpleParser(readFileSync(join(outboxDir, files[0]!)));
      expect(mail.subject).to.equal('Welcome');

      const logged = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(logged).to.have.length(1);
      expect(logged[0]).to.include({ level: 30, to: 'zoe@example.com', subject: 'Welcome', file: join(outboxDir, files[0]!) });
    });

    it('writes a mail sent again with its key (a retry after a crash) only once, and mails of other keys each', async () => {
      const outboxDir = join(dir, 'outbox');
      const mailer = createMailer({ smtpUrl: null, outboxDir, from });
      await mailer.send({ id: 'event-1', to: 'zoe@example.com', subject: 'Welcome', text: 'Hello' });
      await mailer.send({ id: 'event-1', to: 'zoe@example.com', subject: 'Welcome', text: 'Hello' });
      await mailer.send({ id: 'event-2', to: 'zoe@example.com', subject: 'Welcome', text: 'Hello' });
      await mailer.send({ to: 'zoe@example.com', subject: 'Without a key', text: 'Hello' });
      await mailer.send({ to: 'zoe@example.com', subject: 'Without a key', text: 'Hello' });
      await mailer.close();
      expect(readdirSync(outboxDir)).to.have.length(4);
    });
  });

  describe('with an SMTP URL', () => {
    it('logs in with the credentials in the URL', async () => {
      const server = await startSmtpServer();
      const mailer = createMailer({ smtpUrl: `smtp://mailer:s3cret@127.0.0.1:${server.port}`, outboxDir: '/nonexistent', from });
      try {
        await mailer.send({ to: 'zoe@example.com', subject: 'Hi', text: 'x' });
        expect(server.received.map((m) => m.user)).to.deep.equal(['mailer']);
        expect(server.received[0]!.rcptTo).to.deep.equal(['zoe@example.com']);
      } finally {
        await mailer.close();
        await server.stop();
      }
    });

    it('rejects the send when the server cannot be reached', async () => {
      const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', outboxDir: '/nonexistent', from });
      try {
        const error = await mailer.send({ to: 'zoe@example.com', subject: 'Hi', text: 'x' }).then(() => null, (e: unknown) => e);
        expect(error).to.be.instanceOf(Error);
        expect((error as { code?: string }).code).to.equal('ESOCKET');
      } finally {
        await mailer.close();
      }
    });
  });
});

interface Received {
  raw: Buffer;
  rcptTo: string[];
  user: string | undefined;
}

/** A real SMTP server on a random local port that accepts anything and keeps what it got. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // The default certificate is self-signed; plain SMTP is enough on the loopback.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          raw: Buffer.concat(chunks),
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
