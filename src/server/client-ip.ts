import { BlockList, isIP, isIPv6 } from 'node:net';

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

const SHARED = new BlockList();
SHARED.addSubnet('127.0.0.0', 8);
SHARED.addSubnet('10.0.0.0', 8);
SHARED.addSubnet('172.16.0.0', 12);
SHARED.addSubnet('192.168.0.0', 16);
SHARED.addSubnet('100.64.0.0', 10);
// The loopback's /64 key reads as '::'.
SHARED.addAddress('::', 'ipv6');
SHARED.addSubnet('fc00::', 7, 'ipv6');

/**
 * Whether a client key names no one person: the machine itself, a private network, or carrier-grade NAT (what every
 * request carries behind a proxy the server does not trust, or on a shared mobile address). Signals that compare
 * clients (the review filter's) ignore these.
 */
export function isSharedClient(key: string): boolean {
  if (key === 'unknown') return true;
  const ip = key.endsWith('::/64') ? key.slice(0, -3) : key;
  const family = isIP(ip);
  return family === 0 ? true : SHARED.check(ip, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Which proxies in front of the server may say who the client is (TRUST_PROXY): none (the socket's
 * address is the client; X-Forwarded-For is ignored, so a client cannot spoof it), a number of hops
 * (a CDN and a load balancer are 2), or the proxies' addresses and subnets.
 */
export type TrustProxy = { hops: number } | { proxies: BlockList } | null;

/** Parses TRUST_PROXY: empty, 'false' or '0' = none; a whole number = hops; else a comma list of addresses or CIDR subnets. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return null;
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  const proxies = new BlockList();
  for (const entry of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : isIP(address) === 4 ? 'ipv4' : null;
    if (!family) throw new Error(`TRUST_PROXY: not an address or subnet: ${entry}`);
    if (bits === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, Number(bits), family);
  }
  return { proxies };
}

function isTrusted(proxies: BlockList, address: string): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return isIP(address) !== 0 && proxies.check(address, family);
}

/**
 * The client's address: the socket's, or with trusted proxies the right-most X-Forwarded-For entry
 * they did not add themselves (the left-most entries are the client's to write, so never those).
 */
export function clientAddressOf(socketAddress: string | undefined, forwardedFor: string | null | undefined, trust: TrustProxy): string | undefined {
  if (!trust || !socketAddress) return socketAddress;
  const chain = [...(forwardedFor ?? '').split(',').map((part) => part.trim()).filter(Boolean), socketAddress];
  if ('hops' in trust) return chain[Math.max(0, chain.length - 1 - trust.hops)];
  let index = chain.length - 1;
  while (index > 0 && isTrusted(trust.proxies, chain[index]!)) index--;
  return chain[index];
}

/**
 * The connection's address, or undefined when the client has already gone (Astro throws on reading
 * `clientAddress` then; the request still finishes, unanswered).
 */
export function socketAddress(context: { clientAddress: string }): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}

/** The client key of a page request (Astro's context), as the API's requestClient gives it for API calls. */
export function pageClient(context: { clientAddress: string; request: Request }, trust: TrustProxy): string {
  return clientKey(clientAddressOf(socketAddress(context), context.request.headers.get('X-Forwarded-For'), trust));
}
