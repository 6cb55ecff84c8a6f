/**
 * The whole script of the pages served without React (landing, terms, privacy: see
 * docs/decisions/046): the colour-mode menu, its tooltip, the mobile navigation sheet, page
 * views and cross-tab sign-in. The markup is React's own, rendered on the server with
 * `<template>`s for what opens; this only opens, closes and keeps it accessible.
 */
import { colourModeLabels, parsePreference, readPreferenceCookie, resolveColourMode } from "#domain/colour-mode";
import {
  applyColourMode,
  onColourModeChange,
  readStoredPreference,
  storePreference,
  systemIsDark,
} from "~/lib/ui/colour-mode-dom";
import { onAuthChange } from "~/lib/api/auth-client";
import { noteTooltipClosed, tooltipDelay } from "~/lib/ui/tooltip-timing";
import { MOBILE_QUERY } from "~/lib/ui/breakpoints";

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

function fromTemplate(selector: string): HTMLElement | null {
  const template = document.querySelector<HTMLTemplateElement>(selector);
  const element = template?.content.firstElementChild?.cloneNode(true);
  return element instanceof HTMLElement ? element : null;
}

/** Places a floating element under `anchor`, its right edge on the anchor's (Radix's align "end"). */
function placeBelow(floating: HTMLElement, anchor: HTMLElement, offset: number, align: "end" | "center") {
  // Fixed first, so the element is as wide as its content when measured.
  floating.style.position = "fixed";
  floating.style.top = "0";
  floating.style.left = "0";
  const box = anchor.getBoundingClientRect();
  const width = floating.offsetWidth;
  const left = align === "end" ? box.right - width : box.left + box.width / 2 - width / 2;
  floating.style.top = `${box.bottom + offset}px`;
  floating.style.left = `${Math.max(8, Math.min(left, window.innerWidth - width - 8))}px`;
}

function colourModeMenu(trigger: HTMLButtonElement) {
  const serverPreference = readPreferenceCookie(document.cookie);
  const preference = () => readStoredPreference(serverPreference);
  const show = () => {
    const current = preference();
    applyColourMode(resolveColourMode({ preference: current, systemDark: systemIsDark() }));
    trigger.setAttribute("aria-label", `Colour mode: ${colourModeLabels[current]}`);
  };
  show();
  onColourModeChange(show);

  let menu: HTMLElement | null = null;
  const items = () => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
  const highlight = (item: HTMLElement | undefined) => {
    items().forEach((other) => other.removeAttribute("data-highlighted"));
    if (!item) return;
    item.setAttribute("data-highlighted", "");
    item.focus();
  };
  const close = (refocus: boolean) => {
    if (!menu) return;
    menu.remove();
    menu = null;
    trigger.setAttribute("aria-expanded", "false");
    document.removeEventListener("pointerdown", outside, true);
    if (refocus) trigger.focus();
  };
  const outside = (event: Event) => {
    if (!menu?.contains(event.target as Node) && !trigger.contains(event.target as Node)) close(false);
  };
  const choose = (item: HTMLElement) => {
    storePreference(parsePreference(item.dataset.value));
    show();
    close(true);
  };
  const open = (focusFirst: boolean) => {
    hideTooltip();
    menu = fromTemplate("template[data-color-mode-menu]");
    if (!menu) return;
    const current = preference();
    for (const item of items()) {
      const checked = item.dataset.value === current;
      item.setAttribute("aria-checked", String(checked));
      item.querySelector<HTMLElement>("[data-indicator]")!.hidden = !checked;
      item.addEventListener("click", () => choose(item));
      item.addEventListener("pointermove", () => highlight(item));
    }
    menu.addEventListener("keydown", (event) => {
      const list = items();
      const at = list.indexOf(document.activeElement as HTMLElement);
      if (event.key === "ArrowDown") highlight(list[Math.min(at + 1, list.length - 1)]);
      else if (event.key === "ArrowUp") highlight(list[Math.max(at - 1, 0)]);
      else if (event.key === "Home") highlight(list[0]);
      else if (event.key === "End") highlight(list.at(-1));
      else if (event.key === "Enter" || event.key === " ") {
        if (at >= 0) choose(list[at]!);
      } else if (event.key === "Escape") close(true);
      else if (event.key === "Tab") close(false);
      else return;
      event.preventDefault();
    });
    document.body.append(menu);
    placeBelow(menu, trigger, 8, "end");
    trigger.setAttribute("aria-expanded", "true");
    document.addEventListener("pointerdown", outside, true);
    if (focusFirst) highlight(items().find((item) => item.dataset.value === current) ?? items()[0]);
    else menu.focus();
  };

  trigger.addEventListener("click", (event) => {
    if (menu) close(true);
    // A pointer's click leaves focus on the menu; a key's (detail 0) goes to the checked item.
    else open(event.detail === 0);
  });
  trigger.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowDown" || menu) return;
    event.preventDefault();
    open(true);
  });
}

