import { createContext, useContext } from "react";
import { TooltipArrow, tooltipContentClasses } from "./ui/tooltip-classes";

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
        {/* Pointing up at the trigger the tooltip opens under. */}
        <TooltipArrow className="-top-[5px] left-1/2 -translate-x-1/2 rotate-180" />
      </div>
    </template>
  );
}
