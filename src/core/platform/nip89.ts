/**
 * NIP-89 client tag: every event Plume publishes names the client that made it (spec
 * lightning-and-ecash §3: "All carry a tag naming the client"). Plume publishes no handler
 * (kind 31990) event, so the tag has the name only.
 */
export const CLIENT_NAME = 'Plume'

export const CLIENT_TAG: readonly string[] = ['client', CLIENT_NAME]

/** The tags with the client tag last, and any other client tag dropped. */
export const withClientTag = (tags: readonly (readonly string[])[]): string[][] => [
  ...tags.filter((tag) => tag[0] !== 'client').map((tag) => [...tag]),
  [...CLIENT_TAG],
]
