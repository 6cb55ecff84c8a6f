import { regenerateSamples } from "../../../styles/style-sample-commands.server";
import { sampleJobOperation } from "./shared.server";

export const remakeSamplesOperation = sampleJobOperation({
  path: "/api/styles/:id/samples",
  summary: "Remake the samples",
  description:
    "A paid job replacing the four samples with ones made for what the style is now. While a sample job of the style is unfinished, that job is the answer (200) and nothing is replaced or charged.",
  command: regenerateSamples,
});
