import {
  cloneElement,
  Suspense,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from "react";

/** How a menu was first opened: by a key, its first item takes focus, as Radix does after. */
export type FirstOpen = "pointer" | "keyboard";

/** What the loaded menu is given: its trigger, to wrap in Radix's, and how it was opened. */
export interface LoadedMenu {
  trigger: ReactElement;
  firstOpen: FirstOpen;
}

type TriggerProps = {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  onPointerEnter?: (event: React.PointerEvent<HTMLElement>) => void;
  onFocus?: (event: React.FocusEvent<HTMLElement>) => void;
  onTouchStart?: (event: React.TouchEvent<HTMLElement>) => void;
};

/**
 * A dropdown menu whose code (Radix's menu and its positioning) loads when a person first reaches
 * for it, not with the page (docs/decisions/127): until then `trigger` is drawn as it is, named a
 * menu button; hovering, focusing or touching it starts the download, and the click (or Enter,
 * Space, ↓) that opens it renders `children` — the Radix menu around the same trigger — open.
 */
export function LazyDropdown({
  trigger,
  preload,
  children,
}: {
  trigger: ReactElement<TriggerProps>;
  preload: () => Promise<unknown>;
  children: (menu: LoadedMenu) => ReactNode;
}) {
  const [firstOpen, setFirstOpen] = useState<FirstOpen | null>(null);
  if (firstOpen) return <Suspense fallback={trigger}>{children({ trigger, firstOpen })}</Suspense>;
  return standInTrigger(trigger, { popup: "menu", preload, onOpen: setFirstOpen });
}

/**
 * `trigger` standing in for a popup whose code is not loaded yet: named a button that opens a
 * `popup`, it starts the download when hovered, focused or touched, and calls `onOpen` on the
 * click (or Enter, Space, and for a menu ↓) that opens it, saying whether a key did.
 */
export function standInTrigger(
  trigger: ReactElement<TriggerProps>,
  {
    popup,
    preload,
    onOpen,
  }: { popup: "menu" | "dialog"; preload: () => Promise<unknown>; onOpen(by: FirstOpen): void },
) {
  const own = trigger.props;
  const load = () => void preload();
  return cloneElement(trigger, {
    "aria-haspopup": popup,
    "aria-expanded": false,
    onPointerEnter: (event: React.PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      load();
    },
    onFocus: (event: React.FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      load();
    },
    onTouchStart: (event: React.TouchEvent<HTMLElement>) => {
      own.onTouchStart?.(event);
      load();
    },
    // A click from Enter or Space has no pointer behind it (detail 0).
    onClick: (event: MouseEvent<HTMLElement>) => {
      own.onClick?.(event);
      onOpen(event.detail === 0 ? "keyboard" : "pointer");
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      own.onKeyDown?.(event);
      if (popup !== "menu" || event.key !== "ArrowDown") return;
      event.preventDefault();
      onOpen("keyboard");
    },
  } as Partial<TriggerProps>);
}

/**
 * For the loaded menu, opened at once: the first time, opened by a key, Radix is told so, and
 * moves focus from the menu to its first item as it does for a key it saw itself (this one
 * reached the stand-in trigger). Radix's menu notes any key pressed on the document; its
 * listener is set before this effect runs, a descendant's effects running first.
 */
export function useOpenedByKey(firstOpen: FirstOpen) {
  const byKeyboard = useRef(firstOpen === "keyboard");
  useEffect(() => {
    if (!byKeyboard.current) return;
    byKeyboard.current = false;
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "Unidentified" }));
  }, []);
}
