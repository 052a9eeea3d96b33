import { isIPv6 } from 'node:net';

/**
 * The key a client is limited and counted by: its IP address only (a User-Agent is the client's to
 * choose, so it never widens the key), and for IPv6 its /64, which one subscriber usually holds whole.
 */
export function clientKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const ip = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => Number.parseInt(group || '0', 16).toString(16)).join(':')}::/64`;
}
