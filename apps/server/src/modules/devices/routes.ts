import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ArticleListResponseSchema,
  DEVICE_INVITE_TTL_SECONDS,
  DEVICE_LEASE_RENEW_SECONDS,
  DEVICE_LEASE_TTL_SECONDS,
  DEVICE_POLL_INTERVAL_SECONDS,
  DEVICE_SECRET_HEADER,
  DeviceInviteSchema,
  DeviceLeasePendingSchema,
  DeviceLeaseSchema,
  DeviceListQuerySchema,
  DeviceListResponseSchema,
  DevicePrecheckSchema,
  DeviceRefParamsSchema,
  DeviceRegistrationSchema,
  DeviceSchema,
  DeviceUpdateSchema,
  IdParamsSchema,
  PAIRING_CODE_LENGTH,
  PersonalFeedQuerySchema,
  VisitorQuerySchema,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { actorOf, optionalActorOf } from '../../http/access';
import { errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE, sendJson } from '../../http/query';
import { rateLimit } from '../../http/rate-limits';
import { personalFeedInput, personalFeedOf } from '../articles/personal-feed';
import { registerDeviceJobs } from './device-jobs';
import { streamPolicyOf } from './stream-policy';
import { createDeviceService, deviceRefOf } from './device-service';

const SecretHeadersSchema = Type.Object({
  [DEVICE_SECRET_HEADER]: Type.Optional(
    Type.String({ maxLength: 128, description: 'The secret the device was given when it registered (POST /v1/devices)' }),
  ),
});

const minutes = (seconds: number) => `${seconds / 60} minutes`;

/**
 * Paired devices (SPEC §7 "Devices"), like "link your TV": a screen registers and shows a code,
 * the reader pairs it from their phone, and the screen then plays the reader's feed.
 */
