import { createContext, useContext } from "react";
import { tooltipContentClasses } from "./ui/tooltip";

/**
 * True while rendering a page that is served without React in the browser (docs/decisions/046):
 * controls then render their closed markup plus `<template>`s that app/static-page/controls.ts
 * opens.
 */
const StaticPageContext = createContext(false);
export const StaticPageProvider = StaticPageContext.Provider;
export const useStaticPage = () => useContext(StaticPageContext);

/** The markup every static page's tooltips are made from. */
export function StaticTooltipTemplate() {
  return (
    <template data-tooltip-template="">
      <div role="tooltip" className={tooltipContentClasses}>
        <span data-tooltip-text />
        {/* Radix's arrow, pointing up at the trigger the tooltip opens under. */}
        <svg
          aria-hidden
          width={10}
          height={5}
          viewBox="0 0 30 10"
          preserveAspectRatio="none"
          className="absolute -top-[5px] left-1/2 -translate-x-1/2 rotate-180 fill-neutral-900 dark:fill-neutral-100"
        >
          <polygon points="0,0 30,0 15,10" />
        </svg>
      </div>
    </template>
  );
}
