import { Hono, type Context } from 'hono';
import {
  becomeAdvertiser, changePassword, completeLogin, login, register, resendLoginCode, resetPassword, sendAccountCode, sendRegisterCode,
  sendResetCode, userJson,
} from '../accounts/accounts.ts';
import { signedOutCookies } from '../accounts/sessions.ts';
import { finishSocialLogin, returnUrl, safeReturnPath, SocialLoginError, startSocialLogin, readFlow, endFlowCookie } from '../accounts/social.ts';
import type { AppContext } from '../app-types.ts';
import { AppError } from '../errors.ts';
import { jsonBody, limitBody } from './body.ts';
import { csrfTokenSent } from './csrf.ts';
import { answer, callerOf, requireUserId, type ApiEnv } from './env.ts';
import { say } from '../../shared/said.ts';

const PROVIDERS = ['google', 'facebook'] as const;

/** The provider of a path, or a 404. */
function socialProvider(name: string): (typeof PROVIDERS)[number] {
  const provider = PROVIDERS.find((candidate) => candidate === name);
  if (!provider) throw new AppError('not_found');
  return provider;
}

function setCookies(c: Context<ApiEnv>, cookies: string[]): void {
  for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
}

/** The auth and account calls of spec §7 (decision 0005); never cached (PERSONAL_PATHS in app.ts). */
export function accountRoutes(app: AppContext) {
  const api = new Hono<ApiEnv>();

  api.post('/register/verification', limitBody(), async (c) => answer(c, await sendRegisterCode(app, await jsonBody(c), callerOf(c))));
  api.post('/register', limitBody(), async (c) => answer(c, await register(app, await jsonBody(c), callerOf(c)), 201));
  api.post('/auth/login', limitBody(), async (c) => answer(c, await login(app, await jsonBody(c), callerOf(c))));
  api.post('/2fa/verification', limitBody(), async (c) => answer(c, await resendLoginCode(app, await jsonBody(c), callerOf(c))));
  api.post('/auth/2fa', limitBody(), async (c) => {
    const { body, cookies } = await completeLogin(app, await jsonBody(c), callerOf(c));
    setCookies(c, cookies);
    return answer(c, body);
  });
  api.post('/password/verification', limitBody(), async (c) => answer(c, await sendResetCode(app, await jsonBody(c), callerOf(c))));
  api.post('/password/reset', limitBody(), async (c) => {
    const { body, cookies } = await resetPassword(app, await jsonBody(c), callerOf(c));
    setCookies(c, cookies);
    return answer(c, body);
  });

  // GET auth/logout changes state, so a cross-site page must not be able to trigger it with an image
  // tag (ASVS 3.5.3): it needs Sec-Fetch-Site same-origin (every current browser sends it) or the XSRF header.
  api.get('/auth/logout', async (c) => {
    if (c.req.header('Sec-Fetch-Site') !== 'same-origin' && !csrfTokenSent(c, app.secrets.csrf)) throw new AppError('log_out_from_site_itself');
    const session = c.get('session');
    if (session) {
      await app.repos.auth.deleteSession(session.id);
      await app.live.closeEnded(session.user_id);
    }
    setCookies(c, signedOutCookies(app));
    return answer(c, { status: true, message: say('api_logged_out') });
  });

  api.get('/user', async (c) => answer(c, await userJson(app, requireUserId(c))));
  api.get('/account', async (c) => answer(c, { data: await userJson(app, requireUserId(c)) }));
  api.patch('/account/password', limitBody(), async (c) => {
    const userId = requireUserId(c);
    return answer(c, await changePassword(app, userId, await jsonBody(c), callerOf(c)));
  });
  api.post('/account/upgrade', limitBody(), async (c) => {
    const userId = requireUserId(c);
    return answer(c, await becomeAdvertiser(app, userId, await jsonBody(c), callerOf(c)));
  });
  api.post('/account/verification', limitBody(), async (c) => {
    const userId = requireUserId(c);
    return answer(c, await sendAccountCode(app, userId, await jsonBody(c), callerOf(c)));
  });

  // Social login: the browser navigates here (spec §7), goes to the provider and comes back.
  api.get('/auth/:provider/callback', async (c) => {
    const provider = socialProvider(c.req.param('provider'));
    try {
      const { cookies, returnTo } = await finishSocialLogin(app, provider, { code: c.req.query('code'), state: c.req.query('state') },
        c.req.header('Cookie'), callerOf(c));
      setCookies(c, cookies);
      return c.redirect(returnUrl(returnTo, 'social'), 302);
    } catch (error) {
      if (!(error instanceof SocialLoginError)) throw error;
      console.warn(`Social login with ${provider} failed: ${error.message}`);
      await app.repos.auth.logAttempt({ action: 'social', identifier: provider, userId: null, client: callerOf(c).client, outcome: 'failed' });
      setCookies(c, [endFlowCookie(app)]);
      return c.redirect(returnUrl(safeReturnPath(readFlow(c.req.header('Cookie'))?.returnTo), error.outcome), 302);
    }
  });
  api.get('/auth/:provider', (c) => {
    const provider = socialProvider(c.req.param('provider'));
    if (!app.config.social[provider]) throw new AppError('sign_provider_not_available');
    const { location, cookie } = startSocialLogin(app, provider, c.req.query('redirect'));
    setCookies(c, [cookie]);
    return c.redirect(location, 302);
  });
  return api;
}
