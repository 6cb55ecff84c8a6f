/**
 * The ports the Fetch standard blocks ("bad ports"): Node's fetch refuses to connect to them
 * at all, so a provider address on one can never work. https://fetch.spec.whatwg.org/#port-blocking
 */
const FETCH_BLOCKED_PORTS = new Set([
  0, 1, 7, 9, 11, 13, 15, 17, 19, 20, 21, 22, 23, 25, 37, 42, 43, 53, 69, 77, 79, 87, 95, 101, 102, 103, 104, 109, 110,
  111, 113, 115, 117, 119, 123, 135, 137, 139, 143, 161, 179, 389, 427, 465, 512, 513, 514, 515, 526, 530, 531, 532,
  540, 548, 554, 556, 563, 587, 601, 636, 989, 990, 993, 995, 1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061,
  6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080,
]);

/**
 * Why a provider's address (a base URL, COMFYUI_URL) can never be reached, or null when it
 * might be: only http and https are spoken, and fetch will not connect to a blocked port.
 */
export function providerAddressProblem(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return "is not a URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return `must be an http:// or https:// address (it is ${url.protocol}//)`;
  }
  if (url.port && FETCH_BLOCKED_PORTS.has(Number(url.port))) {
    return `names port ${url.port}, which fetch refuses to connect to (a blocked "bad port"): use another port`;
  }
  return null;
}
