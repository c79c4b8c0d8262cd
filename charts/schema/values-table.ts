import type { JsonSchema } from './json-schema.ts';

/** One row per leaf value: its path, type, default (as values.yaml has it) and description. */
export function valuesTable(schema: JsonSchema, defaults: unknown, skip: ReadonlySet<string> = new Set()): string {
  const rows = ['| Value | Type | Default | Description |', '| --- | --- | --- | --- |'];
  const walk = (node: JsonSchema, value: unknown, path: string): void => {
    const leaf = node.type !== 'object' || !node.properties || Object.keys(node.properties).length === 0;
    if (leaf) {
      rows.push(`| \`${path}\` | ${typeOf(node)} | ${cell(value)} | ${escape(node.description ?? '')} |`);
      return;
    }
    if (node.description && path) rows.push(`| \`${path}\` | object | | ${escape(node.description)} |`);
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      const childPath = path ? `${path}.${key}` : key;
      if (skip.has(childPath)) continue;
      walk(child, isRecord(value) ? value[key] : undefined, childPath);
    }
  };
  walk(schema, defaults, '');
  return rows.join('\n');
}

function typeOf(node: JsonSchema): string {
  const base = Array.isArray(node.type) ? node.type.join(' or ') : (node.type ?? 'any');
  if (node.enum) return `${base}: ${node.enum.map((value) => `\`${String(value)}\``).join(', ')}`;
  const bounds = [node.minimum === undefined ? '' : `≥ ${node.minimum}`, node.maximum === undefined ? '' : `≤ ${node.maximum}`].filter(Boolean);
  return bounds.length ? `${base} (${bounds.join(', ')})` : base;
}

function cell(value: unknown): string {
  if (value === undefined) return '(unset)';
  return `\`${escape(JSON.stringify(value))}\``;
}

const escape = (text: string): string => text.replace(/\|/g, '\\|');
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
