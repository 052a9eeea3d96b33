/** `npm run serve`: the built site (npm run build) on HOST:PORT, with precompressed assets. `npm start` ends here. */
import { join } from 'node:path';
import { projectRoot } from '../src/server/project-root.ts';
import { serve } from '../src/server/serve.ts';

// DIST_DIR: another build to serve (a deploy beside the running one; the tests serve a changed copy).
await serve(process.env.DIST_DIR ?? join(projectRoot, 'dist'));
