import { makeMissingSamples } from "../../../styles/style-sample-commands.server";
import { sampleJobOperation } from "./shared.server";

export const makeMissingSamplesOperation = sampleJobOperation({
  path: "/api/styles/:id/anchors",
  summary: "Make the missing samples",
  description:
    "After a failed or cancelled sample job: a paid job making only the samples the style lacks. While a sample job of the style is unfinished, that job is the answer (200) and nothing is charged again.",
  command: makeMissingSamples,
});
