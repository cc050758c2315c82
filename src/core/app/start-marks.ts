/**
 * A cold start's steps toward its first note, marked on the page's timeline (User Timing), each
 * once, by the page's first script (the config in the page) and the start-up script: a browser
 * profile shows them by name, and the bench reports how long each took (where a first note's time
 * goes).
 */
export const START_MARKS = {
  /** the page's first script sends the early request, or else the start-up script runs */
  start: 'plume:start',
  /** the config has named the relays */
  config: 'plume:config',
  /** the first relay has the early page's request */
  asked: 'plume:early-asked',
  /** the early page's first event has come */
  firstEvent: 'plume:early-first-event',
  /** the first early row is drawn: the first note */
  drawn: 'plume:early-drawn',
  /** every early row is drawn: no more will be */
  complete: 'plume:early-complete',
} as const

export type StartMark = keyof typeof START_MARKS
