// The fake Stripe's pages for the buyer: the hosted Checkout page, whose Pay button pays the
// session (and delivers its webhook) before sending the buyer back, and a charge's receipt.
import type { IncomingMessage, ServerResponse } from "node:http";
import { pay } from "./payments.ts";
import type { Json, StripeState } from "./state.ts";
import { escapeHtml, readBody } from "./wire.ts";

function hostedPage(session: Json): string {
  const item = (session.line_items as Json[])[0]!;
  const name = String(((item.price_data as Json).product_data as Json).name);
  const price = new Intl.NumberFormat("en", {
    style: "currency",
    currency: String(session.currency).toUpperCase(),
  }).format((session.amount_total as number) / 100);
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay · Fake Stripe Checkout</title></head>` +
    `<body><main><h1>Fake Stripe Checkout</h1><p data-testid="checkout-item">${escapeHtml(name)}</p>` +
    `<p data-testid="checkout-price">${escapeHtml(price)}</p>` +
    (session.status === "open"
      ? `<form method="post" action="/pay/${session.id as string}"><button type="submit">Pay ${escapeHtml(price)}</button></form>` +
        `<p><a href="${escapeHtml(String(session.cancel_url))}">Back</a></p>`
      : `<p>This session is ${escapeHtml(String(session.status))}.</p>`) +
    `</main></body></html>`
  );
}

/** GET or POST /pay/:id, a session's hosted page and its Pay button. */
export async function handlePayPage(state: StripeState, req: IncomingMessage, res: ServerResponse, id: string) {
  const session = state.sessions.get(id)!;
  if (req.method === "POST") {
    await readBody(req);
    if (session.status === "open") await pay(state, id);
    // Stripe sends the buyer back with the session id in place of the template.
    res.writeHead(303, { Location: String(session.success_url).replace("{CHECKOUT_SESSION_ID}", id) });
    return res.end();
  }
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  return res.end(hostedPage(session));
}

/** GET /receipts/:id, a charge's receipt. */
export function handleReceipt(state: StripeState, res: ServerResponse, id: string) {
  const charge = state.charges.get(id)!;
  res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
  return res.end(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Receipt</title></head>` +
      `<body><h1>Receipt</h1><p>${escapeHtml(id)}: ${charge.amount as number} ${escapeHtml(String(charge.currency))}</p></body></html>`,
  );
}
