// Modules the build makes (scripts/vite/).

declare module "virtual:icon-sprite" {
  /** The icon sprite's address; "" while developing, where icons draw inline. */
  const url: string;
  export default url;
}
