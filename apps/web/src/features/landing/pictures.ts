/**
 * The landing page's pictures of the product: screens of the app itself, taken from a demo choir by
 * e2e/landing-pictures/take.spec.ts (`npm run landing:pictures -w @choir/e2e`) in each language, and kept under
 * apps/web/public/landing/ as `{name}-{language}.webp`. Each is a phone's screen, PICTURE_WIDTH × PICTURE_HEIGHT.
 */
export const TOUR = ["sing", "follow", "practice", "offline"] as const;
export type TourStop = (typeof TOUR)[number];

export const PICTURE_WIDTH = 585;
export const PICTURE_HEIGHT = 1040;

/** Where a picture is served from, in the reader's language. */
export const picturePath = (name: TourStop, language: string) => `/landing/${name}-${language}.webp`;
