import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { START_AFTER_POSTER_CSP } from './first-paint';

/**
 * Security headers on every answer (helmet). The middleware is built once, here: @fastify/helmet
 * builds it again for every request, which cost about a sixth of the server's CPU on a read
 * answered from memory (bench/RESULTS.md).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const setSecurityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The one inline script: the start of the app once a page's first paint is on screen (first-paint.ts).
        scriptSrc: ["'self'", START_AFTER_POSTER_CSP],
        // MUI (emotion) writes its styles into <style> tags at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'blob:', 'https:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ['*'],
        upgradeInsecureRequests: null,
      },
    },
    // Publishers embed the player (embed.* hosts) in their own pages.
    frameguard: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setSecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined));
  });
}
