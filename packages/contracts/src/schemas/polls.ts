import { Type, type Static } from 'typebox';
import { PollStatus, PollType, PollVisibility, QuestionType, VISITOR_META_FIELDS, enumValues } from '../enums';
import { RADIUS_OPTIONS_M } from '../constants';
import { LatitudeSchema, ListSchema, LiteralUnion, LongitudeSchema, PaginationQuerySchema } from './common';
import { IdSchema } from './content';

/** Polls (SPEC §3 Poll, Poll request, Poll vote; §4 Poll offering; §7 Polls public and admin). */

const MAX_RADIUS_M = RADIUS_OPTIONS_M[RADIUS_OPTIONS_M.length - 1];

export const POLL_NAME_MAX = 120;
export const POLL_LABEL_MAX = 300;
export const POLL_ANSWER_LABEL_MAX = 120;
/** A poll's questions and a question's answers, at most. */
export const POLL_QUESTIONS_MAX = 20;
export const POLL_ANSWERS_MAX = 12;
/** Poll assets (an image or a short video shown above the questions), at most this large. */
export const POLL_ASSET_MAX_BYTES = 20 * 1024 * 1024;
export const POLL_ASSET_FILE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'video/mp4', 'video/webm'] as const;
export type PollAssetFileType = (typeof POLL_ASSET_FILE_TYPES)[number];
/**
 * Voters' positions are kept rounded to this many decimal places (0.01° ≈ 1.1 km), enough for
 * "near you" results, never a reader's address.
 */
export const POLL_VOTE_POSITION_DECIMALS = 2;
/** The radius of "near you" results when the caller names none: SPEC §9's default local radius. */
export const POLL_NEARBY_RADIUS_DEFAULT_M = 50_000;

export const PollStatusSchema = LiteralUnion(enumValues(PollStatus), { description: 'SPEC §3: pending 0, ready 1, live 2, ended 3' });
export const PollTypeSchema = LiteralUnion(enumValues(PollType), { description: 'SPEC §3: rapid 0, survey 1' });
export const PollVisibilitySchema = LiteralUnion(enumValues(PollVisibility), { description: 'SPEC §3: public 0, private 1' });
export const QuestionTypeSchema = LiteralUnion(enumValues(QuestionType), { description: 'SPEC §3: standard 0, scale 1, visitor meta 2' });
export const VisitorMetaFieldSchema = LiteralUnion(VISITOR_META_FIELDS, { description: 'SPEC §3 visitor meta field' });

export const PollAnswerSchema = Type.Object({
  id: IdSchema,
  label: Type.String(),
  order: Type.Integer({ description: 'Position among the question’s answers, from 0' }),
});
export type PollAnswer = Static<typeof PollAnswerSchema>;

export const PollQuestionSchema = Type.Object({
  id: IdSchema,
  label: Type.String(),
  type: QuestionTypeSchema,
  order: Type.Integer({ description: 'Position among the poll’s questions, from 0' }),
  field: Type.Union([VisitorMetaFieldSchema, Type.Null()], {
    description: 'For a visitor-meta question, the visitor field its answer fills (the answer’s label is the value); null otherwise',
  }),
  answers: Type.Array(PollAnswerSchema),
});
export type PollQuestion = Static<typeof PollQuestionSchema>;

export const PollAssetSchema = Type.Object({
  fileType: LiteralUnion(POLL_ASSET_FILE_TYPES),
  fileName: Type.String(),
  url: Type.Union([Type.String(), Type.Null()], { description: 'Where the file is served; null until it has been uploaded' }),
});
export type PollAsset = Static<typeof PollAssetSchema>;

export const PollConfigSchema = Type.Object(
  {
    field: Type.Optional(VisitorMetaFieldSchema),
  },
  { additionalProperties: false, description: 'SPEC §3 config.field: the visitor field a visitor-meta poll fills' },
);

