// The message of a request that does not match its route's schema, in words a user can act on instead of
// Ajv's: a missing field "is required"; a value outside a set of constants names the allowed values; a
// field the body does not have says so, and on a job body (which has `payload`) hints that the data of a
// render belongs under `payload`. Pure: the first Ajv error, the route's schema, and the sent value.
import type { ErrorObject } from 'ajv';

type Schema = Record<string, unknown>;

/** The schema at a JSON pointer of Ajv's schemaPath (`#/properties/outputMode/anyOf/0/const`), if it can be followed. */
function schemaAt(root: unknown, pointer: string): unknown {
  let node: unknown = root;
  for (const raw of pointer.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Schema)[key];
  }
  return node;
}

/** The constants a union of literals allows (`anyOf: [{const: 'a'}, {const: 'b'}]`, or an `enum`), or null. */
function allowedValues(schema: unknown): unknown[] | null {
  if (schema === null || typeof schema !== 'object') return null;
  const s = schema as Schema;
  if (Array.isArray(s.enum)) return s.enum;
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (!Array.isArray(branches) || branches.length === 0) return null;
  const values: unknown[] = [];
  for (const b of branches) {
    if (b === null || typeof b !== 'object') return null;
    const bs = b as Schema;
    if ('const' in bs) values.push(bs.const);
    else if (Array.isArray(bs.enum)) values.push(...bs.enum);
    else return null;
  }
  return values;
}

const shown = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const quoted = (v: unknown) => {
  const text = JSON.stringify(v) ?? String(v);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
};

/** The value at an Ajv instancePath (`/pdf/standard`) of the sent body. */
function valueAt(body: unknown, instancePath: string): unknown {
  return schemaAt(body, instancePath);
}

/**
 * The message for `field` (already in the docs' dotted form) from the first Ajv error. `bodySchema` is the
 * route's body schema when the error is about the body, else undefined.
 */
export function validationMessage(field: string, error: ErrorObject | undefined, bodySchema: unknown, body: unknown): string {
  if (!error) return `${field} is invalid`;
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return `${field} is required`;
    case 'additionalProperties': {
      const top = error.instancePath === '';
      const props = schemaAt(bodySchema, error.schemaPath.replace(/\/additionalProperties$/, '/properties'));
      const known = props && typeof props === 'object' ? Object.keys(props as Schema) : [];
      const hint =
        top && known.includes('payload') && !(body && typeof body === 'object' && 'payload' in (body as Schema))
          ? `; the data of a render goes under payload: {"payload": {"${String(params.additionalProperty)}": …}}`
          : known.length > 0 && known.length <= 12
            ? `; it takes ${known.join(', ')}`
            : '';
      return `${field} is not a field of ${top ? 'this request' : field.replace(/\.[^.]*$/, '')}${hint}`;
    }
    case 'const':
    case 'enum': {
      // A literal of a union: name the whole set, not the first constant it failed.
      const union = error.schemaPath.replace(/\/(anyOf|oneOf)\/\d+\/(const|enum)$/, '/$1').replace(/\/(anyOf|oneOf)$/, '');
      const values =
        allowedValues(schemaAt(bodySchema, union)) ??
        (error.keyword === 'enum' ? (params.allowedValues as unknown[]) : [params.allowedValue]);
      return `${field} must be one of ${values.map(shown).join(', ')}; got ${quoted(valueAt(body, error.instancePath))}`;
    }
    case 'anyOf': {
      const values = allowedValues(schemaAt(bodySchema, error.schemaPath.replace(/\/anyOf$/, '')));
      if (values) return `${field} must be one of ${values.map(shown).join(', ')}; got ${quoted(valueAt(body, error.instancePath))}`;
      return `${field} ${error.message ?? 'is invalid'}`;
    }
    default:
      return `${field} ${error.message ?? 'is invalid'}`;
  }
}
