import { expect } from 'chai';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, watchForProblems, submitAdminLogin } from './test-kit/browser';
import { freePort } from './test-kit/processes';
import { startTestPagelog, type TestPagelog } from './test-kit/start-test-pagelog';

/** A file as the browser gets it: made here, handed to the page as base64. */
interface TestFile {
  name: string;
  type: string;
  base64: string;
}

/**
 * An 800 × 600 PNG of one colour with a black band 100 px wide down its left edge and one 50 px
 * high along its top: three colours are three distinct images, and a crop from (100, 50) shows no black.
 */
async function bandedImage(name: string, background: { r: number; g: number; b: number }): Promise<TestFile> {
  const band = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } }).png().toBuffer();
  const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .composite([
      { input: await band(100, 600), left: 0, top: 0 },
      { input: await band(800, 50), left: 0, top: 0 },
    ])
    .png()
    .toBuffer();
  return { name, type: 'image/png', base64: bytes.toString('base64') };
}

/** The smallest PDF a reader opens: one empty page. */
function smallPdf(): Buffer {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>'];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/**
 * The media library in Chromium (issue 12): an editor makes a folder, drops three images into it
 * and uploads a PDF; builds a page with one of the images, cropped, and the PDF as a download, and
 * publishes it. The public page shows the crop as a responsive picture and offers the download;
 * after the image moves to another folder, the page still shows it.
 */
describe('the media library in Chromium: upload, use, crop, publish, move', function () {
  this.timeout(120_000);
  let app: TestPagelog;
  let base: string;
  let browser: Browser;
  const problems: string[] = [];
  let editorPage: Page | undefined;

  before(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    app = await startTestPagelog('sqlite', { extraEnv: { PORT: String(port), PAGELOG_PUBLIC_URL: base } });
    browser = await launchBrowser();
  });
  afterEach(async function () {
    // What the editor saw when it went wrong.
    if (this.currentTest?.state === 'failed' && editorPage) await editorPage.screenshot({ path: join(tmpdir(), 'pagelog-media-e2e.png'), fullPage: true }).catch(() => {});
  });
  after(async () => {
    await browser?.close();
    await app?.stop();
  });

  /** Polls until `read` gives what `check` wants. */
  async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 10_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (check(value)) return value;
      if (Date.now() > end) throw new Error(`still ${JSON.stringify(value)} after ${ms} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Drops files on a drop zone as a person drags them from the desktop: a drop event whose DataTransfer holds them. */
  async function dropFiles(page: Page, zone: Locator, files: TestFile[]): Promise<void> {
    const dataTransfer = await page.evaluateHandle((list: TestFile[]) => {
      const transfer = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: file.type }));
      }
      return transfer;
    }, files);
    await zone.dispatchEvent('dragenter', { dataTransfer });
    await zone.dispatchEvent('dragover', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
  }

  /** Chooses an item in the open media picker: into the folder, the item, Choose. */
  async function pick(page: Page, folder: string, name: string): Promise<void> {
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: `Open folder ${folder}` }).click();
    await dialog.getByRole('button', { name, exact: true }).click();
    await dialog.getByRole('button', { name: 'Choose', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  const card = (page: Page, title: string): Locator => page.locator('li.block-card', { has: page.getByRole('heading', { name: title, exact: true }) });
  const said = (page: Page, text: string) => page.locator('.editor__status', { hasText: text }).waitFor();

  it('serves a page\'s cropped library image and download, before and after the image moves', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    editorPage = page;
    watchForProblems(page, problems);

    await page.goto(`${base}/cmsadmin/medialibrary`);
    await page.waitForURL(/\/cmsadmin\/login/);
    await submitAdminLogin(page);
    await page.waitForURL(`${base}/cmsadmin/medialibrary`);
    await page.getByRole('heading', { level: 1, name: 'Media library' }).waitFor();

    // A new folder, opened.
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog').getByLabel('Folder name').fill('Holiday');
    await page.getByRole('dialog').getByRole('button', { name: 'Create folder' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Folder content' }).getByRole('button', { name: 'Open folder Holiday' }).click();
    await page.waitForURL(/path=%2FHoliday/);

    // Three images dropped into it, uploaded one by one; a PDF through the upload button.
    const images = await Promise.all([
      bandedImage('red.png', { r: 220, g: 20, b: 20 }),
      bandedImage('green.png', { r: 20, g: 200, b: 40 }),
      bandedImage('blue.png', { r: 20, g: 40, b: 220 }),
    ]);
    await dropFiles(page, page.getByRole('region', { name: 'Drop files here to upload them to /Holiday' }), images);
    const uploads = page.getByRole('region', { name: 'Uploads' });
    await eventually(() => uploads.getByRole('status').allInnerTexts(), (texts) => texts.length === 3 && texts.every((text) => text === 'Uploaded'), 20_000);
    await page.getByLabel('Upload files').setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: smallPdf() });
    // A new batch of uploads takes the list's place.
    await eventually(() => uploads.getByRole('listitem').allInnerTexts(), (rows) => rows.length === 1 && /guide\.pdf[\s\S]*Uploaded/.test(rows[0]!), 20_000);
    const grid = page.getByRole('list', { name: 'Folder content' });
    for (const name of ['red.png', 'green.png', 'blue.png', 'guide.pdf']) await grid.getByRole('button', { name, exact: true }).waitFor();

    // A new page with the red image, cropped, and the PDF to download.
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'New page', exact: true }).click();
    await page.getByLabel('Locale').selectOption('en-gb');
    await page.getByLabel('Title').fill('Holiday pictures');
    await page.getByText('This slug is available.').waitFor();
    await page.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/cmsadmin\/pages\/[^/]+$/);
    await page.getByRole('heading', { level: 1, name: 'Holiday pictures' }).waitFor();

    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Image', exact: true }).click();
    const imageCard = card(page, '1. Image');
    await imageCard.getByRole('button', { name: 'Choose from the library' }).click();
    await pick(page, 'Holiday', 'red.png');
    await imageCard.getByLabel('Alternative text for red.png').fill('A red square');
    await imageCard.getByRole('button', { name: /^Crop…/ }).click();
    const crop = page.getByRole('dialog', { name: 'Crop red.png' });
    // The stage is ready once cropperjs has drawn its box over the image.
    await crop.locator('.cropper-crop-box').waitFor();
    // The size first: the area always stays inside the image, so 100 from the left fits only a narrower area.
    for (const [label, value] of [['Width', '400'], ['Height', '300'], ['Left', '100'], ['Top', '50']] as const) {
      await crop.getByLabel(label, { exact: true }).fill(value);
    }
    await eventually(() => crop.getByRole('img', { name: 'The cropped result of red.png' }).getAttribute('src'), (src) => src?.includes('x=100&y=50&width=400&height=300&') ?? false);
    await crop.getByRole('button', { name: 'Apply crop' }).click();
    await crop.waitFor({ state: 'detached' });
    await imageCard.getByText('Cropped to 400 × 300').waitFor();

    await page.getByRole('button', { name: 'Add block' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Downloads', exact: true }).click();
    const downloadsCard = card(page, '2. Downloads');
    await downloadsCard.getByLabel('Title', { exact: true }).fill('To read');
    await downloadsCard.getByRole('button', { name: 'Choose from the library' }).click();
    await pick(page, 'Holiday', 'guide.pdf');
    await downloadsCard.getByRole('list', { name: 'Files, in the order the page lists them' }).getByRole('listitem').filter({ hasText: 'guide.pdf' }).waitFor();

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await said(page, 'Page saved.');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await said(page, 'Page published.');

    // The public page: a responsive picture of the crop, and the download.
    const visitor = await browser.newPage();
    watchForProblems(visitor, problems);
    const publicUrl = `${base}/en-gb/holiday-pictures`;
    await eventually(async () => (await visitor.goto(publicUrl))!.status(), (status) => status === 200);
    const img = visitor.getByRole('main').locator('picture img');
    expect(await img.getAttribute('alt')).to.equal('A red square');
    expect([await img.getAttribute('width'), await img.getAttribute('height')]).to.deep.equal(['400', '300']);
    const srcset = (await img.getAttribute('srcset')) ?? '';
    const candidates = srcset.split(',').map((entry) => entry.trim().split(' ')[0]!);
    expect(candidates.length).to.be.greaterThan(0);
    for (const candidate of candidates) expect(candidate).to.match(/^\/api\/cms\/medialib\/get-page-file\/[^/]+\/block_images_[^/]+\/[0-9a-f]{64}\/red\.png\?/);
    const shown = await eventually(
      () => img.evaluate((element: HTMLImageElement) => ({ complete: element.complete, width: element.naturalWidth, height: element.naturalHeight, src: element.currentSrc })),
      (state) => state.complete && state.width > 0,
    );
    // naturalWidth is scaled by the candidate's density (its w against sizes): the shape is the crop's.
    expect(shown.width / shown.height).to.be.closeTo(4 / 3, 0.01);
    expect(shown.src).to.match(/\/get-page-file\//);

    /** A file address of the page: 200, an image, the crop's size, and still the red image. */
    const checkImage = async (address: string) => {
      const answer = await fetch(new URL(address, base));
      expect(answer.status, address).to.equal(200);
      expect(answer.headers.get('content-type')).to.match(/^image\//);
      const bytes = Buffer.from(await answer.arrayBuffer());
      const { width, height } = await sharp(bytes).metadata();
      expect([width, height], address).to.deep.equal([400, 300]);
      // The red image from (100, 50): red throughout, none of the black bands.
      const { channels } = await sharp(bytes).stats();
      expect(channels[0]!.min, `darkest red in ${address}`).to.be.greaterThan(120);
      expect(channels[2]!.mean).to.be.lessThan(80);
    };
    const fallbackAddress = (await img.getAttribute('src'))!;
    await checkImage(shown.src);
    await checkImage(fallbackAddress);

    const download = visitor.getByRole('main').getByRole('link', { name: /guide\.pdf/ });
    const downloadAddress = new URL((await download.getAttribute('href'))!, base).href;
    const file = await fetch(downloadAddress);
    expect(file.status).to.equal(200);
    expect(file.headers.get('content-disposition')).to.match(/^attachment/);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 5).toString()).to.equal('%PDF-');

    // The image moves to another folder; the page goes on showing it.
    await page.goto(`${base}/cmsadmin/medialibrary`);
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog').getByLabel('Folder name').fill('Archive');
    await page.getByRole('dialog').getByRole('button', { name: 'Create folder' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Folder content' }).getByRole('button', { name: 'Open folder Holiday' }).click();
    await page.getByRole('list', { name: 'Folder content' }).getByRole('button', { name: 'red.png', exact: true }).click();
    await page.getByRole('button', { name: 'Move to…' }).click();
    const move = page.getByRole('dialog', { name: 'Move red.png' });
    await move.getByRole('group', { name: 'Destination folder' }).getByRole('button', { name: 'Archive', exact: true }).click();
    await move.getByText('Goes to /Archive').waitFor();
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await move.waitFor({ state: 'detached' });
    await page.getByRole('list', { name: 'Folder content' }).getByRole('button', { name: 'red.png', exact: true }).waitFor({ state: 'detached' });
    await page.goto(`${base}/cmsadmin/medialibrary?path=%2FArchive`);
    await page.getByRole('list', { name: 'Folder content' }).getByRole('button', { name: 'red.png', exact: true }).waitFor();

    await checkImage(fallbackAddress);
    await visitor.reload();
    const again = await eventually(
      () => img.evaluate((element: HTMLImageElement) => ({ complete: element.complete, width: element.naturalWidth, src: element.currentSrc })),
      (state) => state.complete && state.width > 0,
    );
    await checkImage(again.src);
    expect(problems, problems.join('\n')).to.deep.equal([]);
    await context.close();
  });
});
