import { formatCount } from "./count-words";

/** "1 credit", "1,200 credits". */
export function creditCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? "credit" : "credits"}`;
}

/** "1 credit was refunded", "6 unused credits were refunded". */
export function creditsRefunded(count: number, adjective?: string): string {
  const what = adjective ? `${adjective} ${count === 1 ? "credit" : "credits"}` : count === 1 ? "credit" : "credits";
  return `${formatCount(count)} ${what} ${count === 1 ? "was" : "were"} refunded`;
}
