#!/usr/bin/env bash
# make-demo-media.sh — regenerates the demo catalogue's media (authoring tool only).
#
# The server never runs this: its output is committed. Run it after editing
# apps/server/src/db/demo/catalogue.json, then run check-demo-catalogue.mjs.
#
# What it does, for every article in catalogue.json, into
# apps/server/src/db/demo/media/<slug>/:
#   poster.jpg       960x540 gradient in the publisher's colours, title in DejaVu Sans Bold
#                    (drawtext textfile=, so no escaping); JPEG quality is lowered until the
#                    file is <= 21 KB (hard limit 45 KB)
#   audio.mp3        espeak-ng narration (one WAV per sentence, 0.35 s silence between),
#                    mono 22.05 kHz MP3 at $MP3_BITRATE (24k: 32k would push media/ past 30 MB)
#   video.webm       only for media "video": 640x360, 15 fps VP9 (libvpx-vp9 crf 52, capped at
#                    $VIDEO_BITRATE, -deadline good -cpu-used 4, one keyframe per clip) showing a
#                    slow Ken Burns zoom on the poster, plus Opus narration at $OPUS_BITRATE;
#                    crf is raised if a file passes 400 KB
#   transcript.json  {language, cues:[{start,end,text}]}, cue times computed from the exact
#                    sample count of each sentence WAV (measured with ffprobe), so they match
#                    the audio including the silences
#   meta.json        {durationSeconds, audioBytes, videoBytes, posterBytes}
#
# IT DELETES AND REWRITES apps/server/src/db/demo/media/ entirely.
#
# Needs (Debian/Ubuntu):  apt-get install -y ffmpeg espeak-ng fonts-dejavu-core
#   plus node (already needed by the project) for JSON handling and title layout.
#   Optional: fonts-wqy-microhei, so Chinese titles render (otherwise they fall back to
#   DejaVu, which has no CJK glyphs).
#
# Usage:  apps/server/scripts/make-demo-media.sh [slug ...]
#   With slugs, only those articles are (re)made and the rest of media/ is kept.
# Environment: JOBS (parallel jobs, default 2), MP3_BITRATE (default 24k),
#   OPUS_BITRATE (default 16k), VIDEO_BITRATE (default 30k),
#   SPEECH_RATE (espeak-ng words per minute, default 170).
# The defaults keep media/ at about 22 MB for ~190 articles (limit 30 MB).
#
# Takes about 25 CPU-minutes for ~190 articles (38 min wall clock with 2 jobs on a busy
# 2-core machine); most of it is VP9 encoding.

set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SERVER_DIR="$(cd "$SCRIPT_DIR/.." && pwd)"
DEMO_DIR="$SERVER_DIR/src/db/demo"
CATALOGUE="$DEMO_DIR/catalogue.json"
MEDIA_DIR="$DEMO_DIR/media"
HELPER="$SCRIPT_DIR/demo-media-helper.mjs"

export JOBS="${JOBS:-2}"
export MP3_BITRATE="${MP3_BITRATE:-24k}"
export OPUS_BITRATE="${OPUS_BITRATE:-16k}"
export SPEECH_RATE="${SPEECH_RATE:-170}"
export POSTER_MAX_BYTES=$((45 * 1024))     # hard limit
export POSTER_TARGET_BYTES=$((21 * 1024))  # what we aim for, to keep media/ well under 30 MB
export VIDEO_MAX_BYTES=$((400 * 1024))
export SAMPLE_RATE=22050
export GAP_SAMPLES=7718   # round(0.35 * 22050), must match demo-media-helper.mjs
export FPS=15
export VIDEO_BITRATE="${VIDEO_BITRATE:-30k}"

