// maxrects-packer 2.7.4 says "type": "module" but points "main" at its UMD build, which Node then
// cannot read; its ES module build beside it is imported by path, with the package's own types.
declare module "maxrects-packer/dist/maxrects-packer.mjs" {
  export * from "maxrects-packer";
}
