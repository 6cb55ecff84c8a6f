import { ChevronLeft, ChevronRight, Download } from "lucide-react";
import * as Dialog from "@radix-ui/react-dialog";
import type { KeyboardEvent } from "react";
import { checkerboard } from "~/lib/ui/checkerboard";
import { cn } from "~/lib/ui/cn";
import { responsiveImage } from "#domain/image-url";
import { isPreview, previewTexts } from "#domain/preview";
import type { StyleView } from "#domain/styles";
import { PreviewBadge } from "./preview-badge";
import { Button, buttonClasses } from "./ui/button";
import { downloadName } from "~/lib/words/download-name";
import { DialogCloseButton } from "./ui/modal-dialog-content";

/** A style's sample images, one at a time and large; arrows move between them. Loaded when first opened. */
export default function SampleViewer(props: {
  style: StyleView;
  index: number;
  onIndexChange(index: number): void;
  onClose(): void;
}) {
  const { style } = props;
  const count = style.anchors.length;
  const anchor = style.anchors[props.index];
  if (!anchor) return null;
  const go = (step: number) => props.onIndexChange((props.index + step + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowRight") go(1);
    if (event.key === "ArrowLeft") go(-1);
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 animate-fade-in bg-neutral-950/70 backdrop-blur-sm" />
        <Dialog.Content
          onKeyDown={onKeyDown}
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-1.5rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 gap-4 rounded-2xl border border-neutral-200 bg-white p-4 shadow-2xl sm:p-6 dark:border-neutral-800 dark:bg-neutral-900"
        >
          <div className="flex items-start justify-between gap-4">
            <div className="min-w-0">
              <Dialog.Title className="truncate text-lg font-semibold">{style.name}</Dialog.Title>
              <Dialog.Description className="text-sm text-neutral-600 dark:text-neutral-400">
                Sample {props.index + 1} of {count}: {anchor.subject}
              </Dialog.Description>
            </div>
            <DialogCloseButton />
          </div>

          <div className="relative">
            <img
              key={anchor.id}
              {...responsiveImage(anchor, { displayWidth: 720, sourceWidth: anchor.width, quality: 90 })}
              alt={`${style.name}: ${anchor.subject}`}
              width={anchor.width}
              height={anchor.height}
              className={cn(
                "mx-auto max-h-[65dvh] w-full animate-fade-in rounded-xl object-contain",
                anchor.hasAlpha && checkerboard(),
              )}
            />
            <PreviewBadge provider={anchor.provider} overlay className="absolute top-2 left-2 px-2.5 py-1 text-xs" />
            {count > 1 && (
              <>
                <Button
                  variant="secondary"
                  size="icon"
                  aria-label="Previous sample"
                  onClick={() => go(-1)}
                  className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full"
                >
                  <ChevronLeft aria-hidden className="size-5" />
                </Button>
                <Button
                  variant="secondary"
                  size="icon"
                  aria-label="Next sample"
                  onClick={() => go(1)}
                  className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full"
                >
                  <ChevronRight aria-hidden className="size-5" />
                </Button>
              </>
            )}
          </div>

          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-neutral-600 tabular-nums dark:text-neutral-400">
              {anchor.width} × {anchor.height} · {anchor.format.toUpperCase()}
              {anchor.hasAlpha ? " · transparent" : ""}
              {isPreview(anchor.provider) && ` · ${previewTexts.explanation}`}
            </p>
            <a
              href={anchor.url}
              download={downloadName(anchor.format, style.name, anchor.subject)}
              className={buttonClasses("primary", "sm")}
            >
              <Download aria-hidden className="size-4" /> Download {anchor.format.toUpperCase()}
            </a>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
