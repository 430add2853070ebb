import { AjvCompiler, type Options as AjvOptions, type ValidatorFactory } from '@fastify/ajv-compiler';
import { SerializerSelector, type SerializerFactory } from '@fastify/fast-json-stringify-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

type CompilerOptions = { customOptions?: AjvOptions };
/**
 * What @fastify/ajv-compiler's pool gives and Fastify calls: a compiler of one route's schema for
 * one part of the request (its published types describe a bare Ajv `compile` instead).
 */
type BuildValidator = (externalSchemas: Record<string, unknown>, options: CompilerOptions) => FastifySchemaCompiler<unknown>;

const AJV_OPTIONS: AjvOptions = { removeAdditional: false, useDefaults: true };

/** Compiled functions of every route, each made the first time it is used (see `onFirstUse`). */
export interface SchemaCompilers {
  options: Pick<FastifyServerOptions, 'ajv' | 'schemaController'>;
  /** How many of the routes' functions are not compiled yet. */
  pending(): number;
  /** Compiles every function not compiled yet (a schema that cannot be compiled throws here). */
  compileAll(): void;
}

/**
 * A compiled schema function that is compiled when it is first called (or Fastify first reads one
 * of its properties: Ajv's `errors` after a failure, `schemaEnv`), not when its route is
 * registered. Most routes' schemas are never used in a process (each GET has a HEAD twin; a reader
 * uses a handful of the ~300 routes), and compiling them all took about a tenth of a start.
 */
function onFirstUse<F extends (...args: never[]) => unknown>(compile: () => F, pending: Set<() => unknown>, properties: readonly string[]): F {
  let compiled: F | undefined;
  const get = () => {
    if (!compiled) {
      compiled = compile();
      pending.delete(get);
    }
    return compiled;
  };
  pending.add(get);
  const lazy = ((...args: Parameters<F>) => get()(...args)) as F;
  for (const property of properties) {
    Object.defineProperty(lazy, property, { get: () => (get() as unknown as Record<string, unknown>)[property] });
  }
  return lazy;
}

/**
 * Request validation with Fastify's own Ajv compiler, configured per part of the request. A query
 * string, path parameters and headers are text, so their numbers, booleans and lists are read
 * from strings (`?limit=30`, `?regionIds=1&regionIds=4` or one value for a list). A JSON body has
 * real types: a string where a number belongs (or a number where a string belongs) is bad input
 * that gets a 400 naming the field, not a value to be guessed at. Validators and response
 * serializers are compiled on first use.
 */
export function schemaCompilers(): SchemaCompilers {
  const pending = new Set<() => unknown>();
  const buildFromPool = AjvCompiler() as unknown as BuildValidator;
  const buildValidator: BuildValidator = (externalSchemas, options) => {
    const fromText = buildFromPool(externalSchemas, options);
    const fromJson = buildFromPool(externalSchemas, { ...options, customOptions: { ...options.customOptions, coerceTypes: false } });
    return (route) => onFirstUse(() => (route.httpPart === 'body' ? fromJson : fromText)(route), pending, ['errors', 'schemaEnv']) as ReturnType<FastifySchemaCompiler<unknown>>;
  };
  const buildFromSelector = SerializerSelector();
  const buildSerializer: SerializerFactory = (externalSchemas, options) => {
    const compilerOf = buildFromSelector(externalSchemas, options);
    return (route) => onFirstUse(() => compilerOf(route), pending, []);
  };
  return {
    options: {
      ajv: { customOptions: { ...AJV_OPTIONS, coerceTypes: 'array' } },
      schemaController: { compilersFactory: { buildValidator: buildValidator as unknown as ValidatorFactory, buildSerializer } },
    },
    pending: () => pending.size,
    compileAll() {
      for (const get of [...pending]) get();
    },
  };
}
