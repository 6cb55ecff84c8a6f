import { parse, protocol, type PGlite, type QueryOptions } from "@electric-sql/pglite";

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
        return parseResults(messages, internals.parsers, options)[0] as Awaited<ReturnType<PGlite["query"]>> & {
          rows: T[];
        };
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
