import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { pageEditorPath } from '@pagelog/contracts/pages/admin-paths';
import { ApiClient, TEST_ADMIN } from './test-kit/api-client';
import { launchBrowser, logInAt, watchForProblems } from './test-kit/browser';
import { freePort } from './test-kit/processes';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';
import { createActiveUser, USER_PASSWORD } from './test-kit/users';

const seo = { seoTitle: '', seoDescription: '', seoKeywords: [], seoImage: [] };
const heading = (key: string, text: string) => ({ type: 'heading', key, props: { text, level: 2 }, anchorPoint: '' });
const text = (key: string, html: string) => ({ type: 'text', key, props: { html }, anchorPoint: '' });
const MINUTE = 60_000;

/** A moment as a datetime-local field takes it, in UTC (the browser runs in UTC here). */
const localValue = (ms: number) => new Date(ms).toISOString().slice(0, 16);

/**
 * Issue 17 in Chromium, on a clock the test moves: an editor compares the draft with the live
 * version, restores a removed block and saves, schedules the publication two minutes later and
 * sees it happen; an auditor finds it in the audit log, narrows it to the page, and exports the
 * log as CSV and the page's history as JSON.
 */
describe('history, scheduling and the audit log in Chromium', function () {
  this.timeout(150_000);
  let now = Date.now();
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  let pageID: string;
  const problems: string[] = [];

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { clock: () => now, extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base, PAGELOG_SCHEDULER_INTERVAL_MS: '200' } });
    browser = await launchBrowser();
    const admin = await ApiClient.loggedIn(base);
    await createActiveUser(admin, app.env.PAGELOG_DATA_DIR!, { email: 'auditor@pagelog.test', role: 'auditor', name: 'Anna Auditor' });
    const created = await admin.post('/page/create', { title: 'Jaarverslag', slug: 'jaarverslag', type: 'base', locale: 'nl-nl', content: '', typeData: {} });
    pageID = created.body.data.pageID;
    const published = await admin.post(`/page/version/${created.body.data.pageVersionID}/store-and-publish`, {
      pageID,
      revision: created.body.data.revision,
      title: 'Jaarverslag',
      blocks: [heading('kop', 'Ons jaar'), text('oud', '<p>Het oude slotwoord.</p>')],
      ...seo,
    });
    expect(published.status).to.equal(200);
    const page = (await admin.get(`/page/${pageID}`)).body.data;
    const stored = await admin.post(`/page/version/${page.draftVersionID}/store`, { pageID, revision: page.revision, title: 'Jaarverslag 2026', blocks: [heading('kop', 'Ons jaar')], ...seo });
    expect(stored.status).to.equal(200);
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  it('lets an editor restore a removed block, schedule the publication two minutes later, and see it happen', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC' });
    const page = await context.newPage();
    watchForProblems(page, problems);
    await logInAt(page, `${base}${pageEditorPath(pageID)}`, TEST_ADMIN);

    await page.getByText('Versions', { exact: true }).click();
    await page.getByRole('button', { name: 'Compare' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare versions' });
    await dialog.getByRole('button', { name: /^Restore the block .*oud as it was$/ }).click();
    await page.getByText('The block is back in the draft as it was. Save to keep it.').waitFor();
    if ((await page.getByRole('dialog', { name: 'Compare versions' }).count()) > 0) await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Unsaved').waitFor({ state: 'detached' });

    const schedule = page.getByRole('region', { name: 'Scheduled publishing' });
    await schedule.getByText('Nothing is scheduled for this page.').waitFor();
    const at = now + 2 * MINUTE;
    await schedule.getByLabel('When').fill(localValue(at));
    await schedule.getByRole('button', { name: 'Schedule' }).click();
    await schedule.getByText(/^Publication on /).waitFor();
    expect(await schedule.getByText('set by Administrator', { exact: false }).count()).to.equal(1);
    // The site still shows the live version: the draft's new title is not there yet.
    expect((await fetch(`${base}/jaarverslag`).then((r) => r.text())).includes('Jaarverslag 2026')).to.equal(false);

    // Two minutes pass on the product's clock; the scheduler, looking every 200 ms, publishes.
    now = at + 1_000;
    let live = '';
    for (let i = 0; i < 100 && !live.includes('Jaarverslag 2026'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      live = await fetch(`${base}/jaarverslag`).then((r) => r.text());
    }
    expect(live).to.include('Het oude slotwoord.').and.include('Jaarverslag 2026');
    await page.reload();
    await schedule.getByText('Nothing is scheduled for this page.').waitFor();
    expect(await page.locator('.editor__heading').textContent()).to.include('Published');
    expect(problems).to.deep.equal([]);
    await context.close();
  });

  it('lets an auditor find it in the audit log, narrow it to the page, and export the log and the page history', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC', acceptDownloads: true });
    const page = await context.newPage();
    watchForProblems(page, problems);
    await logInAt(page, `${base}/cmsadmin/audit-log`, { email: 'auditor@pagelog.test', password: USER_PASSWORD });
    const table = page.getByRole('table', { name: 'Audit log entries' });
    await table.getByText('carried out the scheduled publication').waitFor();
    await table.getByRole('button', { name: /^Show only events about Jaarverslag 2026/ }).first().click();
    await page.getByText('About: Jaarverslag 2026 (jaarverslag, nl-nl)').waitFor();
    const kinds = await table.locator('tbody tr td:last-child').allTextContents();
    expect(kinds.map((k) => k.replace(/ #\d+( Replay from here)?$/, ''))).to.include.members(['Page created', 'Page version stored', 'Page published', 'Page change scheduled', 'Page schedule carried out']);
    expect(await table.getByText('added Heading', { exact: false }).count()).to.be.greaterThan(0);

    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
    const lines = (await readFile((await csv.path())!, 'utf8')).trim().split('\r\n');
    expect(lines[0]).to.match(/^position,at,actor,actorName,/);
    expect(lines.slice(1).every((line) => line.includes(`,${pageID},`))).to.equal(true);
    expect(lines.some((line) => line.includes('carried out the scheduled publication'))).to.equal(true);

    // From the log to the page's replay, at the step of the publication the scheduler carried out.
    await table.locator('tbody tr', { hasText: 'Page schedule carried out' }).first().getByRole('link', { name: /^Replay .* from event #\d+$/ }).click();
    const replay = page.getByRole('dialog');
    await replay.getByText(/carried out the scheduled publication/).waitFor();
    expect(await replay.getByRole('status').textContent()).to.match(/^Step \d+ of \d+: /);
    await replay.getByRole('button', { name: 'Close' }).last().click();

    await page.goto(`${base}${pageEditorPath(pageID)}`);
    await page.getByText('History', { exact: true }).click();
    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export the history for auditors (JSON, with the hash chain)' }).click()]);
    const exported = JSON.parse(await readFile((await json.path())!, 'utf8')) as { events: { type: string; hash: string }[] };
    expect(exported.events.map((e) => e.type)).to.include('PageScheduleCarriedOut');
    expect(exported.events.every((e) => /^[0-9a-f]{64}$/.test(e.hash))).to.equal(true);
    expect(problems).to.deep.equal([]);
    await context.close();
  });
});
