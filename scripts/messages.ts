/** Compiles the messages (messages/{en,ms,zh}.json) into src/paraglide, as the build does: `npm run messages`. */
import { compile } from '@inlang/paraglide-js';
import { PARAGLIDE_OPTIONS } from './paraglide-options.mjs';

await compile(PARAGLIDE_OPTIONS);
