import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEDIA_DIR } from '../../db/demo-seed';
import { FFMPEG_PATH, MediaToolError, makePoster, posterSecond, probeMedia } from './media-tools';

describe('probing media and drawing posters with the shipped ffprobe and ffmpeg', () => {
  let dir: string;
  let clip: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'newsreel-media-tools-'));
    // A 2-second 320×240 test pattern with a tone, made by the shipped ffmpeg.
    clip = path.join(dir, 'clip.mp4');
    await promisify(execFile)(FFMPEG_PATH, [
      '-v', 'error',
      '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=10',
      '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2',
      '-shortest', '-pix_fmt', 'yuv420p', clip,
    ]);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('probes a video’s duration, picture size and streams', async () => {
    const probe = await probeMedia(clip);
    expect(probe).toMatchObject({ width: 320, height: 240, hasVideo: true, hasAudio: true });
    expect(probe.format).toContain('mp4');
    expect(probe.durationSeconds).toBeGreaterThan(1.9);
    expect(probe.durationSeconds).toBeLessThan(2.2);
  });

  it('draws a JPEG poster of a frame', async () => {
    const jpeg = await makePoster(clip, posterSecond(2));
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const poster = path.join(dir, 'poster.jpg');
    await writeFile(poster, jpeg);
    expect(await probeMedia(poster)).toMatchObject({ width: 320, height: 240, durationSeconds: null, hasVideo: false, hasAudio: false });
  });

  it('probes the demo’s audio: a length, no picture', async () => {
    const probe = await probeMedia(path.join(DEMO_MEDIA_DIR, 'amsterdam-grachten-schoonmaak', 'audio.mp3'));
    expect(probe).toMatchObject({ format: 'mp3', width: null, height: null, hasVideo: false, hasAudio: true });
    expect(probe.durationSeconds).toBeGreaterThan(1);
  });

  it('says so when a file is not media', async () => {
    const text = path.join(dir, 'not-media.mp4');
    await writeFile(text, 'this is not a video');
    await expect(probeMedia(text)).rejects.toThrow(MediaToolError);
    await expect(makePoster(text, 0)).rejects.toThrow(/ffmpeg could not read the file/);
  });

  it('takes the poster a second in, or from the middle of a shorter file', () => {
    expect(posterSecond(20)).toBe(1);
    expect(posterSecond(1)).toBe(0.5);
    expect(posterSecond(null)).toBe(0);
  });
});
