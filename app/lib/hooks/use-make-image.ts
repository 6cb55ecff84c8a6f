import { useState } from "react";
import type { ObjectImageView } from "#domain/objects";
import { toast } from "~/lib/state/toast-store";
import { refusalMessage } from "~/lib/words/refusal-message";
import { useIdempotencyKey } from "./use-idempotency-key";

/** What a panel says when its image is made, was made before, or could not be made. */
export interface MadeImageTexts {
  title: string;
  made(image: ObjectImageView): string;
  earlier: string;
  errorTitle: string;
  failed: string;
}

/**
 * One of a panel's requests that makes a new image of the object at once (pixel art, a tile):
 * sent with an Idempotency-Key kept for a retry of the same work and body, said in a toast, and the
 * image shown. `busy` names the work under way.
 */
export function useMakeImage<Work extends string>(props: {
  objectId: string;
  knownIds: string[];
  onMade(imageId: string): void;
}) {
  const [busy, setBusy] = useState<Work | null>(null);
  const idempotency = useIdempotencyKey();

  async function make<Body extends object>(
    work: Work,
    request: { body: Body; send(headers: Record<string, string>): Promise<{ image: ObjectImageView }> },
    texts: MadeImageTexts,
  ) {
    setBusy(work);
    try {
      const { image } = await request.send({
        "Idempotency-Key": idempotency.keyFor(`${props.objectId}/${work}`, request.body),
      });
      idempotency.done();
      const earlier = props.knownIds.includes(image.id);
      toast({ title: texts.title, description: earlier ? texts.earlier : texts.made(image), color: "success" });
      props.onMade(image.id);
    } catch (error) {
      toast({ title: texts.errorTitle, description: refusalMessage(error, texts.failed), color: "error" });
    } finally {
      setBusy(null);
    }
  }

  return { busy, make };
}
