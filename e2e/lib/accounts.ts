import { baseURL } from './browser.ts';

interface OutboxMail {
  to: string;
  link: string;
  subject: string;
}

/** The newest mail the server's local outbox holds for an address. */
export async function latestMail(to: string): Promise<OutboxMail> {
  for (let i = 0; i < 40; i++) {
    const mails = (await (await fetch(`${baseURL()}/dev/outbox.json`)).json()) as OutboxMail[];
    const mail = mails.find((m) => m.to === to);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

/** A brand-new confirmed account (incomplete profile) made through the public calls; returns its token. */
export async function newConfirmedUser(email: string, appKey = 'demo'): Promise<{ token: string; userId: number }> {
  const headers = { 'content-type': 'application/json', 'app-key': appKey };
  const reg = await fetch(`${baseURL()}/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, first_name: 'Test', last_name: 'Person', password: 'secret-123!', consent: true }),
  });
  if (reg.status !== 201) throw new Error(`register failed: ${reg.status} ${await reg.text()}`);
  const token = new URL((await latestMail(email)).link).searchParams.get('token');
  const res = await fetch(`${baseURL()}/auth/confirm-email`, { method: 'POST', headers, body: JSON.stringify({ token }) });
  if (!res.ok) throw new Error(`confirm failed: ${res.status}`);
  const body = (await res.json()) as { access_token: string; user_id: number };
  return { token: body.access_token, userId: body.user_id };
}
