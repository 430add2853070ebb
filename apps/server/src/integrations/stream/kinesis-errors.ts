import { STREAM_EXCEPTION_NAMES } from '@newsreel/contracts';

/**
 * The Kinesis exceptions SPEC §8 names, recognised by name (the SDK's class names end in
 * "Exception", all but KMSOptInRequired; a record's ErrorCode and an error-type header carry the
 * same names), each with what it means for the caller. Anything else is a generic stream error.
 */
export type KinesisErrorName = (typeof STREAM_EXCEPTION_NAMES)[number];

export interface KinesisFailure {
  /** One of SPEC §8's names; 'Unreachable' when no answer came; 'Unknown' for any other error. */
  name: KinesisErrorName | 'Unreachable' | 'Unknown';
  /** Whether the same call may succeed if made again soon. */
  retryable: boolean;
  /** A sentence for the log and the 503's cause. */
  message: string;
}

const DESCRIPTIONS: Record<KinesisErrorName, { retryable: boolean; means: string }> = {
  AccessDenied: { retryable: false, means: 'the credentials may not write to the stream' },
  InvalidArgument: { retryable: false, means: 'Kinesis refused an argument of the call' },
  LimitExceeded: { retryable: true, means: 'the account or stream is over a Kinesis limit' },
  ResourceInUse: { retryable: true, means: 'the stream is being created, updated or deleted' },
  ResourceNotFound: { retryable: false, means: 'the stream does not exist (check STREAM_NAME and the region)' },
  ExpiredIterator: { retryable: true, means: 'a shard iterator expired' },
  ExpiredNextToken: { retryable: true, means: 'a listing token expired' },
  KMSAccessDenied: { retryable: false, means: "the stream's KMS key refuses these credentials" },
  KMSDisabled: { retryable: false, means: "the stream's KMS key is disabled" },
  KMSInvalidState: { retryable: false, means: "the stream's KMS key is not in a usable state" },
  KMSNotFound: { retryable: false, means: "the stream's KMS key was not found" },
  KMSOptInRequired: { retryable: false, means: 'the account has not subscribed to KMS' },
  KMSThrottling: { retryable: true, means: 'KMS is throttling the stream' },
  ProvisionedThroughputExceeded: { retryable: true, means: "the stream's shards are at their write limit" },
  Validation: { retryable: false, means: 'Kinesis refused the request as invalid' },
};

const KNOWN = new Set<string>(STREAM_EXCEPTION_NAMES);
/** Node's codes for a server that cannot be reached or stopped answering. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH']);
const UNREACHABLE_NAMES = new Set(['TimeoutError', 'RequestTimeout', 'AbortError']);

/** SPEC §8's name for an exception name or record ErrorCode such as 'ProvisionedThroughputExceededException'. */
export function kinesisErrorName(raw: string | undefined): KinesisErrorName | undefined {
  if (!raw) return undefined;
  const name = raw.replace(/^.*#/, '').replace(/Exception$/, '');
  return KNOWN.has(name) ? (name as KinesisErrorName) : undefined;
}

/** What an error thrown by the Kinesis client, or a record's ErrorCode, means. */
export function recogniseKinesisError(error: unknown): KinesisFailure {
  const details = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: string;
    code?: string;
    message?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const name = kinesisErrorName(details.name) ?? kinesisErrorName(details.code);
  if (name) {
    const { retryable, means } = DESCRIPTIONS[name];
    return { name, retryable, message: `Kinesis ${name}: ${means}` };
  }
  if ((details.code && UNREACHABLE_CODES.has(details.code)) || (details.name && UNREACHABLE_NAMES.has(details.name))) {
    return { name: 'Unreachable', retryable: true, message: `Kinesis cannot be reached (${details.code ?? details.name})` };
  }
  const status = details.$metadata?.httpStatusCode;
  return {
    name: 'Unknown',
    // Kinesis's own failures (InternalFailure, 5xx) pass; anything else is not known to.
    retryable: details.name === 'InternalFailure' || details.code === 'InternalFailure' || (status !== undefined && status >= 500),
    message: `The Kinesis stream answered with an error${details.name ? ` (${details.name})` : ''}`,
  };
}
