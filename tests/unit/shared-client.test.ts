import { describe, expect, it } from 'vitest';
import { clientKey, isSharedClient } from '../../src/server/client-ip.ts';

/** Client keys that name no one person (issue 45): the review filter and the burst check never compare them. */
describe('isSharedClient', () => {
  it.each([
    ['127.0.0.1', true], ['::1', true], ['::ffff:127.0.0.1', true], ['10.1.2.3', true], ['172.20.0.5', true], ['192.168.1.10', true],
    ['100.72.14.9', true], ['fd12:3456:789a:1::1', true], [undefined, true],
    ['60.48.10.20', false], ['175.143.1.1', false], ['198.51.100.61', false], ['2001:e68:5400:1::1', false],
  ])('%s → %s', (address, shared) => {
    expect(isSharedClient(clientKey(address))).toBe(shared);
  });
});
