import { Type, type Static } from 'typebox';

/** The longest a new poster may wait before it replaces the current one: a week, in seconds. */
export const POSTER_DELAY_MAX_SECONDS = 7 * 24 * 60 * 60;
/** The largest image a thumbnail import reads. */
export const THUMBNAIL_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

const Delay = Type.Integer({
  minimum: 0,
  maximum: POSTER_DELAY_MAX_SECONDS,
  default: 0,
  description: 'Seconds until the new poster replaces the current one (0: at once), e.g. the end of an embargo; the image itself is made at once',
});

/** PUT …/media/{id}/keyframe (SPEC §3 key frame): the frame at `position` becomes the article's poster. */
export const KeyframeBodySchema = Type.Object(
  {
    articleId: Type.String({ format: 'uuid', description: 'The article the video belongs to' }),
    position: Type.Number({ minimum: 0, maximum: 86_400, description: 'The second of the video whose frame becomes the poster' }),
    delay: Type.Optional(Delay),
  },
  { additionalProperties: false },
);
export type KeyframeBody = Static<typeof KeyframeBodySchema>;

/** PUT …/media/{id}/thumbnail/import (SPEC §3 thumbnail import): an image from an address becomes the poster. */
export const ThumbnailImportBodySchema = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'An http or https address of a JPEG, PNG, WebP or GIF image' }),
    delay: Type.Optional(Delay),
  },
  { additionalProperties: false },
);
export type ThumbnailImportBody = Static<typeof ThumbnailImportBodySchema>;

export const PosterChangeSchema = Type.Object({
  articleId: Type.String({ format: 'uuid' }),
  posterUrl: Type.String({ description: 'The new poster, stored in the media store' }),
  appliesAt: Type.String({ format: 'date-time', description: 'When readers see it: now, or after the delay' }),
  applied: Type.Boolean({ description: 'true: readers see it already; false: a job puts it in place at appliesAt' }),
});
export type PosterChange = Static<typeof PosterChangeSchema>;
