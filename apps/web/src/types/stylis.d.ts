// stylis ships no type declarations; only the piece the RTL emotion cache uses is declared here.
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';

  export type Middleware = StylisPlugin;
  export const prefixer: Middleware;
}
