import { staleReasons, type StyleView } from "#domain/styles";
import { presentImageLink, type ImageUrlSigner } from "../images/signed-urls.server";
import { samplesBasisOf } from "./style-samples.server";
import type { listStyles } from "./styles.server";

type StyleListItem = Awaited<ReturnType<typeof listStyles>>[number];

/** What the client sees of a style: no storage keys, image URLs instead. */
export function presentStyle(style: StyleListItem, signer: ImageUrlSigner): StyleView {
  return {
    id: style.id,
    name: style.name,
    source: style.source,
    description: style.description,
    derivedDescription: style.description ? null : style.derivedDescription,
    palette: style.palette,
    defaultSize: style.defaultSize,
    defaultDetail: style.defaultDetail,
    defaultTransparent: style.defaultTransparent,
    defaultModel: style.defaultModel,
    presetId: style.presetId,
    createdAt: style.createdAt.toISOString(),
    madeBy: style.madeBy,
    anchors: style.anchors.map((a) => ({
      id: a.id,
      ...presentImageLink(signer, { kind: "image", id: a.id }),
      subject: a.subject,
      width: a.width,
      height: a.height,
      hasAlpha: a.hasAlpha,
      format: a.format,
      provider: a.provider,
    })),
    samplesStale: style.anchors.length
      ? staleReasons(
          style.samplesBasis,
          samplesBasisOf(
            style,
            style.references.map((r) => r.id),
          ),
        )
      : [],
    references: style.references.map((r) => ({
      id: r.id,
      ...presentImageLink(signer, { kind: "reference", id: r.id }),
    })),
    job: style.latestJob
      ? {
          id: style.latestJob.id,
          status: style.latestJob.status,
          error: style.latestJob.error,
          refunded: style.latestJob.refunded,
          credits: style.latestJob.credits,
          refundedCredits: style.latestJob.refundedCredits,
        }
      : null,
  };
}
