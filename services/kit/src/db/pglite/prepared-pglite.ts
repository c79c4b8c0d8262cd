import { messages as backend, protocol, types, type PGlite, type Transaction } from '@electric-sql/pglite';
import type { PGlite as KyselyPglite, PGliteQueryOptions, PGliteQueryResults, PGliteTransaction } from 'kysely';
import { LRUCache } from 'lru-cache';

const { serialize } = protocol;

/** A statement parsed once under its own name: its parameters' types and its result columns. */
interface Prepared {
  name: string;
  paramTypes: readonly number[];
  fields: readonly { name: string; dataTypeID: number }[];
}

/** Statements kept prepared per database: every statement the services repeat, with room to spare. */
const MAX_PREPARED = 256;
/** A statement without parameters is prepared the second time it is seen, if it is this short and one statement of these kinds. */
const MAX_REPEATED_LENGTH = 2048;
const REPEATABLE = /^\s*(select|with|insert|update|delete)\s/i;

/**
 * PGlite as kysely's dialect sees it, with every statement that carries bound parameters prepared
 * once under a name and then only bound and executed: one call into Postgres instead of PGlite's
 * six (parse, describe, bind, describe, execute, sync), and no parse, analysis or (once Postgres
 * settles on a generic plan) planning at all. For the claim of due deliveries that is ~2 ms of
 * WASM down to ~0.3 ms. PGlite is one session, so a name prepared once serves every later call.
 * MikroORM inlines its values into the text, so a statement without parameters is prepared only
 * once it comes again (a poll, a lookup of the same row); one seen once goes to PGlite unchanged.
 * Neither PGlite nor kysely's dialect keeps statements prepared (PGlite 0.5's `query()` always
 * parses an unnamed statement), hence this layer.
 */
export class PreparedPglite implements KyselyPglite {
  private readonly pglite: PGlite;
  private readonly prepared: LRUCache<string, Prepared>;
  /** Short statements without parameters seen once: the second time, they are prepared. */
  private readonly seenOnce = new LRUCache<string, true>({ max: MAX_PREPARED * 2 });
  /** Names just pushed out of the cache, closed on the server by the statement that pushed them out (under its locks). */
  private readonly evicted: string[] = [];
  private nextName = 0;

  constructor(pglite: PGlite, maxPrepared = MAX_PREPARED) {
    this.pglite = pglite;
    this.prepared = new LRUCache<string, Prepared>({
      max: maxPrepared,
      dispose: (statement) => {
        this.evicted.push(statement.name);
      },
    });
  }

  get closed(): boolean {
    return this.pglite.closed;
  }

  get ready(): boolean {
    return this.pglite.ready;
  }

  get waitReady(): Promise<void> {
    return this.pglite.waitReady;
  }

  /** How many statements are kept prepared (tests). */
  get preparedCount(): number {
    return this.prepared.size;
  }

  close(): Promise<void> {
    return this.pglite.close();
  }

  query<T>(sql: string, params: unknown[] = [], options?: PGliteQueryOptions): Promise<PGliteQueryResults<T>> {
    if (!this.preparable(sql, params, options)) return this.pglite.query<T>(sql, params, options);
    // As PGlite's own query(): after any transaction in progress, then alone.
    return this.pglite._runExclusiveTransaction(() => this.pglite.runExclusive(() => this.run<T>(sql, params, true)));
  }

  transaction<T>(callback: (tx: PGliteTransaction) => Promise<T>): Promise<T> {
    return this.pglite.transaction((tx) => callback(this.within(tx)));
  }

  /** The transaction's statements: its own lock is held, so each takes only the statement lock, as PGlite's do. */
  private within(tx: Transaction): PGliteTransaction {
    return {
      query: async <R>(sql: string, params: unknown[] = [], options?: PGliteQueryOptions): Promise<PGliteQueryResults<R>> => {
        if (!this.preparable(sql, params, options)) return tx.query<R>(sql, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return this.pglite.runExclusive(() => this.run<R>(sql, params, false));
      },
      rollback: () => tx.rollback(),
    };
  }

  /** Prepared: a statement with parameters, or one without seen before; never with options this layer does not read (rows as arrays, own parsers). */
  private preparable(sql: string, params: readonly unknown[], options: PGliteQueryOptions | undefined): boolean {
    if (options && Object.entries(options).some(([option, value]) => value !== undefined && !(option === 'rowMode' && value === 'object'))) return false;
    if (params.length > 0 || this.prepared.has(sql)) return true;
    if (sql.length > MAX_REPEATED_LENGTH || !REPEATABLE.test(sql)) return false;
    if (this.seenOnce.has(sql)) return true;
    this.seenOnce.set(sql, true);
    return false;
  }

  private async run<T>(sql: string, params: readonly unknown[], syncToFs: boolean): Promise<PGliteQueryResults<T>> {
    const statement = this.prepared.get(sql) ?? (await this.prepare(sql));
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pglite.serializers[statement.paramTypes[index] ?? 0];
      // As PGlite: a type without a serializer is sent as the value's own text.
      return serializer ? serializer(value) : (value as { toString(): string }).toString();
    });
    const { messages } = await this.pglite.execProtocol(
      concat(serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()),
      { syncToFs },
    );
    return this.results<T>(statement, messages);
  }

  private async prepare(sql: string): Promise<Prepared> {
    const name = `bound_${String(++this.nextName)}`;
    const { messages } = await this.pglite.execProtocol(
      concat(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()),
      { syncToFs: false },
    );
    let paramTypes: readonly number[] = [];
    let fields: Prepared['fields'] = [];
    for (const message of messages) {
      if (message instanceof backend.ParameterDescriptionMessage) paramTypes = message.dataTypeIDs;
      if (message instanceof backend.RowDescriptionMessage) fields = message.fields.map(({ name: column, dataTypeID }) => ({ name: column, dataTypeID }));
    }
    const statement = { name, paramTypes, fields };
    this.prepared.set(sql, statement);
    await this.closeStatements(this.evicted.splice(0));
    return statement;
  }

  private results<T>(statement: Prepared, messages: readonly backend.BackendMessage[]): PGliteQueryResults<T> {
    const { fields } = statement;
    const rows: T[] = [];
    let affectedRows = 0;
    for (const message of messages) {
      if (message instanceof backend.DataRowMessage) {
        const row: Record<string, unknown> = {};
        message.fields.forEach((value, index) => {
          const field = fields[index];
          if (field) row[field.name] = types.parseType(value, field.dataTypeID, this.pglite.parsers);
        });
        rows.push(row as T);
      } else if (message instanceof backend.CommandCompleteMessage) {
        const words = message.text.split(' ');
        if (['INSERT', 'UPDATE', 'DELETE', 'MERGE', 'COPY'].includes(words[0] ?? '')) affectedRows += Number.parseInt(words.at(-1) ?? '0', 10);
      }
    }
    return { rows, affectedRows, fields: [...fields] };
  }

  private async closeStatements(names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    await this.pglite.execProtocol(concat(...names.map((name) => serialize.close({ type: 'S', name })), serialize.sync()), { syncToFs: false });
  }
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
