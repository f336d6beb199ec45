/** A path on this site (`/`, `/over-ons`, `/en-gb/about?x=1`): never another host, not even as `//host` or `/\host`. */
export function isSitePath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])[^\s]*$/.test(value);
}
