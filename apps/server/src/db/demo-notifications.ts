import { ArticleStatus, NotificationDeliveryStatus } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from './schema';

const HOUR_MS = 3_600_000;

/**
 * The demo's scheduled notifications (docs/architecture.md, "Scheduled notifications"), made with
 * the demo accounts: one already delivered to the demo reader (unread, in the bell's menu), one
 * queued for a day after the first start (delivered then by the job), and one a moderator wrote,
 * pending a superuser's review. Answers how many it made; none when the demo accounts are missing.
 */
export async function seedDemoNotifications(db: Kysely<Database>, now = new Date()): Promise<number> {
  const users = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', ['admin@example.com', 'moderator@example.com', 'reader@example.com']).execute();
  const idOf = (email: string) => users.find((user) => user.email === email)?.id;
  const [admin, moderator, reader] = [idOf('admin@example.com'), idOf('moderator@example.com'), idOf('reader@example.com')];
  if (!admin || !moderator || !reader) return 0;
  const article = await db.selectFrom('articles').select('id').where('status', '=', ArticleStatus.ACTIVE).orderBy('published_at', 'desc').limit(1).executeTakeFirst();
  const category = await db.selectFrom('categories').select('id').orderBy('name').limit(1).executeTakeFirst();
  return db.transaction().execute(async (trx) => {
    const deliveredAt = new Date(now.getTime() - 2 * HOUR_MS);
    const welcome = await trx
      .insertInto('notifications')
      .values({
        title: 'Welcome to Newsreel',
        body: 'Your news in video, from your regions. Open today’s top story to start watching.',
        link: article ? `/v/${article.id}` : '/',
        audience: 'users',
        user_ids: [reader],
        send_at: deliveredAt,
        status: NotificationDeliveryStatus.DELIVERED,
        created_by: admin,
        approved_by: admin,
        delivered_at: deliveredAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('notification_recipients').values({ notification_id: welcome.id, user_id: reader, delivered_at: deliveredAt }).execute();
    await trx
      .insertInto('notifications')
      .values([
        {
          title: 'Weekend briefing',
          body: 'The week’s biggest stories in five short videos, ready for your weekend.',
          link: '/',
          audience: 'everyone',
          send_at: new Date(now.getTime() + 24 * HOUR_MS),
          status: NotificationDeliveryStatus.QUEUED,
          created_by: admin,
          approved_by: admin,
        },
        {
          title: 'New in your favourite category',
          body: 'Fresh reports just arrived in a category you follow.',
          link: null,
          audience: category ? 'categories' : 'everyone',
          category_ids: category ? [category.id] : [],
          send_at: new Date(now.getTime() + 3 * HOUR_MS),
          status: NotificationDeliveryStatus.PENDING_REVIEW,
          created_by: moderator,
        },
      ])
      .execute();
    return 3;
  });
}
