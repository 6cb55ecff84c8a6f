import * as Slot from "@radix-ui/react-slot";
import type { ComponentProps } from "react";
import { cn } from "~/lib/ui/cn";

/** Each variant and size is a class in app/components.css. */
type Variant = "primary" | "secondary" | "ghost" | "danger";
type Size = "sm" | "md" | "lg" | "icon";

export type ButtonProps = ComponentProps<"button"> & {
  variant?: Variant;
  size?: Size;
  /** Render the child element (a Link, say) with button styles. */
  asChild?: boolean;
};

export function buttonClasses(variant: Variant = "primary", size: Size = "md"): string {
  return `btn btn-${variant} btn-${size}`;
}

export function Button({ variant, size, asChild, className, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : "button";
  return (
    <Component
      type={asChild ? undefined : (type ?? "button")}
      className={cn(buttonClasses(variant, size), className)}
      {...props}
    />
  );
}
