import { describe, expect, it } from 'vitest';
import { identifierKey, SIGN_IN_LIMITS, SignInGuard } from '../../src/server/accounts/brute-force.ts';
import { isCommonPassword } from '../../src/server/accounts/passwords.ts';
import { deviceCookie, deviceOf } from '../../src/server/accounts/devices.ts';
import { AppError } from '../../src/server/errors.ts';
import { hasCompanyWord, normalisePhone } from '../../src/shared/schemas/accounts.ts';
import { useTestDatabase } from '../helpers/test-database.ts';

const copy = useTestDatabase();

async function status(promise: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

describe('sign-in limits', () => {
  it('key an e-mail by its skeleton: case, spaces, full-width and accented look-alikes count as one', () => {
    const key = identifierKey('ali@example.my');
    for (const spelling of ['ALI@example.my', ' ali@example.my ', 'ａｌｉ@example.my', 'alí@example.my', 'a l i@example.my']) {
      expect(identifierKey(spelling)).toBe(key);
    }
    expect(identifierKey('aly@example.my')).not.toBe(key);
  });

  it(`block a client for 15 minutes after ${SIGN_IN_LIMITS.client.points} failures over any accounts, then longer each time, never for a day`, async () => {
    let now = Date.parse('2026-11-24T08:00:00Z');
    const guard = new SignInGuard(copy.app.repos.counters, () => now);
    const blockAfterFailures = async () => {
      for (let attempt = 0; attempt < SIGN_IN_LIMITS.client.points; attempt += 1) {
        expect(await status(guard.attempt(`id:someone-${attempt}`, '198.51.100.7'))).toBe('ok');
        await guard.fail(`id:someone-${attempt}`, '198.51.100.7');
      }
      const blocked = await guard.attempt('id:a-new-account', '198.51.100.7').catch((error: AppError) => error);
      expect(blocked).toBeInstanceOf(AppError);
      expect((blocked as AppError).status).toBe(429);
      return Number((blocked as AppError).headers['Retry-After']);
    };
    expect(await blockAfterFailures()).toBe(15 * 60);
    expect(await status(guard.attempt('id:a-new-account', '198.51.100.8'))).toBe('ok');
    now += 15 * 60_000 + 1000;
    expect(await blockAfterFailures()).toBe(30 * 60);
    for (let block = 0; block < 4; block += 1) {
      now += 3 * 60 * 60_000;
      expect(await blockAfterFailures()).toBeLessThanOrEqual(2 * 60 * 60);
    }
  });

  it('keep counts and blocks in the database: a new process (a restart) still refuses a blocked key', async () => {
    const guard = new SignInGuard(copy.app.repos.counters);
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.accountClient.points; attempt += 1) {
      await guard.attempt('user:77', 'restart-client');
      await guard.fail('user:77', 'restart-client');
    }
    const afterRestart = new SignInGuard(copy.app.repos.counters);
    expect(await status(afterRestart.attempt('user:77', 'restart-client'))).toBe(429);
  });

  it('clear an account+client count on success', async () => {
    const guard = new SignInGuard(copy.app.repos.counters);
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.accountClient.points - 1; attempt += 1) {
      await guard.attempt('user:1', 'c');
      await guard.fail('user:1', 'c');
    }
    await guard.succeed('user:1', 'c');
    await guard.attempt('user:1', 'c');
    await guard.fail('user:1', 'c');
    expect(await status(guard.attempt('user:1', 'c'))).toBe('ok');
  });

  it(`limit codes sent at one client's request to ${SIGN_IN_LIMITS.codeSends.points} an hour`, async () => {
    const guard = new SignInGuard(copy.app.repos.counters);
    for (let sent = 0; sent < SIGN_IN_LIMITS.codeSends.points; sent += 1) await guard.countCodeSend('203.0.113.9');
    expect(await status(guard.countCodeSend('203.0.113.9'))).toBe(429);
  });
});

describe('account rules', () => {
  it('write phone numbers as calling code and number, digits only', () => {
    expect(normalisePhone('012-345 6789', '60')).toBe('60123456789');
    expect(normalisePhone('+60 12-345 6789', '60')).toBe('60123456789');
    expect(normalisePhone('60123456789', '60')).toBe('60123456789');
    expect(normalisePhone('9123 4567', '65')).toBe('6591234567');
  });

  it('find company words as whole words only (spec §5)', () => {
    for (const name of ['Ali Sdn Bhd', 'ali sdn  bhd', 'Tan Enterprise', 'Syarikat Maju', 'Lim & Co', 'BERHAD']) expect(hasCompanyWord(name), name).toBe(true);
    for (const name of ['Colin Tan', 'Siti Companya', 'Berhadi', 'Cobalt Lim']) expect(hasCompanyWord(name), name).toBe(false);
  });

  it('refuse the most common passwords whatever their case', () => {
    expect(isCommonPassword('password123')).toBe(true);
    expect(isCommonPassword('Iloveyou1')).toBe(isCommonPassword('iloveyou1'));
    expect(isCommonPassword('kopi-o kosong 2026')).toBe(false);
  });
});

describe('device cookies (probe finding 17)', () => {
  it('finds the account’s device cookie whatever other cookie of the name comes first (the review filter’s old one, another account’s)', () => {
    const secret = 'device-secret';
    const mine = deviceCookie(secret, 42, 'http://localhost').split(';')[0]!;
    const theirs = deviceCookie(secret, 7, 'http://localhost').split(';')[0]!;
    const device = mine.split('.')[1];
    expect(deviceOf(`yp_device=AbCdEfGhIjKlMnOpQrStUvWx; ${mine}`, secret, 42)).toBe(device);
    expect(deviceOf(`${theirs}; ${mine}`, secret, 42)).toBe(device);
    expect(deviceOf(`${mine}; yp_device=AbCdEfGhIjKlMnOpQrStUvWx`, secret, 42)).toBe(device);
    expect(deviceOf(`${theirs}`, secret, 42)).toBeNull();
    expect(deviceOf(mine.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')), secret, 42)).toBeNull();
  });
});