/** A poll as readers get it: live polls' questions and answers, in order. */
export const PollSchema = Type.Object({
  id: IdSchema,
  name: Type.String(),
  priority: Type.Integer({ description: 'Lower is offered first' }),
  type: PollTypeSchema,
  status: PollStatusSchema,
  visibility: PollVisibilitySchema,
  config: PollConfigSchema,
  startsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  endsAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  assets: Type.Array(PollAssetSchema),
  questions: Type.Array(PollQuestionSchema),
});
export type Poll = Static<typeof PollSchema>;

/** POST /v1/polls/find (SPEC §3 Poll request): what the reader is looking at, and where. */
export const PollRequestSchema = Type.Object(
  {
    type: Type.Optional(PollTypeSchema),
    visitorId: Type.Optional(Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'The visitor asking; polls it has answered every question of are left out' })),
    regionIds: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 32 })),
    lat: Type.Optional(LatitudeSchema),
    lon: Type.Optional(LongitudeSchema),
    articleId: Type.Optional(IdSchema),
    categoryIds: Type.Optional(Type.Array(IdSchema, { maxItems: 32 })),
    publisherId: Type.Optional(IdSchema),
    storyId: Type.Optional(IdSchema),
  },
  { additionalProperties: false },
);
export type PollRequest = Static<typeof PollRequestSchema>;

/**
 * POST /v1/polls/find's page (query string): a reader's app needs only the first few polls it has
 * not answered (POLL_OFFER_CANDIDATES), not a whole page of them.
 */
export const PollFindQuerySchema = PaginationQuerySchema;
export type PollFindQuery = Static<typeof PollFindQuerySchema>;
/** How many polls the reader's app asks find for: enough to skip those it finished or knows. */
export const POLL_OFFER_CANDIDATES = 5;

export const PollListResponseSchema = ListSchema(PollSchema);
export type PollList = Static<typeof PollListResponseSchema>;

/** POST /v1/polls/{id}/vote (SPEC §3 Poll vote). */
export const PollVoteBodySchema = Type.Object(
  {
    visitorId: Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description: 'The voting visitor' }),
    pollQuestionId: IdSchema,
    pollAnswerId: IdSchema,
    lat: Type.Optional(LatitudeSchema),
    lon: Type.Optional(LongitudeSchema),
    regionId: Type.Optional(Type.Integer({ minimum: 0, description: 'The reader’s region; the client address’s region when left out' })),
  },
  { additionalProperties: false },
);
export type PollVoteBody = Static<typeof PollVoteBodySchema>;

export const PollVoteSchema = Type.Object({
  pollId: IdSchema,
  pollQuestionId: IdSchema,
  pollAnswerId: IdSchema,
  createdAt: Type.String({ format: 'date-time' }),
});
export type PollVote = Static<typeof PollVoteSchema>;

export const AnswerCountSchema = Type.Object({
  pollAnswerId: IdSchema,
  label: Type.String(),
  count: Type.Integer({ minimum: 0 }),
  percentage: Type.Number({ minimum: 0, maximum: 100, description: 'Share of the question’s votes in this scope, to one decimal place (0 when there are none)' }),
});
export type AnswerCount = Static<typeof AnswerCountSchema>;

export const QuestionCountsSchema = Type.Object({
  pollQuestionId: IdSchema,
  label: Type.String(),
  total: Type.Integer({ minimum: 0 }),
  answers: Type.Array(AnswerCountSchema),
});
export type QuestionCounts = Static<typeof QuestionCountsSchema>;

/** GET /v1/polls/{id}/counts: where the local results are taken from. */
export const PollCountsQuerySchema = Type.Object({
  lat: Type.Optional(LatitudeSchema),
  lon: Type.Optional(LongitudeSchema),
  radius: Type.Optional(Type.Integer({ minimum: 1000, maximum: MAX_RADIUS_M, description: `Metres around lat, lon for "near you" (default ${POLL_NEARBY_RADIUS_DEFAULT_M})` })),
  regionId: Type.Optional(Type.Integer({ minimum: 0, description: 'The reader’s region for "your region"' })),
});
export type PollCountsQuery = Static<typeof PollCountsQuerySchema>;

