import { execFile } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';

/**
 * ffprobe and ffmpeg, from the npm packages that ship their binaries for this platform
 * (@ffprobe-installer/ffprobe, @ffmpeg-installer/ffmpeg): nothing is downloaded at run time.
 * Each run has a time limit and reads only the file it is given.
 */
const FFPROBE = ffprobeInstaller.path;
const FFMPEG = ffmpegInstaller.path;

/** A probe or a poster that takes longer than this fails. */
const RUN_TIMEOUT_MS = 60_000;
/** A poster frame is at most this wide (its height follows the picture's shape). */
export const POSTER_MAX_WIDTH = 1280;

export interface MediaProbe {
  /** ffprobe's container name(s), e.g. "matroska,webm" or "mp3". */
  format: string;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

/** A tool that could not read the file; the message says what it answered. */
export class MediaToolError extends Error {}

function run(binary: string, args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { encoding: 'buffer', timeout: RUN_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024, windowsHide: true }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const said = stderr.toString('utf8').trim().split('\n').slice(-3).join(' ').slice(0, 500);
      const name = binary === FFPROBE ? 'ffprobe' : 'ffmpeg';
      if ((error as NodeJS.ErrnoException).code === 'EACCES' || (error as NodeJS.ErrnoException).code === 'ENOENT') {
        return reject(new Error(`${name} could not be started (${(error as NodeJS.ErrnoException).code}) at ${binary}: reinstall the server's npm packages.`));
      }
      if (error.killed) return reject(new MediaToolError(`${name} took longer than ${RUN_TIMEOUT_MS / 1000} s and was stopped.`));
      reject(new MediaToolError(`${name} could not read the file${said ? `: ${said}` : '.'}`));
    });
  });
}

interface ProbeJson {
  format?: { format_name?: string; duration?: string };
  streams?: { codec_type?: string; width?: number; height?: number; duration?: string; disposition?: { attached_pic?: number } }[];
}

const positive = (value: string | number | undefined) => {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : null;
};

/** The file's length, picture size and streams, by ffprobe. */
export async function probeMedia(file: string): Promise<MediaProbe> {
  const output = await run(FFPROBE, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', '--', file]);
  let json: ProbeJson;
  try {
    json = JSON.parse(output.toString('utf8')) as ProbeJson;
  } catch {
    throw new MediaToolError('ffprobe answered something that is not JSON.');
  }
  const streams = json.streams ?? [];
  if (!json.format?.format_name || streams.length === 0) throw new MediaToolError('ffprobe found no audio, video or picture in the file.');
  // A still image (ffprobe's image2 or *_pipe formats) and a cover image inside an audio file are
  // "video" streams too; they are pictures, not video.
  const still = /(^|,)(image2|[a-z0-9]+_pipe)(,|$)/.test(json.format.format_name);
  const picture = streams.find((stream) => stream.codec_type === 'video');
  const moving = still ? undefined : streams.find((stream) => stream.codec_type === 'video' && !stream.disposition?.attached_pic);
  const duration = positive(json.format.duration) ?? positive(moving?.duration);
  return {
    format: json.format.format_name,
    // A still image has no length.
    durationSeconds: moving || streams.some((stream) => stream.codec_type === 'audio') ? duration : null,
    width: positive(picture?.width),
    height: positive(picture?.height),
    hasVideo: moving !== undefined,
    hasAudio: streams.some((stream) => stream.codec_type === 'audio'),
  };
}

/** Where a poster is taken from: a second in, or the middle of a shorter file. */
export function posterSecond(durationSeconds: number | null): number {
  return durationSeconds ? Math.min(1, durationSeconds / 2) : 0;
}

/** A JPEG of the frame at `atSeconds`, at most POSTER_MAX_WIDTH wide, by ffmpeg. */
export async function makePoster(file: string, atSeconds: number): Promise<Buffer> {
  const jpeg = await run(FFMPEG, [
    '-v', 'error',
    '-ss', atSeconds.toFixed(3),
    '-i', file,
    '-frames:v', '1',
    '-vf', `scale='min(${POSTER_MAX_WIDTH},iw)':-2`,
    '-f', 'image2pipe',
    '-c:v', 'mjpeg',
    '-q:v', '3',
    'pipe:1',
  ]);
  if (jpeg.length === 0) throw new MediaToolError(`ffmpeg drew no frame at ${atSeconds.toFixed(3)} s: the file may have no picture there.`);
  return jpeg;
}

/** ffmpeg's path, for tests that make a small media file. */
export const FFMPEG_PATH = FFMPEG;
