import { Events, OAuth2Server } from 'oauth2-mock-server';

/** Who the local provider says signed in (its userinfo answer). */
interface ProviderPerson {
  sub?: string;
  id?: string;
  email?: string | null;
  email_verified?: boolean;
  name?: string;
}

/**
 * A local OAuth 2.0 / OIDC provider for social-login tests (oauth2-mock-server): its authorize
 * endpoint redirects straight back with a code, and its userinfo answers with `person`, which a test
 * sets before each sign-in. `env` points both of the site's providers at it.
 */
export async function startOAuthProvider() {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const state: { person: ProviderPerson; failToken: boolean } = { person: {}, failToken: false };
  server.service.on(Events.BeforeUserinfo, (response) => {
    response.body = { ...state.person };
    response.statusCode = 200;
  });
  server.service.on(Events.BeforeResponse, (response) => {
    if (!state.failToken) return;
    response.body = { error: 'invalid_grant' };
    response.statusCode = 400;
  });
  const url = server.issuer.url!;
  const env = Object.fromEntries((['GOOGLE', 'FACEBOOK'] as const).flatMap((provider) => [
    [`${provider}_CLIENT_ID`, `${provider.toLowerCase()}-test-client`],
    [`${provider}_CLIENT_SECRET`, 'test-secret'],
    [`${provider}_AUTH_URL`, `${url}/authorize`],
    [`${provider}_TOKEN_URL`, `${url}/token`],
    [`${provider}_USERINFO_URL`, `${url}/userinfo`],
  ]));
  return {
    url,
    env,
    state,
    stop: () => server.stop(),
  };
}
