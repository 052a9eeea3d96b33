/** The browser's API client: JSON over ky, the XSRF header of spec §7 on unsafe methods. */
import ky from 'ky';

function cookie(name: string): string | undefined {
  return document.cookie.split('; ').find((entry) => entry.startsWith(`${name}=`))?.slice(name.length + 1);
}

export const api = ky.create({
  prefix: '/api/',
  credentials: 'include',
  timeout: 15_000,
  retry: 0,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = cookie('XSRF-TOKEN');
        if (token && !['GET', 'HEAD'].includes(request.method)) request.headers.set('X-XSRF-TOKEN', decodeURIComponent(token));
      },
    ],
  },
});
