import { z } from "zod";

/** Sent beside each image's url: lets the image endpoint serve its copies to whoever holds it. */
export const imageSignature = z.string().meta({
  description:
    "Pass it to GET /api/image as s: the copy is then served without credentials, and may be cached by any cache, until it expires (12 to 24 hours). Without it, or once it expires, the endpoint asks for the owner's credentials.",
  example: "1795651200.kq3VbT0u8Wm6WmKz1z2cQv5J",
});
