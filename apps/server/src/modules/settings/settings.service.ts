import { type Locale, toLocale } from '@app/contract/constants';
import type {
  CategoryToggles,
  ContactInput,
  NotificationCategory,
  NotificationPreferences,
  PreferenceUpdate,
  SettingsInfo,
} from '@app/contract/schemas/settings';
import type { Ctx } from '../../context.ts';
import { fieldError, forbidden, HttpError, notFound } from '../../lib/errors.ts';
import { translate } from '../../lib/i18n.ts';
import { oneLine } from '../../lib/text.ts';
import { requireModule } from '../../platform/require-module.ts';
import type { Scope } from '../../platform/scope.ts';
import { reportFiled } from '../console/moderation/moderation.live.ts';
import { type PushText, queuePush } from '../push/push.service.ts';
import { isAppAdmin } from '../users/users.queries.ts';
import * as q from './settings.queries.ts';

/** Contact mails a member may send within 24 hours (owner and developers together). */
export const CONTACT_MAILS_PER_DAY = 5;

export const settingsModule = (ctx: Ctx, scope: Scope, moduleId: number) => requireModule(ctx, scope, 'settings', moduleId);

export async function info(ctx: Ctx, scope: Scope, moduleId: number): Promise<SettingsInfo> {
  await settingsModule(ctx, scope, moduleId);
  const [owner, reported, hasPassword] = await Promise.all([
    isAppAdmin(ctx.db, scope.tenant.id, scope.user.id),
    q.hasReported(ctx.db, scope.tenant.id, scope.user.id),
    q.hasPassword(ctx.db, scope.tenant.id, scope.user.id),
  ]);
  return { is_app_owner: owner, can_contact_owner: Boolean(scope.tenant.ownerEmail), reported, has_password: hasPassword };
}

const allOn = (): CategoryToggles => ({ chats: true, discussions: true, news: true, events: true, admin: true, blog: true });

/** The member's choices, every category on unless a row says off (also read by GET /user/settings). */
export async function readPreferences(ctx: Ctx, appId: number, userId: number): Promise<NotificationPreferences> {
  const out = { inapp: allOn(), push: allOn() };
  for (const p of await q.findPreferences(ctx.db, appId, userId)) {
    out.inapp[p.category] = p.inapp;
    out.push[p.category] = p.push;
  }
  return out;
}

export async function preferences(ctx: Ctx, scope: Scope, moduleId: number) {
  await settingsModule(ctx, scope, moduleId);
  return readPreferences(ctx, scope.tenant.id, scope.user.id);
}

export async function setPreference(ctx: Ctx, scope: Scope, moduleId: number, b: PreferenceUpdate) {
  await settingsModule(ctx, scope, moduleId);
  await q.upsertPreference(ctx.db, scope.tenant.id, scope.user.id, b.category, b.channel, b.enabled);
  return readPreferences(ctx, scope.tenant.id, scope.user.id);
}