export const PollCountsSchema = Type.Object({
  pollId: IdSchema,
  everyone: Type.Array(QuestionCountsSchema),
  nearby: Type.Union([
    Type.Object({ lat: Type.Number(), lon: Type.Number(), radius: Type.Integer(), questions: Type.Array(QuestionCountsSchema) }),
    Type.Null(),
  ], { description: 'Voters within radius of lat, lon; null when no position was given' }),
  region: Type.Union([
    Type.Object({ regionId: Type.Integer(), questions: Type.Array(QuestionCountsSchema) }),
    Type.Null(),
  ], { description: 'Voters in regionId; null when no region was given' }),
});
export type PollCounts = Static<typeof PollCountsSchema>;

// ── Admin (/v1/admin/polls) ───────────────────────────────────────────────────────────────────

/**
 * Who a poll is for. One target matches a request when every field it sets matches (regions and
 * categories: any shared id; the circle: the request's position inside it); a poll matches when
 * any of its targets does, and a poll without targets matches everyone.
 */
export const PollTargetSchema = Type.Object({
  id: IdSchema,
  regionIds: Type.Array(Type.Integer({ minimum: 0 })),
  categoryIds: Type.Array(IdSchema),
  publisherId: Type.Union([IdSchema, Type.Null()]),
  storyId: Type.Union([IdSchema, Type.Null()]),
  articleId: Type.Union([IdSchema, Type.Null()]),
  lat: Type.Union([Type.Number(), Type.Null()]),
  lon: Type.Union([Type.Number(), Type.Null()]),
  radius: Type.Union([Type.Integer(), Type.Null()], { description: 'Metres; lat, lon and radius are set together or not at all' }),
});
export type PollTarget = Static<typeof PollTargetSchema>;

export const PollTargetBodySchema = Type.Object(
  {
    regionIds: Type.Optional(Type.Array(Type.Integer({ minimum: 0 }), { maxItems: 32 })),
    categoryIds: Type.Optional(Type.Array(IdSchema, { maxItems: 32 })),
    publisherId: Type.Optional(Type.Union([IdSchema, Type.Null()])),
    storyId: Type.Optional(Type.Union([IdSchema, Type.Null()])),
    articleId: Type.Optional(Type.Union([IdSchema, Type.Null()])),
    lat: Type.Optional(Type.Union([LatitudeSchema, Type.Null()])),
    lon: Type.Optional(Type.Union([LongitudeSchema, Type.Null()])),
    radius: Type.Optional(Type.Union([Type.Integer({ minimum: 1000, maximum: MAX_RADIUS_M }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type PollTargetBody = Static<typeof PollTargetBodySchema>;

export const AdminPollSchema = Type.Intersect([
  PollSchema,
  Type.Object({
    targets: Type.Array(PollTargetSchema),
    voteCount: Type.Integer({ minimum: 0, description: 'Votes stored, over every question' }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  }),
]);
export type AdminPoll = Static<typeof AdminPollSchema>;

export const ADMIN_POLL_SORTS = ['priority', 'name', 'createdAt', 'startsAt', 'status'] as const;
export const AdminPollListQuerySchema = Type.Object({
  ...PaginationQuerySchema.properties,
  q: Type.Optional(Type.String({ maxLength: POLL_NAME_MAX, description: 'Part of the name' })),
  status: Type.Optional(PollStatusSchema),
  type: Type.Optional(PollTypeSchema),
  visibility: Type.Optional(PollVisibilitySchema),
  regionId: Type.Optional(Type.Integer({ minimum: 0, description: 'Polls with a target in this region' })),
  sort: Type.Optional(LiteralUnion(ADMIN_POLL_SORTS, { description: 'Default priority' })),
  order: Type.Optional(LiteralUnion(['asc', 'desc'] as const, { description: 'Default asc' })),
});
export type AdminPollListQuery = Static<typeof AdminPollListQuerySchema>;
export const AdminPollListResponseSchema = ListSchema(AdminPollSchema);
export type AdminPollList = Static<typeof AdminPollListResponseSchema>;

const dateTimeOrNull = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const PollCreateBodySchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: POLL_NAME_MAX }),
    priority: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: 'Lower is offered first; 100 when left out of a new poll' })),
    type: Type.Optional(PollTypeSchema),
    status: Type.Optional(PollStatusSchema),
    visibility: Type.Optional(PollVisibilitySchema),
    config: Type.Optional(PollConfigSchema),
    startsAt: Type.Optional(dateTimeOrNull),
    endsAt: Type.Optional(dateTimeOrNull),
  },
  { additionalProperties: false },
);
export type PollCreateBody = Static<typeof PollCreateBodySchema>;

