/**
 * The baseline of the cached-page benchmark: node:http answering every request with the bytes and
 * headers Pagelog answered for the page, from memory (BENCH_RAW_FILE: the body, BENCH_RAW_HEADERS:
 * the headers as JSON), on PORT. Nothing else: no routing, no validators, no security headers.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.BENCH_RAW_FILE!);
const headers = JSON.parse(process.env.BENCH_RAW_HEADERS!) as Record<string, string>;
const server = createServer((_req, res) => {
  res.writeHead(200, { ...headers, 'Content-Length': body.length });
  res.end(body);
});
server.keepAliveTimeout = 5_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
