import { createContext, useContext, type ReactNode } from "react";
import type { ColorModePreference, ResolvedColorMode } from "#domain/color-mode";
import { useColorMode } from "~/lib/use-color-mode";

type ColorModeValue = ReturnType<typeof useColorMode>;

const ColorModeContext = createContext<ColorModeValue | null>(null);

export function ColorModeProvider(props: {
  serverPreference: ColorModePreference;
  forced?: ResolvedColorMode;
  children: ReactNode;
}) {
  const value = useColorMode({ serverPreference: props.serverPreference, forced: props.forced });
  return <ColorModeContext value={value}>{props.children}</ColorModeContext>;
}

export function useColorModeContext(): ColorModeValue {
  const value = useContext(ColorModeContext);
  if (!value) throw new Error("useColorModeContext needs a <ColorModeProvider>");
  return value;
}
