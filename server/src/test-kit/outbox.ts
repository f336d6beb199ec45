import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  file: string;
}

/** Every mail written to `<dataDir>/outbox`, oldest first. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  let files: string[];
  try {
    files = readdirSync(join(dataDir, 'outbox')).filter((f) => f.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(readFileSync(join(dataDir, 'outbox', file)));
      const to = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(', ') : (parsed.to?.text ?? '');
      return { to, subject: parsed.subject ?? '', text: parsed.text ?? '', file };
    }),
  );
}

/** Waits (mail is sent after the reply) for the newest mail to `to` whose subject matches. */
export async function waitForMail(dataDir: string, to: string, subject: RegExp, after = 0, timeoutMs = 5000): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await readOutbox(dataDir)).slice(after).filter((m) => m.to.includes(to) && subject.test(m.subject));
    if (mails.length) return mails[mails.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
    await sleep(50);
  }
}

/** The link in a mail's text (the first URL). */
export function linkIn(mail: { text: string }): URL {
  const m = /https?:\/\/\S+/.exec(mail.text);
  if (!m) throw new Error(`no link in: ${mail.text}`);
  return new URL(m[0]);
}

export function tokenIn(mail: { text: string }): string {
  return linkIn(mail).searchParams.get('token') ?? '';
}
