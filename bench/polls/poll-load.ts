import { runLoad, type LoadSettings } from '../load';
import { pollRequests, type PollTraffic } from './poll-traffic';

/**
 * The poll benchmark's load process (forked by run-polls.ts, so autocannon does not share the
 * event loop of the servers it measures): one job in, one result out, as load.ts does for reads.
 */
export interface PollLoadJob {
  settings: LoadSettings;
  traffic: PollTraffic;
}

process.once('message', (job: PollLoadJob) => {
  runLoad(job.settings, { next: pollRequests(job.traffic) }).then(
    (result) => process.send!({ result }, () => process.exit(0)),
    (error: unknown) => process.send!({ error: error instanceof Error ? error.message : String(error) }, () => process.exit(1)),
  );
});
