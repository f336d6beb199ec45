import { renderToString } from 'react-dom/server';
import { App } from '../app/app';
import { htmlLang } from '../app/html-lang';
import { PAGE_STATE_ELEMENT_ID, type PageState } from '../app/page-state';
import type { ClientAssets } from './client-assets';
import { escapeHtml } from './escape-html';
import { serialiseState } from './serialise-state';

export interface DocumentInput {
  state: PageState;
  /** The contents of `<head>` from buildHead. */
  head: string;
  assets: ClientAssets;
}

/**
 * The whole HTML document: the head, the server-rendered app in #root, the state the browser
 * hydrates with, and the client bundle.
 */
export function renderDocument({ state, head, assets }: DocumentInput): string {
  const lang = htmlLang(state.locale);
  const app = renderToString(<App state={state} />);
  const links = [
    ...assets.stylesheets.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}">`),
    ...assets.modulePreloads.map((href) => `<link rel="modulepreload" href="${escapeHtml(href)}">`),
  ];
  const scripts = assets.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`);
  return [
    '<!doctype html>',
    `<html lang="${escapeHtml(lang)}">`,
    '<head>',
    head,
    ...links,
    '</head>',
    '<body>',
    `<div id="root">${app}</div>`,
    `<script id="${PAGE_STATE_ELEMENT_ID}" type="application/json">${serialiseState(state)}</script>`,
    ...scripts,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
