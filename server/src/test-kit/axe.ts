import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, Result, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.0, 2.1 and 2.2 rules of levels A and AA: what "WCAG 2.2 AA" asks of a page. */
export const WCAG_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

/** One rule a page breaks, with where (CSS selectors of the offending elements) and why. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string; html: string; summary: string }[];
}

export interface AxeCheck {
  /** Only these rules (e.g. ['color-contrast']); without it, every rule of `tags`. */
  rules?: string[];
  /** The rule tags to run when no rules are named: WCAG 2.x A and AA by default. */
  tags?: readonly string[];
  /** Rules to leave out. */
  disable?: string[];
  /** A CSS selector of the part of the page to check; the whole document by default. */
  include?: string;
}

/**
 * Runs axe-core in a page and answers the rules it breaks. axe is put in with `evaluate` rather
 * than a script tag: DevTools evaluation is not subject to the page's Content-Security-Policy,
 * so it works on the admin's strict policy and on the public site alike, and leaves the page's
 * own CSP reports quiet.
 */
export async function axeViolations(page: Page, check: AxeCheck = {}): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(axeSource);
  const options: RunOptions = {
    resultTypes: ['violations'],
    runOnly: check.rules ? { type: 'rule', values: check.rules } : { type: 'tag', values: [...(check.tags ?? WCAG_AA_TAGS)] },
    ...(check.disable ? { rules: Object.fromEntries(check.disable.map((id) => [id, { enabled: false }])) } : {}),
  };
  const results = await page.evaluate(
    ([include, runOptions]) => (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<AxeResults> } }).axe.run(include ? { include: [include] } : document, runOptions),
    [check.include ?? null, options] as const,
  );
  return results.violations.map((violation: Result) => ({
    id: violation.id,
    impact: violation.impact ?? null,
    help: violation.help,
    nodes: violation.nodes.map((node) => ({ target: node.target.join(' '), html: node.html, summary: node.failureSummary ?? '' })),
  }));
}

/** Violations as lines a failing assertion can show: rule, help, and each element with why. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map((violation) => [`${violation.id} (${violation.impact ?? 'n/a'}): ${violation.help}`, ...violation.nodes.map((node) => `  ${node.target}\n    ${node.summary.replace(/\n/g, '\n    ')}`)].join('\n'))
    .join('\n');
}
