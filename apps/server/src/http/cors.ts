import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';

export interface CorsSettings {
  /** From CORS_ORIGINS, already serialised as browsers send them (https://app.example.com). */
  corsOrigins: readonly string[];
}

/**
 * Lets the pages of the listed origins call the API with the reader's credentials (the refresh
 * cookie, an Authorization header). The web app itself is served from the API's own origin and
 * needs none of this; with no origins listed, nothing is registered and no answer carries a CORS
 * header. A request from any other origin gets no CORS header either, so the browser keeps the
 * answer from that page.
 */
export async function registerCors(app: FastifyInstance, { corsOrigins }: CorsSettings): Promise<void> {
  if (corsOrigins.length === 0) return;
  const allowed = new Set(corsOrigins);
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type'],
    // Browsers cap this themselves (Chromium at 2 hours); 10 minutes keeps a changed list from lingering.
    maxAge: 600,
  });
}
