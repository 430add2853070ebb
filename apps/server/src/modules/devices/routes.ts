import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ArticleListResponseSchema,
  DEVICE_INVITE_TTL_SECONDS,
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
  IdParamsSchema,
  PAIRING_CODE_LENGTH,
  PersonalFeedQuerySchema,
  VisitorQuerySchema,
} from '@newsreel/contracts';
import { Type } from 'typebox';
import type { AppDeps } from '../../app-deps';
import { actorOf, optionalActorOf } from '../../http/access';
import { errorResponses } from '../../http/errors';
import { listOf, pageOf, PRIVATE_NO_STORE } from '../../http/query';
import { rateLimit } from '../../http/rate-limits';
import { personalFeedInput, personalFeedOf } from '../articles/personal-feed';
import { registerDeviceJobs } from './device-jobs';
import { createDeviceService, deviceRefOf } from './device-service';

const SecretHeadersSchema = Type.Object({
  [DEVICE_SECRET_HEADER]: Type.Optional(
    Type.String({ maxLength: 128, description: 'The secret the device was given when it registered (POST /v1/devices)' }),
  ),
});

const minutes = (seconds: number) => `${seconds / 60} minutes`;
const hours = (seconds: number) => `${seconds / 3600} hours`;

/**
 * Paired devices (SPEC §7 "Devices"), like "link your TV": a screen registers and shows a code,
 * the reader pairs it from their phone, and the screen then plays the reader's feed.
 */
export const deviceRoutes: FastifyPluginAsyncTypebox<{ deps: AppDeps }> = async (app, { deps }) => {
  const devices = createDeviceService(deps.content.devices);
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
        description: `Makes the device the reader's: from now on it plays their feed. \`{id}\` is the device id or its pairing code, as for precheck; without sign-in, \`visitorId\` names the reader. It is a GET, though it changes state, because SPEC §7 calls it so: it is the link the device's QR code opens on the reader's phone. Pairing again for the same reader answers the device again and changes nothing; pairing starts the device's first lease (${hours(DEVICE_LEASE_TTL_SECONDS)}). 404: no such device (or it was unpaired); 409: paired to someone else; 410: the code expired (the device must register again).`,
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
        summary: 'The device asks whether it is paired, and renews its lease',
        description: `Called by the device itself with its secret in \`${DEVICE_SECRET_HEADER}\`, every ${DEVICE_POLL_INTERVAL_SECONDS} s while it shows its code, and at least once a day after. SPEC §7: the caller accepts any status and reads the outcome from it. 202: not paired yet — keep showing the code until \`expiresAt\`. 200: paired — the device record, with its lease renewed for ${hours(DEVICE_LEASE_TTL_SECONDS)} from now (\`device.leaseExpiresAt\`) and \`lastSeenAt\` set to now; while the lease runs the device may read its feed. 410: the code expired before anyone paired it — register again. 404: unknown, or unpaired by its owner — register again. 401: no secret sent. 403: the secret is not this device's.`,
        tags,
        params: IdParamsSchema,
        headers: SecretHeadersSchema,
        response: {
          200: DeviceLeaseSchema,
          202: DeviceLeasePendingSchema,
          ...errorResponses(400, 401, 403, 404, 410, 503),
        },
      },
    },
    async (request, reply) => {
      const outcome = await devices.lease(request.params.id, request.headers[DEVICE_SECRET_HEADER]);
      reply.header('cache-control', PRIVATE_NO_STORE);
      return outcome.status === 'pending' ? reply.code(202).send(outcome) : reply.code(200).send(outcome);
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
        summary: 'Unpair one of the reader’s devices',
        description: 'Only its owner can (without sign-in, `visitorId` names them); for anyone else, and for a device already unpaired, 404. From then on the device’s lease and feed answer 404, and to be paired again it registers anew.',
        tags,
        params: IdParamsSchema,
        querystring: VisitorQuerySchema,
        response: { 204: Type.Null({ description: 'Unpaired' }), ...errorResponses(400, 404, 503) },
      },
    },
    async (request, reply) => {
      await devices.unpair(request.params.id, actorOf(request));
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
      return reply.header('cache-control', PRIVATE_NO_STORE).send(await personalFeedOf(deps.content, owner, input));
    },
  );
};
