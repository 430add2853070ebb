// @vitest-environment jsdom

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queuedAnalyticsEvents, resetAnalytics, type AnalyticsRecord } from '../../../lib/analytics';
import { floodArticle } from '../../../test/article-fixture';
import { trackMedia, WatchTimeAccount } from './media-analytics';

/**
 * A media element as the player sees one play: jsdom's cannot. Position, duration and state are
 * set by the test, which fires the events a browser would.
 */
class FakeMedia extends EventTarget {
  currentTime = 0;
  duration = 40;
  paused = true;
  ended = false;
  playbackRate = 1;

  play() {
    this.paused = false;
    this.ended = false;
    this.dispatchEvent(new Event('play'));
  }
  pause() {
    this.paused = true;
    this.dispatchEvent(new Event('pause'));
  }
  /** Plays for `seconds` of media time, a time update every 250 ms (the clock moves with it). */
  async playFor(seconds: number) {
    for (let step = 0; step < seconds * 4; step += 1) {
      this.currentTime = Math.min(this.duration, this.currentTime + 0.25);
      await vi.advanceTimersByTimeAsync(250);
      this.dispatchEvent(new Event('timeupdate'));
    }
  }
  seekTo(seconds: number) {
    this.currentTime = seconds;
    this.dispatchEvent(new Event('seeking'));
    this.dispatchEvent(new Event('seeked'));
  }
  end() {
    this.currentTime = this.duration;
    this.paused = true;
    this.ended = true;
    this.dispatchEvent(new Event('pause'));
    this.dispatchEvent(new Event('ended'));
  }
}

const events = () => queuedAnalyticsEvents().map(({ action, watchSeconds, quartile, position }) => ({ action, ...(watchSeconds !== undefined && { watchSeconds }), ...(quartile !== undefined && { quartile }), ...(position !== undefined && action !== 'Watch Time' && { position }) }));
const watched = () => queuedAnalyticsEvents().filter((event) => event.action === 'Watch Time').reduce((sum, event) => sum + (event.watchSeconds as number), 0);

describe('WatchTimeAccount', () => {
  it('counts the position moving forward while playing, leaves out jumps, and carries parts of a second into the next report', () => {
    const account = new WatchTimeAccount(0);
    account.playedTo(0.25);
    account.playedTo(2.75);
    expect(account.take()).toBe(2);
    account.jumpedTo(30);
    account.playedTo(30.5);
    expect(account.take()).toBe(1);
    // A step far longer than time updates come is a jump the media made, not watching.
    account.playedTo(100);
    account.playedTo(99);
    expect(account.take(true)).toBe(0);
  });
});

describe('the player’s media events', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-11-26T10:00:00.000Z') });
    resetAnalytics();
  });
  afterEach(() => resetAnalytics());

  it('sends Play, Quartiles once each, Watch Time at most every 10 s while playing and on pause, and Complete', async () => {
    const media = new FakeMedia();
    media.play();
    const stop = trackMedia(media as unknown as HTMLMediaElement, floodArticle, { playlistId: 'pl-7' });
    await media.playFor(12);
    media.pause();
    expect(events()).toEqual([
      { action: 'Play', position: 0 },
      { action: 'Quartile', quartile: 25, position: 10 },
      { action: 'Watch Time', watchSeconds: 10 },
      { action: 'Pause', position: 12 },
      { action: 'Watch Time', watchSeconds: 2 },
    ]);
    expect(queuedAnalyticsEvents().every((event) => event.articleId === floodArticle.id && event.playlistId === 'pl-7')).toBe(true);

    // A seek back: the quartile already passed is not sent again, the jump is not watching.
    media.seekTo(5);
    media.play();
    await media.playFor(20);
    media.seekTo(36);
    await media.playFor(2);
    media.end();
    expect(events().slice(5)).toEqual([
      { action: 'Seek', position: 5 },
      { action: 'Play', position: 5 },
      { action: 'Watch Time', watchSeconds: 10 },
      { action: 'Quartile', quartile: 50, position: 20 },
      { action: 'Watch Time', watchSeconds: 10 },
      { action: 'Seek', position: 36 },
      { action: 'Quartile', quartile: 75, position: 36.3 },
      { action: 'Complete', position: 40 },
      { action: 'Watch Time', watchSeconds: 4 },
    ]);
    expect(watched()).toBe(12 + 20 + 4);

    // Played again from the start: a new play-through with its own quartiles.
    media.seekTo(0);
    media.play();
    await media.playFor(11);
    stop();
    expect(queuedAnalyticsEvents().filter((event) => event.action === 'Seek').map(({ seekFrom, position }) => [seekFrom, position])).toEqual([
      [12, 5],
      [25, 36],
    ]);
    expect(events().slice(14)).toEqual([
      { action: 'Play', position: 0 },
      { action: 'Quartile', quartile: 25, position: 10 },
      { action: 'Watch Time', watchSeconds: 10 },
      { action: 'Watch Time', watchSeconds: 1 },
    ]);
  });

  it('sends the watch time when the page is hidden (at once: a hidden page may never run a timer again), and nothing more once stopped', async () => {
    const beacons: string[] = [];
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: (_url: string, body: string) => (beacons.push(body), true) });
    const media = new FakeMedia();
    media.play();
    const stop = trackMedia(media as unknown as HTMLMediaElement, floodArticle);
    await media.playFor(3);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    document.dispatchEvent(new Event('visibilitychange'));
    const sent = () => beacons.flatMap((body) => (JSON.parse(body) as { events: AnalyticsRecord[] }).events.map(({ data }) => data));
    expect(sent().map(({ action, watchSeconds }) => ({ action, watchSeconds }))).toEqual([
      { action: 'Play', watchSeconds: undefined },
      { action: 'Watch Time', watchSeconds: 3 },
    ]);
    stop();
    media.pause();
    await media.playFor(3);
    expect(sent()).toHaveLength(2);
    expect(queuedAnalyticsEvents()).toEqual([]);
    expect(sent()[0]).not.toHaveProperty('playlistId');
  });

  it('sends the Play at the time it started when the module came later, and what the media did meanwhile', async () => {
    const media = new FakeMedia();
    media.currentTime = 3;
    media.play();
    const startedAt = new Date();
    await media.playFor(1.5);
    media.pause();
    trackMedia(media as unknown as HTMLMediaElement, floodArticle, { startedAt, startPosition: 3 });
    const [play, pause, watch] = queuedAnalyticsEvents();
    expect(play).toMatchObject({ action: 'Play', position: 3, timestamp: startedAt.toISOString() });
    expect(pause).toMatchObject({ action: 'Pause', position: 4.5 });
    expect(Date.parse(pause!.timestamp) - startedAt.getTime()).toBe(1_500);
    expect(watch).toMatchObject({ action: 'Watch Time', watchSeconds: 1 });
  });
});
