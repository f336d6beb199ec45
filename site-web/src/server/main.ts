import { createSiteApp } from './create-site-app';

/**
 * The public site as a process of its own (distributed mode). site-web reads only the few
 * variables it needs; the services' typed configuration lives with the services.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`Configuration error: ${name} is required (where the Pagelog API answers, e.g. http://gateway:3000)`);
    process.exit(2);
  }
  return value;
}

const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  console.error(`Configuration error: PORT must be a whole number from 0 to 65535, got "${process.env.PORT}"`);
  process.exit(2);
}
const apiUrl = required('PAGELOG_API_URL').replace(/\/$/, '');
const app = createSiteApp({
  apiUrl,
  siteName: process.env.PAGELOG_SITE_NAME ?? 'Pagelog',
  publicUrl: (process.env.PAGELOG_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
});
const server = app.listen(port, process.env.HOST ?? '0.0.0.0', () => console.log(`site-web listening on ${port}, API at ${apiUrl}`));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