export const deviceRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const devices = createDeviceService(deps.content.devices, (owner, executor) => streamPolicyOf(executor, owner));
  registerDeviceJobs(deps.jobs, deps.content.devices);
  const tags = ['devices'];

  app.post(
    '/v1/devices',
    {
      config: rateLimit('anonymousWrite'),
      schema: {
        operationId: 'registerDevice',
        summary: 'A screen asks to be paired: its id, pairing code and secret',
        description: `Called by the device itself (a TV, set-top box, kiosk or another browser), with no reader. It describes itself (SPEC §3 visitor.device fields and a display name, all optional; blank ones are left out) and gets its id, a ${PAIRING_CODE_LENGTH}-character pairing code to show (and put in a QR code), the code's expiry (${minutes(DEVICE_INVITE_TTL_SECONDS)}) and its secret. The secret is answered only here: the device keeps it and sends it as \`${DEVICE_SECRET_HEADER}\` to POST /v1/devices/{id}/lease every ${DEVICE_POLL_INTERVAL_SECONDS} s until a reader pairs it, and to read its feed. Until it is paired the device is an invite; once the code expires it can only register again.`,
        tags,
        body: DeviceRegistrationSchema,
        response: { 201: DeviceInviteSchema, ...errorResponses(400, 413, 503) },
      },
    },
    async (request, reply) => {
      const invite = await devices.register(request.body);
      return reply.code(201).header('cache-control', PRIVATE_NO_STORE).send(invite);
    },
  );

  app.get(
    '/v1/devices/:id/precheck',
    {
      config: rateLimit('devicePairing'),
      schema: {
        operationId: 'precheckDevice',
        summary: 'Whether a device can be paired, and what it is, before pairing it',
        description: `For the reader's phone, after it scanned the QR code or the reader typed the code: \`{id}\` is the device id or its ${PAIRING_CODE_LENGTH}-character pairing code (case, spaces and dashes ignored). Answers the device's name and description so the reader can confirm it is their screen, and its status: \`pending\` (can be paired until \`expiresAt\`), \`expired\` (the device must show a new code) or \`paired\` (already someone's). \`canPair\` says whether verify would pair it to the reader \`visitorId\` names (pending, or already theirs). Changes nothing. 404 for an unknown or unpaired device.`,
        tags,
        params: DeviceRefParamsSchema,
        querystring: VisitorQuerySchema,
        response: { 200: DevicePrecheckSchema, ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) => {
      const ref = deviceRefOf(request.params.id);
      const actor = optionalActorOf(request);
      return reply.header('cache-control', PRIVATE_NO_STORE).send(await devices.precheck(ref, actor));
    },
  );

  app.get(
    '/v1/devices/:id/verify',
    {
      config: rateLimit('devicePairing'),
      schema: {
        operationId: 'verifyDevice',
        summary: 'Pair a device to the reader',
        description: `Makes the device the reader's: from now on it plays their feed. \`{id}\` is the device id or its pairing code, as for precheck; without sign-in, \`visitorId\` names the reader. It is a GET, though it changes state, because SPEC §7 calls it so: it is the link the device's QR code opens on the reader's phone. Pairing again for the same reader answers the device again and changes nothing. Pairing grants no lease: the device asks for one when it next polls POST /v1/devices/{id}/lease. 404: no such device (or it was unpaired); 409: paired to someone else; 410: the code expired (the device must register again).`,
        tags,
        params: DeviceRefParamsSchema,
        querystring: VisitorQuerySchema,
        response: { 200: DeviceSchema, ...errorResponses(400, 404, 409, 410, 503) },
      },
    },
    async (request, reply) => {
      const ref = deviceRefOf(request.params.id);
      const actor = actorOf(request);
      return reply.header('cache-control', PRIVATE_NO_STORE).send(await devices.pair(ref, actor));
    },
  );

  app.post(
    '/v1/devices/:id/lease',
    {
      schema: {
        operationId: 'leaseDevice',
        summary: 'The device asks whether it is paired and may play: the account’s one stream',
        description: `Called by the device itself with its secret in \`${DEVICE_SECRET_HEADER}\`, every ${DEVICE_POLL_INTERVAL_SECONDS} s while it shows its code, and every ${DEVICE_LEASE_RENEW_SECONDS} s while it plays. SPEC §7: the caller accepts any status and reads the outcome from it. The lease rule: an account plays on one paired screen at a time, and when subscriptions are on (app config subscription.enabled) only with an active subscription (or an admin's exemption). 202: not paired yet — keep showing the code until \`expiresAt\`. 200: granted — the device record, its lease running ${DEVICE_LEASE_TTL_SECONDS} s from now (\`device.leaseExpiresAt\`); while it runs the device may read its feed. 409 (code STREAM_IN_USE): another of the owner's screens holds a live lease — ask again later; it frees up when that screen releases it (DELETE) or stops renewing. 402 (code SUBSCRIPTION_REQUIRED): subscriptions are on and the owner has none (a reader without an account never has one). 410: the code expired before anyone paired it — register again. 404: unknown, or unpaired — register again. 401: no secret sent. 403: the secret is not this device's. Every answer to a paired device sets its \`lastSeenAt\`.`,
        tags,
        params: IdParamsSchema,
        headers: SecretHeadersSchema,
        response: {
          200: DeviceLeaseSchema,
          202: DeviceLeasePendingSchema,
          ...errorResponses(400, 401, 402, 403, 404, 409, 410, 503),
        },
      },
    },
    async (request, reply) => {
      const outcome = await devices.lease(request.params.id, request.headers[DEVICE_SECRET_HEADER]);
      reply.header('cache-control', PRIVATE_NO_STORE);
      return outcome.status === 'pending' ? reply.code(202).send(outcome) : reply.code(200).send(outcome);
    },
  );

  app.delete(
    '/v1/devices/:id/lease',
    {
      schema: {
        operationId: 'releaseDeviceLease',
        summary: 'The device stops playing and gives the account’s stream back',
        description: `Called by the device itself with its secret in \`${DEVICE_SECRET_HEADER}\` when it stops playing (the viewer stopped, or closed the app), so another of the owner's screens may play at once instead of waiting for the lease to run out. Idempotent: 204 whether or not a lease was running. 401: no secret sent. 403: the secret is not this device's. 404: unknown or unpaired.`,
        tags,
        params: IdParamsSchema,
        headers: SecretHeadersSchema,
        response: { 204: Type.Null({ description: 'Released' }), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await devices.release(request.params.id, request.headers[DEVICE_SECRET_HEADER]);
      return reply.code(204).header('cache-control', PRIVATE_NO_STORE).send(null);
    },
  );

  app.put(
    '/v1/devices/:id',
    {
      schema: {
        operationId: 'renameDevice',
        summary: 'Rename one of the reader’s devices',
        description: 'The name the reader’s list shows (and the device, the next time it asks for its lease). Only its owner can (without sign-in, `visitorId` names them); for anyone else, and for an unpaired device, 404. 400: a blank name.',
        tags,
        params: IdParamsSchema,
        querystring: VisitorQuerySchema,
        body: DeviceUpdateSchema,
        response: { 200: DeviceSchema, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request, reply) => {
      const device = await devices.rename(request.params.id, actorOf(request), request.body.name);
      return reply.header('cache-control', PRIVATE_NO_STORE).send(device);
    },
  );

  app.get(
    '/v1/devices',
    {
      schema: {
        operationId: 'listDevices',
        summary: "The reader's paired devices, most recently paired first",
        description: 'Without sign-in, `visitorId` names the reader. Invites that were never paired and unpaired devices are not listed. Personal: never cached.',
        tags,
        querystring: DeviceListQuerySchema,
        response: { 200: DeviceListResponseSchema, ...errorResponses(400, 503) },
      },
    },
    async (request, reply) => {
      const page = pageOf(request.query);
      const actor = actorOf(request);
      return reply.header('cache-control', PRIVATE_NO_STORE).send(listOf(await devices.list(actor, page), page));
    },
  );

  app.delete(
    '/v1/devices/:id',
    {
      schema: {
        operationId: 'unpairDevice',
        summary: 'Unpair a device: by its owner, or the device itself',
        description: `Its owner can (without sign-in, \`visitorId\` names them), and so can the device itself with its secret in \`${DEVICE_SECRET_HEADER}\` (the secret decides when both are sent; 403 when it is not the device's). For anyone else, and for a device already unpaired, 404; 401 when neither names anyone. From then on the device's lease and feed answer 404, and to be paired again it registers anew.`,
        tags,
        params: IdParamsSchema,
        querystring: VisitorQuerySchema,
        headers: SecretHeadersSchema,
        response: { 204: Type.Null({ description: 'Unpaired' }), ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      await devices.unpair(request.params.id, { secret: request.headers[DEVICE_SECRET_HEADER], actor: optionalActorOf(request) });
      return reply.code(204).header('cache-control', PRIVATE_NO_STORE).send(null);
    },
  );

  app.get(
    '/v1/articles/device/:id',
    {
      schema: {
        operationId: 'listDeviceArticles',
        summary: 'The feed a paired device plays: its owner’s own feed',
        description: `Exactly the owner's \`/v1/articles/user\` feed (their category scores, blocked publishers and categories, and \`regionIds\`), paged the same way. For the device, with its secret in \`${DEVICE_SECRET_HEADER}\` while its lease runs (403 when the secret is wrong, the device is not paired yet or its lease ran out — renew it with POST /v1/devices/{id}/lease); or for its owner, named by \`visitorId\` without sign-in (404 for anyone else). When both are sent the secret decides. 401 when neither is sent; 404 for an unknown or unpaired device. Personal: never cached.`,
        tags: ['articles', ...tags],
        params: IdParamsSchema,
        querystring: PersonalFeedQuerySchema,
        headers: SecretHeadersSchema,
        response: { 200: ArticleListResponseSchema, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request, reply) => {
      const input = personalFeedInput(request.query);
      const owner = await devices.feedOwner(request.params.id, {
        secret: request.headers[DEVICE_SECRET_HEADER],
        actor: optionalActorOf(request),
      });
      return sendJson(reply.header('cache-control', PRIVATE_NO_STORE), await personalFeedOf(deps.content, owner, input));
    },
  );
};
