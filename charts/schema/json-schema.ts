/** Just enough JSON Schema (draft-07, what Helm validates values with) to type the charts' values. */
export interface JsonSchema {
  type?: string | string[];
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: readonly (string | number | boolean)[];
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  oneOf?: JsonSchema[];
  propertyNames?: JsonSchema;
  not?: JsonSchema;
  $schema?: string;
}

interface Bounds {
  min?: number;
  max?: number;
}

const described = (schema: JsonSchema, description: string): JsonSchema => (description ? { description, ...schema } : schema);

export const integer = (description: string, { min, max }: Bounds = {}): JsonSchema =>
  described({ type: 'integer', ...(min === undefined ? {} : { minimum: min }), ...(max === undefined ? {} : { maximum: max }) }, description);

export const string = (description: string, extra: Pick<JsonSchema, 'pattern' | 'minLength'> = {}): JsonSchema =>
  described({ type: 'string', ...extra }, description);

export const oneOf = (description: string, values: readonly string[]): JsonSchema => described({ type: 'string', enum: values }, description);

export const boolean = (description: string): JsonSchema => described({ type: 'boolean' }, description);

/** A URL: what the services themselves accept (http or https, a host). */
export const url = (description: string): JsonSchema => string(description, { pattern: '^https?://[^\\s/]+(/\\S*)?$' });

/** A Kubernetes quantity such as `500m`, `1`, `2Gi`. */
export const quantity = (description: string): JsonSchema =>
  described({ type: ['string', 'number'], pattern: '^[0-9]+(\\.[0-9]+)?(m|k|M|G|T|Ki|Mi|Gi|Ti)?$', minimum: 0 }, description);

/** An object whose keys are all known: a misspelt key fails at install time instead of being ignored. */
export const object = (description: string, properties: Record<string, JsonSchema>, required: string[] = []): JsonSchema =>
  described({ type: 'object', properties, additionalProperties: false, ...(required.length ? { required } : {}) }, description);

/** Passed to Kubernetes as given (node selectors, affinities, NetworkPolicy rules): Kubernetes validates its own types. */
export const freeObject = (description: string): JsonSchema => described({ type: 'object' }, description);
export const list = (description: string, items: JsonSchema = { type: 'object' }): JsonSchema => described({ type: 'array', items }, description);
export const stringMap = (description: string): JsonSchema => described({ type: 'object', additionalProperties: { type: 'string' } }, description);
