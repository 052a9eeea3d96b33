/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The one app context (src/server/app-context.ts), put here by the middleware for every request. */
    app: import('./server/app-types.ts').AppContext;
  }
}
