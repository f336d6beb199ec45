import { escapeHtml } from './escape-html';

export const SERVICE_UNAVAILABLE_MESSAGE = 'Something went wrong, please try again later.';

/** A self-contained HTML page for errors: no React, no client bundle, no details of the failure. */
export function errorPage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>body{font:1.125rem/1.6 system-ui,sans-serif;color:#1f2328;max-width:36rem;margin:15vh auto;padding:0 1.5rem}h1{font-size:1.5rem}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}</p>
</main>
</body>
</html>
`;
}
