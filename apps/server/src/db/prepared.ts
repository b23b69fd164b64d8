import type { Database, DbOrTx } from './client';

/** the part of a driver's client a prepared statement needs (node-postgres PoolClient, PGlite Transaction) */
interface QueryClient {
  query(...args: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * A fixed statement through the transaction's own connection: on PostgreSQL a named prepared statement (parsed and
 * planned once per connection), on PGlite a plain query. Drizzle keeps that connection as its session's client and
 * exposes it nowhere else (its prepared queries are per query builder, not per SQL text): this is the one place that
 * reaches it.
 */
export async function preparedQuery<T>(
  database: Database,
  tx: DbOrTx,
  statement: { name: string; text: string },
  params: unknown[],
): Promise<T[]> {
  const client = (tx as unknown as { session: { client: QueryClient } }).session.client;
  const { name, text } = statement;
  const result = database.kind === 'postgres' ? await client.query({ name, text, values: params }) : await client.query(text, params);
  return result.rows as T[];
}
