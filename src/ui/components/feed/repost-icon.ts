/** The repost mark over a reposted note: NoteCard's and the early feed's (early-feed.ts). */
export const REPOST_ICON = {
  /** 14 px square, hidden from assistive technology (the text says "reposted"). */
  svg: { viewBox: '0 0 24 24', width: '14', height: '14', 'aria-hidden': 'true' },
  path: 'M7 7h10v3l4-4-4-4v3H5v6h2V7Zm10 10H7v-3l-4 4 4 4v-3h12v-6h-2v4Z',
} as const
