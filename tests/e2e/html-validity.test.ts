import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { livePost, profileWhere } from '../fixtures/catalogue.ts';
import { openTestDatabase } from '../helpers/test-database.ts';

/**
 * The W3C Nu HTML checker (npm vnu-jar, run by Java) finds no error on any page type (security probe
 * item 21): it once found 76 of 4 kinds on 16 pages of 8 types.
 */
const baseUrl = inject('baseUrl');
const scratch = mkdtempSync(join(tmpdir(), 'yp-html-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const vnuJar = join(dirname(createRequire(import.meta.url).resolve('vnu-jar/package.json')), 'build/dist/vnu.jar');

async function pagesToCheck(): Promise<string[]> {
  const database = await openTestDatabase(inject('e2eUrl'));
  // A post of each type with reviews where the type has them (jobs and hireme show none), and a reviewed profile.
  const slug = async (type: 'services' | 'jobs' | 'hireme' | 'buysell') =>
    (await livePost(database, type, { matches: ({ row }) => row.rating_count > 0 }).catch(() => livePost(database, type))).slug;
  const profile = (await profileWhere(database, ({ row }) => row.rating_count > 0)).slug;
  const details = await Promise.all((['services', 'jobs', 'hireme', 'buysell'] as const).map(async (type) => `/${type}/${await slug(type)}`));
  await database.close();
  return [
    '/', '/services', '/services/l', '/services/l?what=aircon&sort=rating', '/jobs/l?job_type=full-time', '/hireme/l', '/buysell/l',
    ...details, `/${profile}`,
    '/specializations/jobs', '/pages/about-us', '/pages/contact-us', '/appeal', '/advertise-on-yp', '/offline', '/me/profile', '/no-such-page-anywhere',
    '/advertiser', '/advertiser/posts/new', '/advertiser/profiles/new', '/advertiser/subscribe?package=GOLD',
  ];
}

describe('valid HTML (security probe item 21)', () => {
  it('has no Nu HTML checker error on any page type', async () => {
    const java = spawnSync('java', ['-version']);
    expect(java.error, 'The Nu HTML checker needs Java: apt-get install default-jre-headless').toBeUndefined();
    const paths = await pagesToCheck();
    const files: string[] = [];
    for (const [index, path] of paths.entries()) {
      const file = join(scratch, `${index}.html`);
      writeFileSync(file, `<!-- ${path} -->\n${await (await fetch(baseUrl + path)).text()}`);
      files.push(file);
    }
    let report: string;
    try {
      report = execFileSync('java', ['-jar', vnuJar, '--errors-only', '--format', 'json', ...files], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      // vnu exits 1 when it found errors, and writes its report to stderr.
      report = String((error as { stderr?: string }).stderr ?? '');
    }
    const messages = (JSON.parse(report || '{"messages":[]}') as { messages: { url: string; message: string; extract?: string }[] }).messages
      .map((message) => `${paths[Number(/(\d+)\.html$/.exec(message.url)?.[1])]}: ${message.message} ${message.extract ?? ''}`);
    expect(messages).toEqual([]);
  });
});
