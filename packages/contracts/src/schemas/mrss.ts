import { Type, type Static } from 'typebox';

/** One media file of a feed item: <media:content>, <enclosure> or <media:subTitle> (a transcript). */
export const MrssMediaSchema = Type.Object({
  url: Type.String(),
  kind: Type.Union([Type.Literal('video'), Type.Literal('audio'), Type.Literal('image'), Type.Literal('transcript')]),
  fileType: Type.Union([Type.String(), Type.Null()], { description: 'MIME type as the feed gives it' }),
  fileSize: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: 'Bytes' }),
  durationSeconds: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  width: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  height: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  language: Type.Union([Type.String(), Type.Null()]),
});
export type MrssMedia = Static<typeof MrssMediaSchema>;

export const MrssThumbnailSchema = Type.Object({
  url: Type.String(),
  width: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  height: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});

export const MrssCreditSchema = Type.Object({
  name: Type.String(),
  role: Type.Union([Type.String(), Type.Null()], { description: 'e.g. author, producer, reporter' }),
});

/** What would keep a draft from becoming an article as it is (SPEC §3 minimums, a playable file). */
export const MrssProblemSchema = Type.Union(
  [Type.Literal('title-too-short'), Type.Literal('description-too-short'), Type.Literal('description-too-long'), Type.Literal('no-playable-media')],
  { description: 'title-too-short: under 12 characters; description-too-short / -too-long: outside 50–400; no-playable-media: no video or audio file' },
);
export type MrssProblem = Static<typeof MrssProblemSchema>;

/** A feed item as a draft article, with every piece of metadata the feed gave, for the publisher to review. */
export const MrssDraftSchema = Type.Object({
  guid: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  description: Type.String({ description: 'Plain text: markup in the feed is removed' }),
  link: Type.Union([Type.String(), Type.Null()]),
  publishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  language: Type.Union([Type.String(), Type.Null()]),
  categories: Type.Array(Type.String()),
  keywords: Type.Array(Type.String()),
  media: Type.Array(MrssMediaSchema),
  thumbnails: Type.Array(MrssThumbnailSchema),
  credits: Type.Array(MrssCreditSchema),
  copyright: Type.Union([Type.String(), Type.Null()]),
  problems: Type.Array(MrssProblemSchema),
});
export type MrssDraft = Static<typeof MrssDraftSchema>;

export const MrssFeedSchema = Type.Object({
  url: Type.String({ description: 'The address the feed was read from, after redirects' }),
  title: Type.String(),
  link: Type.Union([Type.String(), Type.Null()]),
  description: Type.String(),
  language: Type.Union([Type.String(), Type.Null()]),
  items: Type.Array(MrssDraftSchema),
});
export type MrssFeed = Static<typeof MrssFeedSchema>;

export const MrssLoadQuerySchema = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: 2048, description: 'The feed’s http or https address' }) },
  { additionalProperties: false },
);
export type MrssLoadQuery = Static<typeof MrssLoadQuerySchema>;