# ---------------------------------------------------------------------------
# One article. Called by xargs as: make-demo-media.sh --one <slug>
make_one() {
  local slug="$1"
  local job="$WORK/$slug"
  local out="$MEDIA_DIR/$slug"
  local ff=(ffmpeg -hide_banner -loglevel error -nostdin -y)
  # shellcheck disable=SC1091
  source "$job/job.env"   # VOICE MEDIA COUNT LANGUAGE
  rm -rf "$out"
  mkdir -p "$out"

  # poster: lower JPEG quality step by step until it reaches the target size
  local q
  for q in 5 6 7 8 9 10 12 14 16 20; do
    "${ff[@]}" -filter_complex_script "$job/poster.filter" -frames:v 1 -q:v "$q" "$out/poster.jpg"
    [ "$(stat -c %s "$out/poster.jpg")" -le "$POSTER_TARGET_BYTES" ] && break
  done
  [ "$(stat -c %s "$out/poster.jpg")" -le "$POSTER_MAX_BYTES" ] || { echo "$slug: poster too large" >&2; exit 1; }

  # narration: one WAV per sentence, measured, converted to raw PCM and joined
  : > "$job/samples.txt"
  head -c $((GAP_SAMPLES * 2)) /dev/zero > "$job/gap.raw"
  : > "$job/full.raw"
  local i samples raw
  for ((i = 1; i <= COUNT; i++)); do
    espeak-ng -v "$VOICE" -s "$SPEECH_RATE" -f "$job/s$i.txt" -w "$job/s$i.wav"
    "${ff[@]}" -i "$job/s$i.wav" -ac 1 -ar "$SAMPLE_RATE" -f s16le "$job/s$i.raw"
    samples="$(ffprobe -v error -select_streams a:0 -show_entries stream=duration_ts -of csv=p=0 "$job/s$i.wav")"
    raw=$(( $(stat -c %s "$job/s$i.raw") / 2 ))
    if [ "$samples" != "$raw" ]; then
      # espeak-ng writes 22.05 kHz; if that ever changes, trust the resampled PCM
      samples="$raw"
    fi
    echo "$samples" >> "$job/samples.txt"
    cat "$job/s$i.raw" >> "$job/full.raw"
    [ "$i" -lt "$COUNT" ] && cat "$job/gap.raw" >> "$job/full.raw"
  done
  local duration
  duration="$(node "$HELPER" duration "$job/samples.txt")"

  "${ff[@]}" -f s16le -ar "$SAMPLE_RATE" -ac 1 -i "$job/full.raw" \
    -map_metadata -1 -c:a libmp3lame -b:a "$MP3_BITRATE" -ar "$SAMPLE_RATE" -ac 1 "$out/audio.mp3"

  if [ "$MEDIA" = "video" ]; then
    local frames crf
    frames="$(awk -v d="$duration" -v f="$FPS" 'BEGIN { printf "%d", d * f + 0.999 }')"
    # slow Ken Burns zoom (1.00 -> 1.08) towards the centre; the 2x upscale first keeps
    # zoompan's integer crop steps from jittering
    local vf="scale=1920:1080:flags=lanczos,zoompan=z='1+0.08*on/$frames':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=$frames:s=640x360:fps=$FPS,format=yuv420p"
    for crf in 52 56 60 63; do
      "${ff[@]}" -i "$out/poster.jpg" -f s16le -ar "$SAMPLE_RATE" -ac 1 -i "$job/full.raw" \
        -filter_complex "[0:v]$vf[v]" -map '[v]' -map 1:a -t "$duration" -map_metadata -1 \
        -c:v libvpx-vp9 -crf "$crf" -b:v "$VIDEO_BITRATE" -deadline good -cpu-used 4 -row-mt 1 -threads 1 -g "$frames" \
        -c:a libopus -b:a "$OPUS_BITRATE" -ar 24000 -ac 1 -application voip \
        "$out/video.webm"
      [ "$(stat -c %s "$out/video.webm")" -le "$VIDEO_MAX_BYTES" ] && break
    done
    [ "$(stat -c %s "$out/video.webm")" -le "$VIDEO_MAX_BYTES" ] || { echo "$slug: video too large" >&2; exit 1; }
  fi

  node "$HELPER" finalize "$CATALOGUE" "$job" "$out"
  rm -f "$job"/*.wav "$job"/*.raw
  echo "  $slug ($duration s, $MEDIA)"
}

if [ "${1:-}" = "--one" ]; then
  make_one "$2"
  exit 0
fi

# ---------------------------------------------------------------------------
for tool in ffmpeg ffprobe espeak-ng node awk; do
  command -v "$tool" > /dev/null || { echo "missing $tool (apt-get install -y ffmpeg espeak-ng fonts-dejavu-core)" >&2; exit 1; }
done
for f in /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf; do
  [ -f "$f" ] || { echo "missing $f (apt-get install -y fonts-dejavu-core)" >&2; exit 1; }
done
encoders="$(ffmpeg -hide_banner -encoders 2> /dev/null)"
for enc in libvpx-vp9 libopus libmp3lame; do
  [[ "$encoders" == *"$enc"* ]] || { echo "ffmpeg lacks the $enc encoder" >&2; exit 1; }
done

WORK="$(mktemp -d)"
export WORK
trap 'rm -rf "$WORK"' EXIT

start=$(date +%s)
node "$HELPER" plan "$CATALOGUE" "$WORK"
if [ "$#" -gt 0 ]; then
  printf '%s\n' "$@" > "$WORK/slugs.txt"
else
  rm -rf "$MEDIA_DIR"
fi
mkdir -p "$MEDIA_DIR"

xargs -P "$JOBS" -n 1 bash "${BASH_SOURCE[0]}" --one < "$WORK/slugs.txt"

end=$(date +%s)
echo "done in $((end - start)) s"
du -sh "$MEDIA_DIR"