export async function report(ctx: Ctx, scope: Scope, moduleId: number) {
  await settingsModule(ctx, scope, moduleId);
  await q.insertReport(ctx.db, scope.tenant.id, scope.user.id);
  reportFiled(ctx, scope.tenant.id);
  ctx.log.info({ app: scope.tenant.id, user: scope.user.id }, 'settings: application reported');
  return { success: true as const };
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function contactMail(o: { locale: Locale; app: string; name: string; email: string; message: string; to: 'owner' | 'developers' }) {
  const t = (k: string) => translate(o.locale, `settings.mail.${k}`, { app: o.app, name: o.name });
  const subject = t(o.to === 'owner' ? 'ownerSubject' : 'developersSubject');
  const text = [t('greeting'), '', t('body'), '', `${t('from')}: ${o.name} <${o.email}>`, '', o.message, '', t('signature')].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
<p>${esc(t('greeting'))}</p><p>${esc(t('body'))}</p>
<p><strong>${esc(t('from'))}:</strong> ${esc(o.name)} &lt;<a href="mailto:${esc(o.email)}">${esc(o.email)}</a>&gt;</p>
<p style="white-space:pre-wrap">${esc(o.message)}</p>
<p>${esc(t('signature'))}</p></body></html>`;
  return { subject, text, html, link: `mailto:${o.email}`, fromName: o.app };
}

/** What of a mail error may be logged: its codes, never its message (an SMTP rejection names the recipient). */
const mailErrorCodes = (err: unknown) => {
  const e = (err ?? {}) as { code?: unknown; responseCode?: unknown };
  return {
    code: typeof e.code === 'string' ? e.code : undefined,
    responseCode: typeof e.responseCode === 'number' ? e.responseCode : undefined,
  };
};

/**
 * Contact App Owner / Contact Developers: the server mails the message (the addresses never leave
 * it) with the member as Reply-To. Five a day per member (a 422 popup past that), claimed under the
 * member's row lock; a failed mail gives its claim back and answers 503.
 */
export async function contact(ctx: Ctx, scope: Scope, moduleId: number, b: ContactInput) {
  await settingsModule(ctx, scope, moduleId);
  const to = b.to === 'owner' ? scope.tenant.ownerEmail : ctx.config.developersEmail;
  if (!to) throw fieldError('to', 'settings.errors.noOwner');
  const claim = await q.claimContactMail(
    ctx.db,
    scope.tenant.id,
    scope.user.id,
    b.to,
    CONTACT_MAILS_PER_DAY,
    b.to === 'owner' ? b.message : null,
  );
  if (claim === 'none') throw notFound();
  if (claim === 'cap') throw fieldError('_popup', 'settings.errors.dailyLimit');
  const { member } = claim;
  const name = oneLine(`${member.firstName} ${member.lastName}`) || member.email;
  const mail = contactMail({
    locale: toLocale(scope.tenant.locale),
    app: scope.tenant.name,
    name,
    email: member.email,
    message: b.message,
    to: b.to,
  });
  try {
    await ctx.mailer.send({ to, replyTo: member.email, ...mail });
  } catch (err) {
    ctx.log.warn({ ...mailErrorCodes(err), app: scope.tenant.id }, 'settings: contact mail failed');
    await q.releaseContactMail(ctx.db, claim.claimId);
    throw new HttpError(503, 'settings.errors.mailFailed');
  }
  if (b.to === 'owner') reportFiled(ctx, scope.tenant.id);
  return { success: true as const };
}

/**
 * The app owner's message to every member: a push (category Admin messages) through the
 * background sender, and an in-app notice over the socket to members whose Admin messages in-app
 * toggle is on. The request waits for neither.
 */
export async function adminMessage(ctx: Ctx, scope: Scope, moduleId: number, message: string) {
  const mod = await settingsModule(ctx, scope, moduleId);
  if (!(await isAppAdmin(ctx.db, scope.tenant.id, scope.user.id))) throw forbidden();
  const appId = scope.tenant.id;
  const text = message.length > 500 ? message.slice(0, 500) : message;
  queuePush(
    ctx,
    appId,
    'admin',
    { allMembers: true, except: scope.user.id },
    { title: scope.tenant.name, body: text, url: `/settings/${mod.id}` },
  );
  const recipients = await q.countMembers(ctx.db, appId, scope.user.id);
  void q
    .membersAllowingInApp(ctx.db, appId, 'admin', scope.user.id)
    .then((ids) => {
      if (ids.length) ctx.io?.to(ids.map((u) => `user:${u.id}`)).emit('adminMessage', { message: text, app_name: scope.tenant.name });
    })
    .catch((err: unknown) => ctx.log.warn({ err }, 'settings: admin message notices failed'));
  return { success: true as const, recipients };
}

/**
 * A push or in-app notice text of `settings.push.*`, written by the sender in each recipient's
 * language (the member's last language, else the app's).
 */
export const pushText = (key: string, vars?: Record<string, string | number>): PushText => ({
  key: `settings.push.${key}`,
  ...(vars ? { vars } : {}),
});

export type { NotificationCategory };
