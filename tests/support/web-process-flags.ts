/**
 * Node's flags for a web process, as `npm start` gives them: an 8 MB young generation
 * (docs/decisions/039) and the embedded database's WebAssembly on V8's baseline compiler
 * (docs/decisions/049). Neither can be set once a process runs, so the tests and benchmarks
 * that start a server spawn it with these; `tests/integration/deploy-files.test.ts` checks
 * that package.json and the Dockerfile give the same.
 */
export const webProcessFlags = ["--max-semi-space-size=8", "--liftoff-only"];
