import type { Kysely } from 'kysely';
import type { Database } from './schema';

const HOUR_MS = 3_600_000;

/**
 * Two messages from the contact form for the demo's admin console (one waiting, one handled), so
 * its "Contact messages" list is not empty. Only into an empty table; answers how many it made.
 */
export async function seedDemoContactMessages(db: Kysely<Database>, now = new Date()): Promise<number> {
  const existing = await db.selectFrom('contact_messages').select('id').limit(1).executeTakeFirst();
  if (existing) return 0;
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR_MS);
  await db
    .insertInto('contact_messages')
    .values([
      {
        name: 'Amara Okafor',
        email: 'amara.okafor@example.com',
        subject: 'Subtitles in Portuguese?',
        message: 'Hello! I watch Newsreel every morning on the train. Could the local reports from Lisbon get Portuguese subtitles as well? Thank you for the great work.',
        ip: '203.0.113.24',
        created_at: at(3),
        mailed_at: at(3),
      },
      {
        name: 'Jonas Berg',
        email: 'jonas.berg@example.com',
        subject: 'Video stops on my TV',
        message: 'The player stopped after the first article on my smart TV yesterday evening. After a restart it worked again. Just letting you know.',
        ip: '198.51.100.7',
        created_at: at(30),
        mailed_at: at(30),
        handled_at: at(26),
      },
    ])
    .execute();
  return 2;
}
