import AjvModule, { type AnySchema } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * Two validators: request bodies are checked strictly (a string "12" is not the integer 12, unknown
 * fields are refused), while querystrings, params and headers, which are always strings on the wire,
 * are coerced to the schema's types.
 */
// ajv and ajv-formats are CommonJS with `exports.default`; under NodeNext the default import is the module.
const Ajv = AjvModule.default;
const addFormats = addFormatsModule.default;

export function installValidators(app: FastifyInstance, shared: AnySchema[]) {
  const make = (coerce: boolean) => {
    const ajv = new Ajv({
      coerceTypes: coerce ? 'array' : false,
      useDefaults: true,
      removeAdditional: false,
      allErrors: false,
      strict: false,
    });
    addFormats(ajv);
    for (const s of shared) ajv.addSchema(s);
    return ajv;
  };
  const bodyAjv = make(false);
  const otherAjv = make(true);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : otherAjv).compile(schema));
}
