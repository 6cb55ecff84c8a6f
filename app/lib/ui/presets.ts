// The presets are domain data (the server makes styles from them); the UI reads them here.
export * from "#domain/presets";
