/**
 * Where the running app leaves its close function for the server in front of it: serve.ts loads the
 * built app as a separate module graph, so a registered symbol is the one name both can see.
 */
export const CLOSE_APP = Symbol.for('yellow-pages.close-app');
