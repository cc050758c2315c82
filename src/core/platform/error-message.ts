/**
 * The text to show for a thrown value: an Error's message, else `fallback`, else the value as a
 * string. An Error without a message reads as its name ('Error'), never as an empty line.
 */
export const messageOf = (error: unknown, fallback?: string): string =>
  error instanceof Error && error.message ? error.message : (fallback ?? String(error))
