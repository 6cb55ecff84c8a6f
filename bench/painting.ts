// The benchmarks' test picture: a 1024 × 1024 RGBA icon with soft, anti-aliased edges, a gradient
// and a half-clear shadow, drawn from SVG. Loads nothing but sharp, so a benchmark that measures
// its own memory can use it before anything else.
import sharp from "sharp";

export function benchPainting(): Promise<Buffer> {
  return sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024">
      <defs><radialGradient id="g" cx="0.35" cy="0.3" r="0.8"><stop offset="0" stop-color="#fbe7a1"/><stop offset="1" stop-color="#6c5b7b"/></radialGradient></defs>
      <ellipse cx="512" cy="900" rx="330" ry="50" fill="#2b2d42" fill-opacity="0.2"/>
      <path d="M512 120 L820 420 L700 860 L324 860 L204 420 Z" fill="url(#g)" stroke="#2b2d42" stroke-width="24" stroke-linejoin="round"/>
      <circle cx="430" cy="430" r="60" fill="#ffffff" fill-opacity="0.6"/>
    </svg>`,
    ),
  )
    .png()
    .toBuffer();
}
