/**
 * Resolves in a new task of the event loop, so the work after it does not add to the task that
 * is running: the start of the app is several short tasks instead of one long one that keeps
 * the page from answering (Total Blocking Time counts every task over 50 ms).
 */
export function nextTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    // A message is answered in a new task without the delay browsers put on nested timeouts.
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(undefined);
  });
}
