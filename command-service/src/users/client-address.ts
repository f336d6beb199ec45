import { isIPv6 } from 'node:net';

/**
 * The key a client's address is counted under (login and forgot-password limits). An IPv4
 * address is itself (an IPv4-mapped IPv6 address too); an IPv6 address stands for its /64, the
 * block a single subscriber is given, so rotating through it does not reset the counts.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head, tail] = ip.toLowerCase().split('%')[0]!.split('::') as [string, string | undefined];
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