export const PollUpdateBodySchema = Type.Partial(PollCreateBodySchema, { additionalProperties: false });
export type PollUpdateBody = Static<typeof PollUpdateBodySchema>;

/** PUT /v1/admin/polls/{id}/asset (SPEC §7): declares the file; its bytes go to `uploadUrl`. */
export const PollAssetBodySchema = Type.Object(
  {
    fileType: LiteralUnion(POLL_ASSET_FILE_TYPES),
    fileName: Type.String({ minLength: 1, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type PollAssetBody = Static<typeof PollAssetBodySchema>;
export const PollAssetUploadSchema = Type.Object({
  asset: PollAssetSchema,
  uploadUrl: Type.String({ description: `PUT the file's bytes here (Content-Type: the fileType; at most ${POLL_ASSET_MAX_BYTES} bytes), with the same admin token` }),
});
export type PollAssetUpload = Static<typeof PollAssetUploadSchema>;
export const PollAssetDeleteBodySchema = Type.Object({ fileName: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false });

export const PollQuestionBodySchema = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: POLL_LABEL_MAX }),
    type: Type.Optional(QuestionTypeSchema),
    order: Type.Optional(Type.Integer({ minimum: 0, maximum: POLL_QUESTIONS_MAX })),
    field: Type.Optional(Type.Union([VisitorMetaFieldSchema, Type.Null()])),
  },
  { additionalProperties: false },
);
export type PollQuestionBody = Static<typeof PollQuestionBodySchema>;
export const PollQuestionUpdateBodySchema = Type.Partial(PollQuestionBodySchema, { additionalProperties: false });
export type PollQuestionUpdateBody = Static<typeof PollQuestionUpdateBodySchema>;

export const PollAnswerBodySchema = Type.Object(
  {
    label: Type.String({ minLength: 1, maxLength: POLL_ANSWER_LABEL_MAX }),
    order: Type.Optional(Type.Integer({ minimum: 0, maximum: POLL_ANSWERS_MAX })),
  },
  { additionalProperties: false },
);
export type PollAnswerBody = Static<typeof PollAnswerBodySchema>;
export const PollAnswerUpdateBodySchema = Type.Partial(PollAnswerBodySchema, { additionalProperties: false });
export type PollAnswerUpdateBody = Static<typeof PollAnswerUpdateBodySchema>;

export const PollIdParamsSchema = Type.Object({ id: IdSchema });
export const PollTargetParamsSchema = Type.Object({ id: IdSchema, targetId: IdSchema });
export const PollQuestionParamsSchema = Type.Object({ id: IdSchema, questionId: IdSchema });
export const PollAnswerParamsSchema = Type.Object({ id: IdSchema, questionId: IdSchema, answerId: IdSchema });

/** GET /v1/admin/polls/{id}/results/counts: everyone's counts, or one region's. */
export const PollResultsQuerySchema = Type.Object({
  regionId: Type.Optional(Type.Integer({ minimum: 0, description: 'Only voters in this region' })),
});
export const PollResultsSchema = Type.Object({
  pollId: IdSchema,
  regionId: Type.Union([Type.Integer(), Type.Null()]),
  questions: Type.Array(QuestionCountsSchema),
  byRegion: Type.Array(Type.Object({ regionId: Type.Integer(), total: Type.Integer({ minimum: 0 }) }), { description: 'Votes per voter region, over every question' }),
});
export type PollResults = Static<typeof PollResultsSchema>;
