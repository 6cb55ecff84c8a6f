/**
 * One value per process, kept on globalThis so the dev server's module reloads
 * do not open a second database handle (PGlite allows only one).
 */
export function singleton<T>(name: string, create: () => T): T {
  const store = globalThis as unknown as { __motifSingletons?: Map<string, unknown> };
  store.__motifSingletons ??= new Map();
  if (!store.__motifSingletons.has(name)) store.__motifSingletons.set(name, create());
  return store.__motifSingletons.get(name) as T;
}
