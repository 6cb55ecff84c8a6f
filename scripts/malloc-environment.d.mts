// Types for malloc-environment.mjs (plain JavaScript: it runs before anything is compiled).
export declare const JEMALLOC_PATHS: string[];
export declare const JEMALLOC_CONF: string;
export declare function mallocEnvironment(
  env: Record<string, string | undefined>,
  exists?: (path: string) => boolean,
): Record<string, string>;
