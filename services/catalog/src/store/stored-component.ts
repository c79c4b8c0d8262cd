import type { EntityManager } from '@mikro-orm/sql';
import { Component } from './entities/component.ts';
import type { RecordField } from './record-set.ts';

/**
 * A component row as plain data, without its timestamps: what a write matches, compares, writes
 * and answers with. Writes read and write these directly, not as managed entities: hydrating,
 * snapshotting and diffing 500 entities cost several times the statements themselves.
 */
export type StoredComponent = Omit<Component, 'createdAt' | 'updatedAt'>;

/** A stored property of `Component` (its key in a record set) and its column. */
export interface ComponentColumn extends RecordField {
  column: string;
}

/** How a record set reads each of the entity's property types; `real` in the metadata is a double precision column. */
const RECORD_TYPES: Record<string, string> = {
  integer: 'integer',
  float: 'double precision',
  double: 'double precision',
  string: 'text',
  text: 'text',
  boolean: 'boolean',
  JsonType: 'jsonb',
  json: 'jsonb',
  Date: 'timestamptz',
  datetime: 'timestamptz',
};

let columns: ComponentColumn[] | undefined;

/** Every column of `component` but `id`, from the entity's metadata (so a new property is written too). */
export function componentColumns(em: EntityManager): ComponentColumn[] {
  columns ??= em
    .getMetadata()
    .get(Component)
    .props.filter((prop) => !prop.primary)
    .map((prop) => {
      const sqlType = RECORD_TYPES[prop.type];
      const column = prop.fieldNames[0];
      if (sqlType === undefined || column === undefined) throw new Error(`Component.${prop.name}: no record-set type for ${prop.type}`);
      return { key: prop.name, column, sqlType };
    });
  return columns;
}

let blank: Readonly<StoredComponent> | undefined;

/** A component with every column null and no id yet: what a created row's values are spread over. */
export function blankComponent(em: EntityManager): Readonly<StoredComponent> {
  blank ??= Object.freeze(Object.fromEntries([['id', 0], ...componentColumns(em).map((column) => [column.key, null])]) as StoredComponent);
  return blank;
}

const TIMESTAMPS = new Set(['createdAt', 'updatedAt']);

/** The select list reading a `StoredComponent`: each column under its property's name. */
export function storedComponentSelect(em: EntityManager, alias: string): string {
  const read = componentColumns(em).filter((column) => !TIMESTAMPS.has(column.key));
  return [`${alias}.id`, ...read.map((column) => `${alias}.${column.column} as "${column.key}"`)].join(', ');
}
