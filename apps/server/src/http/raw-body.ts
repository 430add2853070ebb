import type { FastifyInstance } from 'fastify';

/**
 * Takes a route scope's bodies as raw bytes (a Buffer), whatever their Content-Type, for uploads
 * of a file's bytes (poll and story assets). It stops reading past `maxBytes` (a Content-Length
 * above it is refused before reading) with the error `tooLarge` makes, usually a 413.
 */
export function acceptRawBodies(scope: FastifyInstance, maxBytes: number, tooLarge: () => Error): void {
  scope.addContentTypeParser('*', (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (declared > maxBytes) return done(tooLarge(), undefined);
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    payload.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > maxBytes) {
        failed = true;
        payload.resume();
        return done(tooLarge(), undefined);
      }
      chunks.push(chunk);
    });
    payload.on('end', () => {
      if (!failed) done(null, Buffer.concat(chunks));
    });
    payload.on('error', (error) => {
      if (!failed) done(error, undefined);
      failed = true;
    });
  });
}
