import { describe, expect, it } from 'vitest';
import { slashTwin } from '../../src/server/http.ts';

/** One spelling per page (issue 63): the twin with or without the last slash is sent to the page's one URL. */
describe('the slash twin of a page', () => {
  it('drops a last slash, but for the education home, which spec §2 links with one; in every language', () => {
    const cases: [string, string | null][] = [
      ['/services/', '/services'], ['/jobs/', '/jobs'], ['/pages/faq/', '/pages/faq'], ['/services/l/home-services//', '/services/l/home-services'],
      ['/ms/services/', '/ms/services'], ['/zh/pages/faq/', '/zh/pages/faq'],
      ['/education', '/education/'], ['/ms/education', '/ms/education/'], ['/education//', '/education/'],
      // Already the one spelling, or a language's home, or not a page.
      ['/', null], ['/ms/', null], ['/ms', null], ['/zh/', null], ['/services', null], ['/education/', null], ['/zh/education/', null],
      ['/api/post/', null], ['/media/a/', null], ['/_astro/x.js', null], ['/healthz/', null], ['/msx/', '/msx'],
    ];
    expect(cases.map(([path]) => [path, slashTwin(path)])).toEqual(cases);
  });
});
