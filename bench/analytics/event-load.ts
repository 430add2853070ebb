import { runLoad, type LoadSettings } from '../load';
import { eventRequests, type EventTraffic } from './event-traffic';

/** The analytics benchmark's load process (forked by run-analytics.ts): one job in, one result out. */
export interface EventLoadJob {
  settings: LoadSettings;
  traffic: EventTraffic;
}

process.once('message', (job: EventLoadJob) => {
  runLoad(job.settings, { next: eventRequests(job.traffic) }).then(
    (result) => process.send!({ result }, () => process.exit(0)),
    (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1)),
  );
});
