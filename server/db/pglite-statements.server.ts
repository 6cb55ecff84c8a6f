import { parse, protocol, type ParserOptions, type PGlite, type QueryOptions } from "@electric-sql/pglite";

const { serialize } = protocol;
const { parseDescribeStatementResults, parseResults } = parse;

/** What PGlite keeps to itself but a query needs: its locks and its type converters. */
interface PGliteInternals {
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Parameters<typeof parseResults>[1];
}

interface Statement {
  name: string;
  paramTypes: number[];
}

const concat = (parts: Uint8Array[]) => Buffer.concat(parts);

type Parsers = PGliteInternals["parsers"];

/**
 * PGlite's type converters with a query's own on top. PGlite merges them by copying its table
 * of over 300 types for every query that brings its own, as Drizzle's queries all do (about
 * 90 µs each); a table that inherits from PGlite's costs a few of its own keys.
 */
function withOverrides(base: Parsers, overrides: ParserOptions): Parsers {
  return Object.assign(Object.create(base) as Parsers, overrides);
}

/**
 * PGlite parses and plans every parameterised query anew and answers it in five protocol
 * round trips. This gives the embedded database what a server driver's statement cache gives:
 * each distinct SQL text is parsed once under a name and then bound and executed in one round
 * trip (about four times faster for the object library's query). The oldest statements are
 * closed beyond `max`. Used by Drizzle outside transactions; transactions keep PGlite's own path.
 */
export function withStatementCache(pglite: PGlite, max = 200): PGlite {
  const internals = pglite as unknown as PGliteInternals;
  const statements = new Map<string, Statement>();
  let counter = 0;

  async function prepare(text: string, options?: QueryOptions): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      // Most recently used last, so the first is the one to close.
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `motif_s${++counter}`;
    const described = await pglite.execProtocolStream(
      concat([
        serialize.parse({ name, text, types: options?.paramTypes }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parseDescribeStatementResults(described) };
    statements.set(text, statement);
    if (statements.size > max) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      await pglite.execProtocolStream(concat([serialize.close({ type: "S", name: oldest.name }), serialize.sync()]), {
        syncToFs: false,
      });
    }
    return statement;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    return internals._runExclusiveTransaction(() =>
      internals._runExclusiveQuery(async () => {
        const statement = await prepare(text, options);
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const typeId = statement.paramTypes[i]!;
          const toText = options?.serializers?.[typeId] ?? internals.serializers[typeId];
          return toText ? toText(value) : String(value);
        });
        const messages = await pglite.execProtocolStream(
          concat([
            serialize.bind({ statement: statement.name, values }),
            serialize.describe({ type: "P" }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: true },
        );
        const [result] = options?.parsers
          ? parseResults(messages, withOverrides(internals.parsers, options.parsers), {
              ...options,
              parsers: undefined,
            })
          : parseResults(messages, internals.parsers, options);
        return result as Awaited<ReturnType<PGlite["query"]>> & { rows: T[] };
      }),
    );
  }

  return new Proxy(pglite, {
    get(target, property, receiver) {
      if (property === "query") return query;
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
