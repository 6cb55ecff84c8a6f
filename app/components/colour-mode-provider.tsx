import { createContext, useContext, type ReactNode } from "react";
import type { ColourModePreference, ResolvedColourMode } from "#domain/colour-mode";
import { useColourMode } from "~/lib/hooks/use-colour-mode";

type ColourModeValue = ReturnType<typeof useColourMode>;

const ColourModeContext = createContext<ColourModeValue | null>(null);

export function ColourModeProvider(props: {
  serverPreference: ColourModePreference;
  forced?: ResolvedColourMode;
  children: ReactNode;
}) {
  const value = useColourMode({ serverPreference: props.serverPreference, forced: props.forced });
  return <ColourModeContext value={value}>{props.children}</ColourModeContext>;
}

export function useColourModeContext(): ColourModeValue {
  const value = useContext(ColourModeContext);
  if (!value) throw new Error("useColourModeContext needs a <ColourModeProvider>");
  return value;
}
