/**
 * The public forms' intake (issue 16): a burst of 1,000 submissions through HTTP, as visitors
 * send them (each with its visitor token, from 250 addresses, over four forms, 20 at a time),
 * against the embedded product on SQLite (durable: WAL, synchronous) and, when it is there, on
 * PostgreSQL. Figures: submissions accepted per second, beside the same server answering the
 * forms' token request (the HTTP stack's own cost, no write) in the same run; and that the burst
 * loses none: every accepted submission is in the Forms area afterwards.
 *
 * BENCH_FORMS_COUNT (default 1000) is the size of the burst.
 */
import { ApiClient } from '@pagelog/server/test-kit/api-client';
import { formatNumber, heading, isMain, table } from './common';
import { onEachStore } from './each-store';

const count = Number(process.env.BENCH_FORMS_COUNT ?? 1000);
const concurrency = 20;
const addresses = 250;

const valuesOf = (i: number): { form: string; values: Record<string, unknown> } => {
  const email = `bezoeker-${i}@voorbeeld.nl`;
  switch (i % 4) {
    case 0:
      return { form: 'informationRequest', values: { name: `Bezoeker ${i}`, email, question: `Vraag ${i} over onderzoek naar de energietransitie in de wijk.` } };
    case 1:
      return { form: 'quoteRequest', values: { name: `Bezoeker ${i}`, organisation: 'Gemeente Utrecht', email, projectDescription: `Evaluatie ${i} van het warmtenet.`, budgetRange: 'unknown' } };
    case 2:
      return { form: 'download', values: { name: `Bezoeker ${i}`, email, privacyConsent: true } };
    default:
      return { form: 'newsletter', values: { email, privacyConsent: true } };
  }
};

async function token(url: string): Promise<{ token: string; cookie: string }> {
  const res = await fetch(`${url}/api/cms/forms/csrf-token`);
  const body = (await res.json()) as { data: { csrfToken: string } };
  return { token: body.data.csrfToken, cookie: (res.headers.getSetCookie()[0] ?? '').split(';')[0]! };
}

/** Runs `work(i)` for 0..n-1, `concurrency` at a time; answers the seconds it took. */
async function burst(n: number, work: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < n) await work(next++);
    }),
  );
  return (performance.now() - started) / 1000;
}

async function measure(label: string, url: string): Promise<string[]> {
  const visitors = await Promise.all(Array.from({ length: concurrency }, () => token(url)));
  let statusCounts = new Map<number, number>();
  const baselineSeconds = await burst(count, async () => {
    const res = await fetch(`${url}/api/cms/forms/csrf-token`);
    await res.arrayBuffer();
  });
  let accepted = 0;
  const shown = Date.now() - 10_000;
  const seconds = await burst(count, async (i) => {
    const visitor = visitors[i % concurrency]!;
    const { form, values } = valuesOf(i);
    const res = await fetch(`${url}/api/cms/forms/submit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': visitor.token, Cookie: visitor.cookie, 'X-Forwarded-For': `10.1.${Math.floor((i % addresses) / 200)}.${(i % addresses) % 200}` },
      body: JSON.stringify({ form, locale: 'nl-nl', pageId: null, values, website: '', startedAt: shown }),
    });
    await res.arrayBuffer();
    statusCounts.set(res.status, (statusCounts.get(res.status) ?? 0) + 1);
    if (res.status === 200) accepted++;
  });
  const admin = await ApiClient.loggedIn(url);
  let stored = 0;
  for (let attempt = 0; attempt < 100; attempt++) {
    const list = await admin.post('/forms/submissions', { pageSize: 1 });
    stored = list.body.data.totalItems as number;
    if (stored >= accepted) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const answers = [...statusCounts].map(([status, n]) => `${n}× ${status}`).join(', ');
  statusCounts = new Map();
  return [label, formatNumber(count / seconds, '/s'), formatNumber(count / baselineSeconds, '/s'), `${accepted} of ${count} (${answers})`, `${stored}`, stored === accepted && accepted === count ? 'PASS' : 'FAIL'];
}

export async function runFormSubmissions(): Promise<void> {
  heading(`Form submissions: a burst of ${count} through HTTP, ${concurrency} at a time`);
  const rows = await onEachStore('forms', { PAGELOG_TRUST_PROXY: 'true' }, measure);
  console.log(table(['store', 'submissions accepted', 'baseline: token requests', 'answered 200', 'in the Forms area', 'none lost'], rows));
}

if (isMain(import.meta.url)) await runFormSubmissions();