// One tooltip at a time, as Radix's provider: after the delay on hover, at once on keyboard
// focus, and at once again when moving to another trigger soon after one closed.
let tooltip: { element: HTMLElement; trigger: HTMLElement } | null = null;
let tooltipTimer: number | undefined;

function hideTooltip() {
  window.clearTimeout(tooltipTimer);
  if (!tooltip) return;
  tooltip.element.remove();
  tooltip.trigger.removeAttribute("aria-describedby");
  tooltip = null;
  noteTooltipClosed();
}

function showTooltip(trigger: HTMLElement) {
  hideTooltip();
  if (trigger.getAttribute("aria-expanded") === "true") return;
  const tip = fromTemplate("template[data-tooltip-template]");
  if (!tip) return;
  tip.querySelector("[data-tooltip-text]")!.textContent = trigger.dataset.tooltip ?? "";
  tip.id = "static-tooltip";
  document.body.append(tip);
  placeBelow(tip, trigger, 6, "center");
  trigger.setAttribute("aria-describedby", tip.id);
  tooltip = { element: tip, trigger };
}

function tooltips(trigger: HTMLElement) {
  trigger.addEventListener("pointerenter", (event) => {
    if (event.pointerType === "touch") return;
    window.clearTimeout(tooltipTimer);
    tooltipTimer = window.setTimeout(() => showTooltip(trigger), tooltipDelay());
  });
  trigger.addEventListener("pointerleave", hideTooltip);
  trigger.addEventListener("focus", () => {
    if (trigger.matches(":focus-visible")) showTooltip(trigger);
  });
  trigger.addEventListener("blur", hideTooltip);
  trigger.addEventListener("pointerdown", hideTooltip);
}

function mobileNav(trigger: HTMLButtonElement) {
  let sheet: HTMLElement | null = null;
  let hidden: Element[] = [];
  const close = () => {
    if (!sheet) return;
    sheet.remove();
    sheet = null;
    hidden.forEach((element) => element.removeAttribute("inert"));
    hidden = [];
    document.documentElement.style.overflow = "";
    trigger.setAttribute("aria-expanded", "false");
    trigger.focus({ preventScroll: true });
  };
  const open = () => {
    sheet = fromTemplate("template[data-mobile-nav-sheet]");
    if (!sheet) return;
    // The rest of the page is out of reach while the sheet is open, as with a modal dialog.
    hidden = [...document.body.children].filter((element) => !element.hasAttribute("inert"));
    hidden.forEach((element) => element.setAttribute("inert", ""));
    document.documentElement.style.overflow = "hidden";
    sheet.querySelector("[data-sheet-overlay]")?.addEventListener("click", close);
    sheet.querySelector("[data-sheet-close]")?.addEventListener("click", close);
    // After the link is followed (a hash link scrolls first), as Radix's sheet closes after the click.
    sheet.querySelectorAll("a[href]").forEach((link) => link.addEventListener("click", () => setTimeout(close)));
    sheet.addEventListener("keydown", (event) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close();
      }
      if (event.key !== "Tab") return;
      const focusable = [...sheet!.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    });
    document.body.append(sheet);
    trigger.setAttribute("aria-expanded", "true");
    sheet.querySelector<HTMLElement>(FOCUSABLE)?.focus();
  };
  trigger.addEventListener("click", open);
  // Growing the window past the breakpoint shows the desktop navigation: close the sheet.
  window.matchMedia(MOBILE_QUERY).addEventListener("change", (event) => !event.matches && close());
}

document.querySelectorAll<HTMLButtonElement>("[data-color-mode-trigger]").forEach(colourModeMenu);
document.querySelectorAll<HTMLElement>("[data-tooltip]").forEach(tooltips);
// One listener for every tooltip: Escape closes whichever is open.
document.addEventListener("keydown", (event) => event.key === "Escape" && hideTooltip());
document.querySelectorAll<HTMLButtonElement>("[data-mobile-nav-trigger]").forEach(mobileNav);

// Page views (spec §2, §7): what the app's router reports on every page, for this one.
const host = window as unknown as { motifAnalytics?: { push(command: ["pageview", string]): void } };
(host.motifAnalytics ??= [] as unknown as { push(command: ["pageview", string]): void }).push([
  "pageview",
  location.pathname,
]);

// Signed in or out in another tab: this page is someone else's now, so load it afresh.
onAuthChange(() => location.reload());
