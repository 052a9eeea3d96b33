/**
 * Development doubles (issue 62): stand-ins for outside services that let the whole product run on a newcomer's machine
 * and in tests, never in production. Today the sandbox checkout (decision 0028), a hosted payment provider served by
 * this app; later doubles (a local e-invoice service, say) join it here by the same rule. Nothing in the product imports
 * this folder: the composition root loads it with a dynamic import, only when a double is on (config.ts refuses them
 * in production), so a production process never loads its code.
 */
import type { DevelopmentDoubles } from '../app-types.ts';
import type { Clock } from '../clock.ts';
import { SandboxCheckout } from './sandbox-checkout.ts';
import { sandboxCheckoutRoutes } from './sandbox-routes.ts';

/** The doubles that are on: the sandbox checkout, signed with `sandboxKey`, its pages on `siteUrl`. */
export function developmentDoubles(options: { sandboxKey: string; siteUrl: string; clock: Clock }): DevelopmentDoubles {
  const sandbox = new SandboxCheckout(options.sandboxKey, options.siteUrl);
  return {
    payments: [sandbox.provider()],
    routes: (dispatch) => sandboxCheckoutRoutes(options.clock, sandbox, dispatch),
  };
}
