/**
 * A browser-session cookie (no expiry) that hides the preview-engine banner: it is
 * read on the server, so a dismissed banner never flashes, and it is gone on the next visit.
 * Apart from setup.ts, whose schemas the banner's pages need not load (docs/decisions/126).
 */
export const SETUP_BANNER_COOKIE = "motif_setup_banner";
