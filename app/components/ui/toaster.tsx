import * as RadixToast from "@radix-ui/react-toast";
import { CircleAlert, CircleCheck, Info, X, type LucideIcon } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { cn } from "~/lib/ui/cn";
import { toastStore, type Toast } from "~/lib/state/toast-store";
import { toastIcons } from "./toast-icons";

/** Spec §9: swipe right 50 px to dismiss; F8 focuses the viewport; bottom-right; 16 px gap. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = ["F8"];

const colorStyles = {
  error: "border-error-200 bg-error-50 text-error-950 dark:border-error-900/60 dark:bg-error-950 dark:text-error-50",
  success:
    "border-success-200 bg-success-50 text-success-950 dark:border-success-900/60 dark:bg-success-950 dark:text-success-50",
  neutral:
    "border-neutral-200 bg-white text-neutral-900 dark:border-neutral-800 dark:bg-neutral-900 dark:text-neutral-50",
} as const;

const iconStyles = {
  error: "text-error-600 dark:text-error-400",
  success: "text-success-600 dark:text-success-400",
  neutral: "text-info-600 dark:text-info-400",
} as const;

function iconFor(toast: Toast): LucideIcon {
  if (toast.icon && toast.icon in toastIcons) return toastIcons[toast.icon as keyof typeof toastIcons];
  if (toast.color === "error") return CircleAlert;
  if (toast.color === "success") return CircleCheck;
  return Info;
}

function ToastItem({ toast }: { toast: Toast }) {
  const tone = toast.color ?? "neutral";
  const Icon = iconFor(toast);
  // Radix starts the close timer when the toast mounts, even while it still renders nothing
  // (its viewport is registered in a transition, so on a page that is still hydrating the
  // toast can appear hundreds of milliseconds later). Hold the timer until the element is in
  // the page, so the toast is seen for its whole timeout.
  const [element, setElement] = useState<HTMLLIElement | null>(null);
  return (
    <RadixToast.Root
      ref={setElement}
      open={toast.open}
      duration={element ? toast.timeout : Infinity}
      type={toast.color === "error" ? "foreground" : "background"}
      onOpenChange={(open) => {
        if (!open) toastStore.dismiss(toast.id);
      }}
      data-toast-id={toast.id}
      data-color={tone}
      className={cn(
        "group pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg",
        "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out",
        "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=cancel]:transition-transform",
        colorStyles[tone],
      )}
    >
      <Icon aria-hidden className={cn("mt-0.5 size-5 shrink-0", iconStyles[tone])} />
      <div className="grid min-w-0 gap-1">
        {toast.title && <RadixToast.Title className="text-sm font-semibold">{toast.title}</RadixToast.Title>}
        {toast.description && <RadixToast.Description className="text-sm">{toast.description}</RadixToast.Description>}
      </div>
      <RadixToast.Close
        aria-label="Close"
        className="absolute top-3 right-3 rounded-lg p-1 opacity-60 transition hover:opacity-100 focus-visible:opacity-100"
      >
        <X aria-hidden className="size-4" />
      </RadixToast.Close>
    </RadixToast.Root>
  );
}

export function Toaster() {
  const toasts = useSyncExternalStore(toastStore.subscribe, toastStore.getVisible, () => []);
  return (
    <RadixToast.Provider swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} label="Notifications">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
      <RadixToast.Viewport
        hotkey={TOAST_HOTKEY}
        className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-4 p-4 outline-none sm:max-w-[420px] sm:p-6"
      />
    </RadixToast.Provider>
  );
}
