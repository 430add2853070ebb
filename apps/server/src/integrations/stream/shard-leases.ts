import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * Shard leases (migration 0035; docs/architecture.md, "Analytics"): which server reads which shard
 * of a stream. Every server renews a row of its own while it reads (stream_readers); its share is
 * the shards divided by the servers alive, rounded up. Each balance renews what it holds, gives
 * back what is above its share and takes free or expired shards up to it, so a server that joins
 * gets its share within two balances and the shards of one that stops or dies are taken over once
 * its leases expire (at once when it stops: it gives them back). Times are the database's, so the
 * servers' clocks need not agree.
 */
export interface ShardLeases {
  readonly readerId: string;
  /** Balances and answers the shards this reader holds now, in order. */
  balance(shardIds: readonly string[]): Promise<string[]>;
  /** Gives every lease back and leaves, so the other servers take the shards at their next balance. */
  leave(): Promise<void>;
}

export function createShardLeases(db: Kysely<Database>, stream: string, leaseMs: number, readerId: string = randomUUID()): ShardLeases {
  const until = sql<Date>`now() + make_interval(secs => ${leaseMs / 1000})`;

  return {
    readerId,

    async balance(shardIds) {
      await sql`
        insert into stream_readers (stream, reader_id, expires_at) values (${stream}, ${readerId}, ${until})
        on conflict (stream, reader_id) do update set expires_at = excluded.expires_at`.execute(db);
      // Servers gone for an hour are forgotten (a live one's row is at most one lease old).
      await sql`delete from stream_readers where stream = ${stream} and expires_at < now() - interval '1 hour'`.execute(db);
      const { rows: alive } = await sql<{ readers: number }>`
        select count(*)::int as readers from stream_readers where stream = ${stream} and expires_at > now()`.execute(db);
      const share = Math.ceil(shardIds.length / Math.max(1, alive[0]?.readers ?? 1));
      if (shardIds.length === 0) return [];

      const { rows: renewed } = await sql<{ shard_id: string }>`
        update stream_shard_leases set expires_at = ${until}
        where stream = ${stream} and owner = ${readerId} and expires_at > now() and shard_id = any(${[...shardIds]}::text[])
        returning shard_id`.execute(db);
      const held = renewed.map((row) => row.shard_id).sort();
      const above = held.splice(share);
      if (above.length > 0) {
        await sql`
          update stream_shard_leases set expires_at = now()
          where stream = ${stream} and owner = ${readerId} and shard_id = any(${above}::text[])`.execute(db);
      }
      for (const shardId of [...shardIds].sort()) {
        if (held.length >= share) break;
        if (held.includes(shardId) || above.includes(shardId)) continue;
        const { rows: taken } = await sql<{ shard_id: string }>`
          insert into stream_shard_leases (stream, shard_id, owner, expires_at) values (${stream}, ${shardId}, ${readerId}, ${until})
          on conflict (stream, shard_id) do update set owner = excluded.owner, expires_at = excluded.expires_at
            where stream_shard_leases.expires_at <= now()
          returning shard_id`.execute(db);
        if (taken.length > 0) held.push(shardId);
      }
      return held.sort();
    },

    async leave() {
      await sql`update stream_shard_leases set expires_at = now() where stream = ${stream} and owner = ${readerId} and expires_at > now()`.execute(db);
      await sql`delete from stream_readers where stream = ${stream} and reader_id = ${readerId}`.execute(db);
    },
  };
}
