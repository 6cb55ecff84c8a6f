// Fails the browser build when its chunks import one another in a circle (docs/decisions/127).
// Used by vite.config.ts.
import type { Plugin } from "vite";

/**
 * A circle of imports in `graph` (file → the files it imports), as the files along it with the
 * first one again at the end, or null when there is none.
 */
export function findCycle(graph: Map<string, readonly string[]>): string[] | null {
  const done = new Set<string>();
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (file: string): string[] | null => {
    if (onPath.has(file)) return [...path.slice(path.indexOf(file)), file];
    if (done.has(file)) return null;
    path.push(file);
    onPath.add(file);
    for (const imported of graph.get(file) ?? []) {
      const cycle = visit(imported);
      if (cycle) return cycle;
    }
    path.pop();
    onPath.delete(file);
    done.add(file);
    return null;
  };
  for (const file of graph.keys()) {
    const cycle = visit(file);
    if (cycle) return cycle;
  }
  return null;
}

/**
 * The browser's chunks run in the order the browser's module loader gives them, which is the
 * order their imports say only while no two chunks import each other: then a module could run
 * before one it calls at load (a schema built from another's, say). Our chunk groups must keep
 * the graph a tree of layers (framework, then the page chrome, then what pages share, by rank),
 * and this says so at build time rather than as an error on someone's page.
 */
export function acyclicChunks(): Plugin {
  return {
    name: "acyclic-chunks",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      const graph = new Map<string, readonly string[]>();
      for (const output of Object.values(bundle))
        if (output.type === "chunk") graph.set(output.fileName, output.imports);
      const cycle = findCycle(graph);
      if (cycle) this.error(`The browser's chunks import one another in a circle: ${cycle.join(" → ")}`);
    },
  };
}
