// Signed-in pages rendered fresh: each request asks for a new `?view=N`, so no kept document
// answers it, as when a person's data changes all through a generation.

export interface Visitor {
  cookie: string;
  pages: string[];
}

/**
 * Sends `requests` page requests from `connections` at once, taking turns between the visitors
 * and their pages; throws on any answer but 200. Returns the pace and how many distinct
 * addresses were rendered.
 */
export async function renderFresh(
  base: string,
  visitors: Visitor[],
  options: { requests: number; connections: number },
): Promise<{ requestsPerSecond: number; pages: number }> {
  const turns = visitors.flatMap((visitor) => visitor.pages.map((page) => ({ cookie: visitor.cookie, page })));
  let sent = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (sent < options.requests) {
        const n = sent++;
        const { cookie, page } = turns[n % turns.length]!;
        const response = await fetch(`${base}${page}?view=${n}`, { headers: { cookie } });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`${page} answered ${response.status}, not 200`);
      }
    }),
  );
  return {
    requestsPerSecond: Math.round(options.requests / ((performance.now() - started) / 1000)),
    pages: turns.length,
  };
}
