// kinesalite ships no types; the tests use only its server factory.
declare module 'kinesalite' {
  import type { Server } from 'node:http';
  interface KinesaliteOptions {
    createStreamMs?: number;
    deleteStreamMs?: number;
    updateStreamMs?: number;
    shardLimit?: number;
    path?: string;
  }
  export default function kinesalite(options?: KinesaliteOptions): Server;
}
