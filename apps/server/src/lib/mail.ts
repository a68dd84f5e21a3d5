import fs from 'node:fs';
import path from 'node:path';
import type { Locale } from '@app/contract/constants';
import nodemailer from 'nodemailer';
import { translate } from './i18n.ts';

export interface OutboxMail {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  link: string;
  /** Where a reply goes, when not to the sender (a want-to-buy mail: the member). */
  replyTo?: string;
  date: string;
}

export interface Mailer {
  /** `replyTo`: where the recipient's reply goes (the mail itself comes from no-reply). */
  send(mail: { to: string; subject: string; text: string; html: string; link: string; fromName: string; replyTo?: string }): Promise<void>;
  /** Local outbox (newest first); empty when SMTP is used. */
  outbox(): OutboxMail[];
}

const FROM = 'no-reply@eventapp.local';

/** SMTP when smtpUrl is set, else a local outbox kept in memory and under dataDir/outbox. */
export function createMailer(opts: { smtpUrl: string | undefined; outboxDir: string | undefined }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        await transport.sendMail({
          from: { name: m.fromName, address: FROM },
          to: m.to,
          ...(m.replyTo ? { replyTo: m.replyTo } : {}),
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
      },
      outbox: () => [],
    };
  }
  const kept: OutboxMail[] = [];
  if (opts.outboxDir) {
    fs.mkdirSync(opts.outboxDir, { recursive: true });
    for (const f of fs.readdirSync(opts.outboxDir).sort().slice(-200)) {
      if (f.endsWith('.json')) kept.unshift(JSON.parse(fs.readFileSync(path.join(opts.outboxDir, f), 'utf8')) as OutboxMail);
    }
  }
  return {
    async send(m) {
      const date = new Date().toISOString();
      const mail: OutboxMail = { id: `${Date.now()}-${kept.length}`, from: `${m.fromName} <${FROM}>`, date, ...m };
      kept.unshift(mail);
      if (kept.length > 500) kept.pop();
      if (opts.outboxDir) await fs.promises.writeFile(path.join(opts.outboxDir, `${mail.id}.json`), JSON.stringify(mail, null, 2));
    },
    outbox: () => kept,
  };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Builds a one-action mail (confirm, reset, invite) in the user's language. */
export function actionMail(
  kind: 'confirm' | 'reset' | 'invite',
  o: { locale: Locale; app: string; name: string; link: string; color: string },
) {
  const t = (k: string) => translate(o.locale, `mail.${k}`, { app: o.app, name: o.name });
  const subject = t(`${kind}.subject`);
  const text = `${t('greeting')}\n\n${t(`${kind}.body`)}\n\n${t(`${kind}.action`)}: ${o.link}\n\n${t('signature')}`;
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${esc(t('greeting'))}</p><p>${esc(t(`${kind}.body`))}</p>
<p><a href="${esc(o.link)}" style="display:inline-block;padding:10px 18px;border-radius:6px;color:#fff;background:${esc(o.color)};text-decoration:none">${esc(t(`${kind}.action`))}</a></p>
<p>${esc(t('signature'))}</p></body></html>`;
  return { subject, text, html, link: o.link, fromName: o.app };
}
