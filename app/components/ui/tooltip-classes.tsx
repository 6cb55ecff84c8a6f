// The tooltip's look, shared by the app's tooltips and the static pages' template.

export const tooltipContentClasses =
  "z-50 animate-fade-in rounded-lg bg-neutral-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg dark:bg-neutral-100 dark:text-neutral-900";

/** The arrow, a small triangle pointing down; `className` turns and places it. */
export function TooltipArrow({
  className,
  style,
  ref,
}: {
  className?: string;
  style?: React.CSSProperties;
  ref?: React.Ref<SVGSVGElement>;
}) {
  return (
    <svg
      ref={ref}
      aria-hidden
      width={10}
      height={5}
      viewBox="0 0 30 10"
      preserveAspectRatio="none"
      style={style}
      className={`absolute fill-neutral-900 dark:fill-neutral-100 ${className ?? ""}`}
    >
      <polygon points="0,0 30,0 15,10" />
    </svg>
  );
}
