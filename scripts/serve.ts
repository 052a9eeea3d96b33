/** `npm run serve`: the built site (npm run build) on HOST:PORT, with precompressed assets. `npm start` ends here. */
import { join } from 'node:path';
import { projectRoot } from '../src/server/project-root.ts';
import { serve } from '../src/server/serve.ts';

await serve(join(projectRoot, 'dist'));
