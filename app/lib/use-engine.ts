import { useRouteLoaderData } from "react-router";
import type { EngineView } from "#domain/preview";

/** Before the app's loader has answered (or outside the app), prices are the standard ones. */
const STANDARD: EngineView = { id: "", label: "", priceRate: 1 };

/** The engine new generations run with, and its price rate (the app layout's loader says). */
export function useEngine(): EngineView {
  const data = useRouteLoaderData("layouts/app") as { engine?: EngineView } | undefined;
  return data?.engine ?? STANDARD;
}
