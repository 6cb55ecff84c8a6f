import { lazy, Suspense, useRef, useState, type ReactNode } from "react";
import type { StyleView } from "#domain/styles";

const SampleViewer = lazy(() => import("./sample-viewer-dialog"));

/** Viewer state for a page of style cards: `view(styleId, index)` opens one, `viewer` renders it. */
export function useSampleViewer(styles: StyleView[]): {
  view(styleId: string, index: number): void;
  viewer: ReactNode;
} {
  const [viewing, setViewing] = useState<{ styleId: string; index: number } | null>(null);
  // The thumbnail that opened the viewer gets focus back when it closes.
  const opener = useRef<HTMLElement | null>(null);
  const style = viewing && styles.find((s) => s.id === viewing.styleId);
  return {
    view: (styleId, index) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setViewing({ styleId, index });
    },
    viewer:
      viewing && style ? (
        <Suspense fallback={null}>
          <SampleViewer
            style={style}
            index={viewing.index}
            onIndexChange={(index) => setViewing({ ...viewing, index })}
            onClose={() => {
              setViewing(null);
              const target = opener.current;
              // After the dialog's own focus handling, which has nothing to return to once it unmounts.
              requestAnimationFrame(() => target?.isConnected && target.focus());
            }}
          />
        </Suspense>
      ) : null,
  };
}
