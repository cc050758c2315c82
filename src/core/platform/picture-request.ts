/**
 * How every picture at an untrusted URL (notes, avatars, banners, previews, the ASCII art) is
 * asked for, in one place: with no referrer, so a picture's host does not learn which page,
 * note or profile the user is reading, and with no credentials, so it cannot tie the request to
 * its cookies. An <img> carries the referrer policy (its credentials follow the page: a
 * cross-origin <img> with crossorigin set would need the host's CORS consent to show at all); a
 * fetch carries both.
 */
export const PICTURE_REFERRER_POLICY = 'no-referrer' satisfies ReferrerPolicy

/** The fetch of a picture whose pixels the app reads (CORS: the host must allow it). */
export const PICTURE_FETCH_INIT = {
  mode: 'cors',
  credentials: 'omit',
  referrerPolicy: PICTURE_REFERRER_POLICY,
} as const satisfies RequestInit

/**
 * Pictures larger than this are not decoded (20 MiB): the ASCII art is 64 columns wide and the
 * worker's memory is shared with the page. Checked before decoding, on the declared length and
 * again on the bytes as they stream in.
 */
export const PICTURE_MAX_BYTES = 20 * 1024 * 1024

export const PICTURE_TOO_LARGE = 'picture too large'
