import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { toast } from "~/lib/state/toast-store";

/** A block of shell text with a button that copies it whole. */
export function CopySnippet({ label, text }: { label: string; text: string }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error("Copy failed", "Your browser did not allow copying. Select the text and copy it instead.");
    }
  }
  return (
    <figure className="min-w-0 overflow-hidden rounded-xl border border-neutral-200 bg-neutral-950 dark:border-neutral-800">
      <figcaption className="flex items-center justify-between gap-3 border-b border-neutral-800 px-4 py-2 text-xs font-medium text-neutral-300">
        {label}
        <button
          type="button"
          onClick={() => void copy()}
          aria-label={`Copy ${label.toLowerCase()}`}
          className="inline-flex h-7 items-center gap-1.5 rounded-lg px-2 text-neutral-200 hover:bg-neutral-800 hover:text-white"
        >
          {copied ? <Check aria-hidden className="size-3.5" /> : <Copy aria-hidden className="size-3.5" />}
          <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
        </button>
      </figcaption>
      {/* Focusable, so a keyboard can scroll a line wider than a phone. */}
      <pre
        tabIndex={0}
        aria-label={label}
        className="overflow-x-auto px-4 py-3 font-mono text-[13px] leading-relaxed text-neutral-100"
      >
        <code>{text}</code>
      </pre>
    </figure>
  );
}
