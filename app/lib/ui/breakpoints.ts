/** Spec §9: the layout is "mobile" at 1024 px wide or narrower. */
export const MOBILE_MAX_WIDTH = 1024;
export const MOBILE_QUERY = `(max-width: ${MOBILE_MAX_WIDTH}px)`;
