/**
 * Schema validation with two Ajv instances: request bodies are checked strictly (no type coercion, so
 * `{"password": 12345678}` or `{"email": ["a@b.c"]}` is a 422, not silently turned into a string),
 * while querystring, params and headers are coerced, because they always arrive as text. A body schema
 * with `additionalProperties: false` answers 422 for an unknown field.
 */
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

const common: Options = {
  useDefaults: true,
  // allErrors would let a crafted body make validation do a lot of work; the first error is enough.
  allErrors: false,
};

function makeAjv(coerceTypes: Options['coerceTypes'], removeAdditional: boolean): Ajv {
  const ajv = new Ajv({ ...common, coerceTypes, removeAdditional });
  addFormats(ajv);
  return ajv;
}

export function setupValidation(app: FastifyInstance): void {
  // Bodies: a schema with `additionalProperties: false` refuses unknown fields (422), so a typo is noticed
  // rather than silently dropped. Query strings: unknown parameters are dropped, as before.
  const strict = makeAjv(false, false);
  const coercing = makeAjv('array', true);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    httpPart === 'body' ? strict.compile(schema) : coercing.compile(schema),
  );
}
