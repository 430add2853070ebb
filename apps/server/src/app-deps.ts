import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import type { GeoIpLookup } from './integrations/geoip/geoip';
import type { Mailer } from './integrations/mail/mailer';
import type { EventStream } from './integrations/stream/event-stream';
import type { MediaStore } from './integrations/storage/media-store';
import type { TokenService } from './modules/auth/tokens';
import type { ContentRepositories } from './modules/content-repositories';
import type { JobQueue } from './modules/jobs/job-queue';

/** What the route modules are built from; each module takes only the parts it needs. */
export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  geoIp: GeoIpLookup;
  content: ContentRepositories;
  /** Signs and checks access tokens (modules/auth/tokens.ts). */
  tokens: TokenService;
  mailer: Mailer;
  /** Uploaded media (integrations/storage). */
  media: MediaStore;
  /** Where acknowledged analytics events go (integrations/stream; STREAM). */
  stream: EventStream;
  /** Background jobs: a domain registers its own from its plugin (modules/jobs/job-queue.ts). */
  jobs: JobQueue;
  version: string;
  startedAt: number;
}
