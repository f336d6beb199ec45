import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { TEST_ADMIN } from './api-client';

/** Debian's Chromium, as CI installs it; the flags keep it off this machine's closed network. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function browserAvailable(): boolean {
  return existsSync(chromiumPath);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'],
  });
}

/**
 * Watches a page for what a person would call broken: script errors, and content security policy
 * violations (Chromium reports them on the console). Each is pushed onto `problems`.
 */
export function watchForProblems(page: Page, problems: string[]): void {
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (/content security policy/i.test(m.text())) problems.push(`csp: ${m.text()}`);
  });
}

/** Signs the test administrator in on the admin's login screen the page shows; the caller waits for where it lands. */
export async function submitAdminLogin(page: Page): Promise<void> {
  await page.getByLabel('Email').fill(TEST_ADMIN.email);
  await page.getByLabel('Password').fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/**
 * Opens `then` (an admin address), signs in as `who` on the login screen it leads to, and waits
 * until the admin is back at `then` (its root may drop its trailing slash).
 */
export async function logInAt(page: Page, then: string, who: { email: string; password: string }): Promise<void> {
  await page.goto(then);
  await page.waitForURL(/\/cmsadmin\/login/);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((url) => url.href.replace(/\/$/, '') === then.replace(/\/$/, ''));
}
