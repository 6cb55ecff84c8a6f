import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client.server";
import { instanceSecrets } from "../db/schema";
import type { ImageSource } from "./optimize.server";

/**
 * A signed image link stays the same for this long, so browsers and caches see one URL per
 * copy, and is good for between one and two of these: long enough for a page left open,
 * short enough that a leaked link soon stops working.
 */
export const SIGNED_URL_WINDOW_MS = 12 * 60 * 60 * 1000;
const SIGNATURE_BYTES = 18;
const SECRET_NAME = "image-urls";

/**
 * Signs links to stored images for the image endpoint's `s` parameter: "expiry.mac", where
 * mac = HMAC-SHA256(secret, "kind:id:expiry"). Only code that has just read the image for its
 * owner signs (the presenters), so a valid signature stands for that owner check, and a
 * request that carries one needs neither the session nor, once this process has seen the
 * image, the database (docs/decisions/045).
 */
export class ImageUrlSigner {
  // A KeyObject made once: a raw key would be converted on every signature checked.
  private readonly key: KeyObject;

  constructor(
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = createSecretKey(Buffer.from(secret, "base64url"));
  }

  /** The signature for one stored image, good until the end of the window after this one. */
  sign(source: ImageSource): string {
    const expires = (Math.floor(this.now() / SIGNED_URL_WINDOW_MS) + 2) * (SIGNED_URL_WINDOW_MS / 1000);
    return `${expires}.${this.mac(source, expires).toString("base64url")}`;
  }

  /** When a signature is valid for this image: its expiry in ms since the epoch; otherwise null. */
  verify(source: ImageSource, signature: string): number | null {
    const match = /^(\d{1,12})\.([A-Za-z0-9_-]{1,64})$/.exec(signature);
    if (!match) return null;
    const expires = Number(match[1]);
    if (expires * 1000 <= this.now()) return null;
    const given = Buffer.from(match[2]!, "base64url");
    const expected = this.mac(source, expires);
    return given.length === expected.length && timingSafeEqual(given, expected) ? expires * 1000 : null;
  }

  private mac(source: ImageSource, expires: number): Buffer {
    return createHmac("sha256", this.key)
      .update(`${source.kind}:${source.id}:${expires}`)
      .digest()
      .subarray(0, SIGNATURE_BYTES);
  }
}

/**
 * The instance's signing secret, shared by every process through the database: the first
 * process to start makes it, the rest read the same row.
 */
export async function loadImageUrlSecret(db: Database): Promise<string> {
  await db
    .insert(instanceSecrets)
    .values({ name: SECRET_NAME, value: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: instanceSecrets.value })
    .from(instanceSecrets)
    .where(eq(instanceSecrets.name, SECRET_NAME));
  return row!.value;
}

const SOURCE_PATHS: Record<ImageSource["kind"], string> = { image: "/api/images", reference: "/api/files/reference" };

/** A stored image as the presenters show it: the original's path and the signature for its copies. */
export function presentImageLink(signer: ImageUrlSigner, source: ImageSource): { url: string; signature: string } {
  return { url: `${SOURCE_PATHS[source.kind]}/${source.id}`, signature: signer.sign(source) };
}
