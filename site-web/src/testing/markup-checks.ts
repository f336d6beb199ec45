import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import axe from 'axe-core';

const require = createRequire(import.meta.url);
/** The Nu HTML Checker (the W3C's validator) as the vnu-jar package ships it; it needs Java 11 or newer. */
const vnuJar = require('vnu-jar') as string;
const run = promisify(execFile);

/** The WCAG 2.0, 2.1 and 2.2 rules of levels A and AA (as server/src/test-kit/axe.ts runs them in Chromium). */
const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** A whole document around rendered blocks, as the site would serve them inside its main landmark. */
export function documentAround(markup: string, lang = 'nl'): string {
  return `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8"><title>Blocks</title></head><body><main>${markup}</main></body></html>`;
}

/**
 * The errors the Nu HTML Checker finds in each document, one list per document (its warnings
 * and info messages are advice, left out as the example site's check leaves them out). All documents go to one Java start: the checker takes
 * seconds to start and milliseconds a document.
 */
export async function nuCheckerProblems(documents: readonly string[]): Promise<string[][]> {
  const dir = mkdtempSync(join(tmpdir(), 'pagelog-blocks-vnu-'));
  try {
    const files = documents.map((html, i) => {
      const file = join(dir, `document-${i}.html`);
      writeFileSync(file, html);
      return file;
    });
    const { stdout } = await run('java', ['-jar', vnuJar, '--format', 'json', '--stdout', '--exit-zero-always', ...files], { maxBuffer: 16 * 1024 * 1024 });
    const messages = (JSON.parse(stdout) as { messages: { type: string; subType?: string; url?: string; message: string; extract?: string }[] }).messages;
    return files.map((file) =>
      messages.filter((m) => m.type !== 'info' && m.url?.endsWith(file)).map((m) => `${m.message} ${m.extract ?? ''}`.trim()),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The WCAG 2.2 A and AA rules axe-core finds broken in markup, put in the test document's body
 * inside a main landmark, or as it is when it is a whole page's body (`page: true`, with its own
 * header, main and footer) (happy-dom: rules that need layout, such as colour contrast, are left
 * to the browser specs).
 */
export async function axeViolations(markup: string, lang = 'nl', { page = false }: { page?: boolean } = {}): Promise<string[]> {
  document.documentElement.lang = lang;
  document.title = 'Blocks';
  document.body.innerHTML = page ? markup : `<main>${markup}</main>`;
  try {
    const results = await axe.run(document.body, { runOnly: { type: 'tag', values: WCAG_AA_TAGS }, resultTypes: ['violations'], rules: { 'color-contrast': { enabled: false } } });
    return results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.html).join(' | ')})`);
  } finally {
    document.body.innerHTML = '';
  }
}
