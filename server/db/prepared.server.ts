import type { Database } from "./client.server";

/**
 * A statement prepared once per database handle and reused: the query is built once, and
 * PostgreSQL parses and plans it once per connection. For the statements most pages run.
 * Each handle (or transaction) gets its own, since a prepared statement belongs to it.
 */
export function preparedFor<T, D extends object = Database>(prepare: (db: D) => T): (db: D) => T {
  const prepared = new WeakMap<D, T>();
  return (db) => {
    let statement = prepared.get(db);
    if (!statement) {
      statement = prepare(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}
