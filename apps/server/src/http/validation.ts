import { AjvCompiler, type Options as AjvOptions, type ValidatorFactory } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';

type CompilerOptions = { customOptions?: AjvOptions };
/**
 * What @fastify/ajv-compiler's pool gives and Fastify calls: a compiler of one route's schema for
 * one part of the request (its published types describe a bare Ajv `compile` instead).
 */
type BuildValidator = (externalSchemas: Record<string, unknown>, options: CompilerOptions) => FastifySchemaCompiler<unknown>;

const AJV_OPTIONS: AjvOptions = { removeAdditional: false, useDefaults: true };

/**
 * Request validation with Fastify's own Ajv compiler, configured per part of the request. A query
 * string, path parameters and headers are text, so their numbers, booleans and lists are read
 * from strings (`?limit=30`, `?regionIds=1&regionIds=4` or one value for a list). A JSON body has
 * real types: a string where a number belongs (or a number where a string belongs) is bad input
 * that gets a 400 naming the field, not a value to be guessed at.
 */
export function requestValidation(): Pick<FastifyServerOptions, 'ajv' | 'schemaController'> {
  const buildFromPool = AjvCompiler() as unknown as BuildValidator;
  const buildValidator: BuildValidator = (externalSchemas, options) => {
    const fromText = buildFromPool(externalSchemas, options);
    const fromJson = buildFromPool(externalSchemas, { ...options, customOptions: { ...options.customOptions, coerceTypes: false } });
    return (route) => (route.httpPart === 'body' ? fromJson : fromText)(route);
  };
  return {
    ajv: { customOptions: { ...AJV_OPTIONS, coerceTypes: 'array' } },
    schemaController: { compilersFactory: { buildValidator: buildValidator as unknown as ValidatorFactory } },
  };
}
