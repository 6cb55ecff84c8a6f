/** Builds the app when its sources changed since the last build. */
export function ensureBuild(): void;
/** Builds now, and records which sources the build is of. */
export function build(): void;
