/**
 * What the feed's cards write that the early feed's copy of their markup (early-cards.ts) writes
 * too, before the app has loaded: in one place, so the copy cannot drift from the cards.
 */

/** NoteCard's repost icon (RepostLine). */
export const REPOST_ICON_PATH = 'M7 7h10v3l4-4-4-4v3H5v6h2V7Zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2v4Z'
/** QuotedNote while its note loads. */
export const QUOTE_LOADING = 'Loading quoted note…'
/** HashtagTabs' "All" tab, when there are hashtags. */
export const ALL_TAGGED_TITLE = 'Notes tagged with any of your hashtags'
