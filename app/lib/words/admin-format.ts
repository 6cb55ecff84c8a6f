/*
 * How the operator console writes its figures. Times are UTC, as the usage days are, so a page
 * reads the same on the server that renders it and in any browser.
 */

import { dateFormatter, numberFormatter } from "./intl-format";
import { formatCount } from "#domain/count-words";

const dateTime = dateFormatter({ dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const shortDay = dateFormatter({ day: "numeric", month: "short", timeZone: "UTC" });

/** "27 Nov 2026, 14:05 UTC" */
export function utcDateTime(iso: string): string {
  return `${dateTime(iso)} UTC`;
}

/** "2026-11-27" → "27 Nov" */
export function shortDayLabel(day: string): string {
  return shortDay(`${day}T00:00:00Z`);
}

/** "1,234" */
export const count = formatCount;

const tenths = numberFormatter({ maximumFractionDigits: 1 });
const wholes = numberFormatter({ maximumFractionDigits: 0 });

/** 0.1234 → "12.3%"; a rate of nothing is "—". */
export function percent(rate: number, of: number): string {
  if (of === 0) return "—";
  return `${tenths(rate * 100)}%`;
}

/** 4.25 → "4.3 s", 95 → "1 min 35 s"; none → "—". */
export function duration(seconds: number | null): string {
  if (seconds === null) return "—";
  if (seconds < 60) return `${tenths(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.round(seconds - minutes * 60)} s`;
}

const byteUnits = ["bytes", "KB", "MB", "GB", "TB"] as const;

/** 1536 → "1.5 KB" (powers of 1,024, as disks are sold and filled). */
export function bytes(n: number): string {
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < byteUnits.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${formatCount(n)} ${n === 1 ? "byte" : "bytes"}`;
  return `${(value < 10 ? tenths : wholes)(value)} ${byteUnits[unit]}`;
}

/** How long ago `iso` was, from `now`: "just now", "5 min ago", "3 h ago", "12 days ago", or the date. */
export function ago(iso: string | null, now: Date = new Date()): string {
  if (iso === null) return "Never";
  const seconds = Math.max(0, (now.getTime() - new Date(iso).getTime()) / 1000);
  if (seconds < 60) return "Just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  const days = Math.floor(seconds / 86_400);
  if (days < 60) return `${days} day${days === 1 ? "" : "s"} ago`;
  return utcDateTime(iso).replace(/, .*$/, "");
}
