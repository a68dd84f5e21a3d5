import type { AddressInfo } from 'node:net';
import { sessionAnswer } from '@app/contract/schemas/auth';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createMailer } from '../../lib/mail.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let t: TestApp;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    // Plain SMTP on loopback: no STARTTLS upgrade with a certificate nodemailer would not trust.
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  t = await createTestApp({ smtpUrl }, { mailer: createMailer({ smtpUrl, outboxDir: undefined }), users: 0 });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Undoes quoted-printable soft line breaks and escapes (long links are wrapped in the raw message). */
const unQuote = (s: string) =>
  s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe('mail over SMTP', () => {
  it('sends the confirmation mail through the SMTP server and its link works', async () => {
    const body = { email: 'smtp.user@demo.test', first_name: 'Smtp', last_name: 'User', password: 'Smtp-pass-1', consent: true };
    const reg = await t.app.inject({ method: 'POST', url: '/auth/register', headers: { 'app-key': 'demo' }, payload: body });
    expect(reg.statusCode).toBe(201);
    // SMTP is real: nothing lands in a local outbox.
    expect(t.mailer.outbox()).toEqual([]);

    expect(received).toHaveLength(1);
    const [mail] = received;
    if (!mail) throw new Error('no mail received');
    expect(mail.to).toEqual(['smtp.user@demo.test']);
    expect(mail.from).toBe('no-reply@eventapp.local');
    expect(mail.raw).toMatch(/^From: .*Open Summit 2026.*<no-reply@eventapp\.local>/m);
    expect(mail.raw).toMatch(/^To: smtp\.user@demo\.test/m);
    expect(mail.raw).toMatch(/^Subject: .+/m);

    const text = unQuote(mail.raw);
    const link = text.match(/https?:\/\/[^\s"<>]+\/login\/confirmEmail\?token=([\w-]+)&(?:amp;)?app=demo/);
    expect(link).not.toBeNull();
    const token = link?.[1] ?? '';
    expect(token).toMatch(/^[\w-]{43}$/);

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/auth/confirm-email',
      headers: { 'app-key': 'demo' },
      payload: { token },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(sessionAnswer.parse(confirmed.json()).access_token).toMatch(/^[\w-]{43}$/);
  });
});
