import type { AdminCategory, AdminCategoryCreateBody, AdminCategoryListQuery, AdminCategoryUpdateBody } from '@newsreel/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { Page } from '../articles/article-repository';
import type { AuditActor } from '../audit/audit-log';
import { auditedResource } from '../audit/audited-resource';
import { createCategoryAdminRepository, type CategoryUsage } from './category-admin-repository';

const NO_CATEGORY = 'There is no category with that id.';
const RESOURCE = 'category';

const slugTaken = (slug: string) => conflict(`There is already a category with the slug "${slug}"; choose another slug.`);
const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "used by 3 articles and 1 poll target", or null when nothing uses it. */
export function usageInWords(usage: CategoryUsage): string | null {
  const parts = [
    usage.articles > 0 ? plural(usage.articles, 'article', 'articles') : null,
    usage.pollTargets > 0 ? plural(usage.pollTargets, 'poll target', 'poll targets') : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' and ') : null;
}

export interface CategoryAdminServiceDeps {
  db: Kysely<Database>;
  /** Called after every committed change, so the public reads show it (admin-routes.ts). */
  changed: () => void;
}

/**
 * The admin's categories (SPEC §3, §7 Admin): every write is recorded in the audit log in its own
 * transaction (audit/audited-resource.ts), and a category that articles or poll targets name cannot be deleted (409 says how
 * many of each).
 */
export function createCategoryAdminService({ db, changed }: CategoryAdminServiceDeps) {
  const reads = createCategoryAdminRepository(db);
  const writes = auditedResource({
    db,
    resource: RESOURCE,
    noSuch: NO_CATEGORY,
    repository: createCategoryAdminRepository,
    taken: (body: AdminCategoryCreateBody | AdminCategoryUpdateBody) => (body.slug === undefined ? undefined : () => slugTaken(body.slug!)),
    changed: () => changed(),
  });

  return {
    list: (query: AdminCategoryListQuery, page: Page) => reads.list(query, page),

    async get(id: string): Promise<AdminCategory> {
      const category = await reads.get(id);
      if (!category) throw notFound(NO_CATEGORY);
      return category;
    },

    create: (actor: AuditActor, body: AdminCategoryCreateBody): Promise<AdminCategory> => writes.create(actor, body),

    update: (actor: AuditActor, id: string, body: AdminCategoryUpdateBody): Promise<AdminCategory> => writes.update(actor, id, body),

    remove: (actor: AuditActor, id: string): Promise<void> =>
      writes.remove(actor, id, {
        check: async (before, repo) => {
          const inUse = usageInWords(await repo.usage(id));
          if (inUse) {
            throw conflict(`The category "${before.name}" is used by ${inUse}; move them to another category or remove them, then delete it.`);
          }
        },
      }),
  };
}
