import net from 'node:net';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer } from './create-mailer';
import { MailUnavailableError } from './mailer';
import { closedPort } from '../../../test/network';
import { decodeQuotedPrintable } from '../../../test/mail-server';

interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

describe('SMTP mailer', () => {
  const received: Received[] = [];
  let server: SMTPServer;
  let port: number;
  const noLog = { info: () => {} };

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address: SMTPServerAddress, _session, callback) {
        if (address.address.endsWith('@nowhere.example')) {
          callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const mailFrom = session.envelope.mailFrom;
          received.push({
            from: mailFrom ? mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as net.AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('hands the mail to the server: sender, recipient, subject and text arrive', async () => {
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'Newsreel <no-reply@news.example>', dataDir: '/nonexistent' },
      noLog,
    );
    const link = 'https://news.example/account/verify?token=3q2-7Yx_very-long-token-so-that-the-line-gets-wrapped-0123456789';
    await mailer.send({
      to: 'ana@example.com',
      subject: 'Confirm your email for Newsreel',
      text: `Hi Ana,\n\nConfirm your address:\n\n${link}\n`,
      html: `<p>Hi Ana,</p><p><a href="${link}">Confirm</a></p>`,
    });
    mailer.close?.();

    expect(received).toHaveLength(1);
    const [mail] = received;
    expect(mail?.from).toBe('no-reply@news.example');
    expect(mail?.to).toEqual(['ana@example.com']);
    const [headers = '', ...bodyParts] = mail?.raw.split('\r\n\r\n') ?? [];
    expect(headers).toMatch(/^To: ana@example\.com$/m);
    expect(headers).toMatch(/^Subject: Confirm your email for Newsreel$/m);
    expect(headers).toMatch(/^From: Newsreel <no-reply@news\.example>$/m);
    const body = decodeQuotedPrintable(bodyParts.join('\r\n\r\n'));
    expect(body).toContain('Content-Type: text/plain');
    expect(body).toContain('Content-Type: text/html');
    expect(body).toContain('Hi Ana,');
    expect(body).toContain(link);
  });

  it('rejects with MailUnavailableError when the server refuses the recipient', async () => {
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: 'no-reply@news.example', dataDir: '/nonexistent' },
      noLog,
    );
    const sending = mailer.send({ to: 'ghost@nowhere.example', subject: 'Hello', text: 'Hello' });
    await expect(sending).rejects.toBeInstanceOf(MailUnavailableError);
    await expect(sending).rejects.toThrow(/mail could not be sent/i);
    mailer.close?.();
  });

  it('rejects with MailUnavailableError within seconds when no server listens', async () => {
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, mailFrom: 'no-reply@news.example', dataDir: '/nonexistent' },
      noLog,
    );
    const started = Date.now();
    const error = await mailer.send({ to: 'ana@example.com', subject: 'Hello', text: 'Hello' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MailUnavailableError);
    expect((error as Error).message).toBe('The mail could not be sent right now. Try again in a few minutes.');
    expect((error as Error).cause).toMatchObject({ code: expect.stringMatching(/ECONNREFUSED|ESOCKET|ECONNECTION/) });
    expect(Date.now() - started).toBeLessThan(5_000);
    mailer.close?.();
  });

  it('gives up on a server that accepts the connection but never greets, within seconds', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as net.AddressInfo).port;
    try {
      const mailer = createMailer(
        { smtpUrl: `smtp://127.0.0.1:${silentPort}`, mailFrom: 'no-reply@news.example', dataDir: '/nonexistent' },
        noLog,
      );
      const started = Date.now();
      const error = await mailer.send({ to: 'ana@example.com', subject: 'Hello', text: 'Hello' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(MailUnavailableError);
      expect((error as Error).cause).toMatchObject({ code: 'ETIMEDOUT' });
      // nodemailer's own default would wait 30 s for the greeting.
      expect(Date.now() - started).toBeLessThan(8_000);
      mailer.close?.();
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
