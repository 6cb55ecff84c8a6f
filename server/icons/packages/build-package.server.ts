import type { IconPackageFormat } from "#domain/icon-packages";
import type { IconSet } from "../icon-set.server";
import { fontPackage } from "./font-package.server";
import { iconifyPackage } from "./iconify-package.server";
import type { PackageFiles, PackageMeta } from "./package-files.server";
import { reactPackage } from "./react-package.server";
import { sveltePackage } from "./svelte-package.server";
import { svgPackage } from "./svg-package.server";
import { vuePackage } from "./vue-package.server";

/** A package as it is downloaded: its files, and how they are archived and named. */
export interface BuiltPackage {
  files: PackageFiles;
  /** npm's tarball layout (everything under `package/`, installable with `npm install ./x.tgz`), or a ZIP. */
  archive: "tgz" | "zip";
  fileName: string;
}

const builders: Record<IconPackageFormat, (set: IconSet, meta: PackageMeta) => PackageFiles | Promise<PackageFiles>> = {
  react: reactPackage,
  font: fontPackage,
  vue: vuePackage,
  svelte: sveltePackage,
  iconify: iconifyPackage,
  svg: svgPackage,
};

/** The JavaScript packages go as npm tarballs; the others as ZIPs of a folder. */
const npmFormats: readonly IconPackageFormat[] = ["react", "vue", "svelte"];

export async function buildIconPackage(
  set: IconSet,
  format: IconPackageFormat,
  meta: PackageMeta,
): Promise<BuiltPackage> {
  const files = await builders[format](set, meta);
  const base = `${meta.name.replace(/^@/, "").replace("/", "-")}-${meta.version}`;
  return npmFormats.includes(format)
    ? { files, archive: "tgz", fileName: `${base}.tgz` }
    : { files, archive: "zip", fileName: `${base}-${format}.zip` };
}
