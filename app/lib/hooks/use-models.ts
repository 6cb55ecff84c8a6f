import { useRouteLoaderData } from "react-router";
import { pickModel, standardModels, type ModelsView, type ModelView } from "#domain/models";

/** The models on offer (the app layout's loader says); standard prices before it has answered. */
export function useModels(): ModelsView {
  const data = useRouteLoaderData("layouts/app") as { models?: ModelsView } | undefined;
  return data?.models ?? standardModels;
}

/** The model a generation will run with: `id` when it is on offer, else the default. */
export function useModel(id?: string | null): ModelView {
  return pickModel(useModels(), id);
}
