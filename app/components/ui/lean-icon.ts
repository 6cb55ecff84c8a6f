import { createElement, forwardRef, type ReactNode, type SVGProps } from "react";
import spriteUrl from "virtual:icon-sprite";

/** What lucide-react hands its Icon: the icon's name and drawing. */
interface IconData {
  name?: string;
  node: [string, Record<string, string>][];
}

interface LeanIconProps extends Omit<SVGProps<SVGSVGElement>, "ref"> {
  icon?: IconData;
  iconNode?: IconData["node"];
  size?: number | string;
  color?: string;
  strokeWidth?: number | string;
  absoluteStrokeWidth?: boolean;
  children?: ReactNode;
}

/**
 * The icon's shapes in its 24-unit box, or with its drawing moved to the sprite, a `<use>` of its
 * symbol, whose own viewBox scales it to the icon's size.
 */
function drawing(icon: IconData | undefined, iconNode: IconData["node"] | undefined) {
  const node = icon?.node ?? iconNode ?? [];
  if (node.length === 0 && spriteUrl && icon?.name) {
    return { shapes: [createElement("use", { key: "use", href: `${spriteUrl}#${icon.name}` })], viewBox: undefined };
  }
  return { shapes: node.map(([tag, attrs]) => createElement(tag, attrs)), viewBox: "0 0 24 24" };
}

const hasA11yProp = (props: Record<string, unknown>) =>
  Object.entries(props).some(
    ([key, value]) => (key.startsWith("aria-") || key === "role" || key === "title") && value != null,
  );

/**
 * lucide-react's Icon, drawn lighter: the attributes every icon shares (size 24, no fill, a
 * 2-px round stroke in currentColor, xmlns) come from the `.lucide` rule in app.css instead of
 * being written into each of the page's fifty icons, about 200 bytes each (docs/decisions/122).
 * A size, colour or stroke width passed as a prop is set inline (lucide wrote it as an attribute;
 * no icon here passes a size prop beside a size class). The build points lucide-react's own Icon
 * here (vite.config.ts). In a build an icon's drawing lives in the icon sprite: the icon is a
 * `<use>` of its symbol there (docs/decisions/125).
 */
const LeanIcon = forwardRef<SVGSVGElement, LeanIconProps>(function LeanIcon(
  { icon, iconNode, size, color, strokeWidth, absoluteStrokeWidth, className, children, style, ...rest },
  ref,
) {
  // An absolute stroke keeps its width in pixels whatever the icon's size, as lucide computes it.
  const stroke = absoluteStrokeWidth ? (Number(strokeWidth ?? 2) * 24) / Number(size ?? 24) : strokeWidth;
  const own = {
    ...(size !== undefined && { width: Number(size), height: Number(size) }),
    ...(color && { stroke: color }),
    ...(stroke !== undefined && { strokeWidth: stroke }),
  };
  const classes = ["lucide", className].filter(Boolean).join(" ");
  const { shapes, viewBox } = drawing(icon, iconNode);
  return createElement(
    "svg",
    {
      ref,
      viewBox,
      className: classes,
      ...(!children && !hasA11yProp(rest) && { "aria-hidden": "true" }),
      style: Object.keys(own).length > 0 ? { ...own, ...style } : style,
      ...rest,
    },
    ...shapes,
    children,
  );
});

export default LeanIcon;
