import { renderToString } from 'react-dom/server';
import { App } from '../app/app';
import { FormPostProvider } from '../app/forms/form-post';
import { htmlLang } from '../app/html-lang';
import type { PageState } from '../app/page-state';
import type { ClientAssets } from './client-assets';
import { escapeHtml } from './escape-html';

export interface DocumentInput {
  state: PageState;
  /** The contents of `<head>` from buildHead. */
  head: string;
  assets: ClientAssets;
}

/**
 * The whole HTML document: the head, the server-rendered page, and the client script. Nothing is
 * hydrated, so no page state travels with it: the script starts the page's islands, which carry
 * what they need in their own attributes (app/islands/island-root.ts).
 */
export function renderDocument({ state, head, assets }: DocumentInput): string {
  const lang = htmlLang(state.locale);
  const body = renderToString(
    <FormPostProvider value={state.formPost ?? null}>
      <App state={state} />
    </FormPostProvider>,
  );
  const links = [
    ...assets.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...assets.modulePreloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
  ];
  // In the head: a module script is deferred, and the browser finds it before the body.
  const scripts = assets.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`);
  return ['<!doctype html>', `<html lang="${escapeHtml(lang)}">`, '<head>', head, ...links, ...scripts, '</head>', '<body>', body, '</body>', '</html>', ''].join('\n');
}
