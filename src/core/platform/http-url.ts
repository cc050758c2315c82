/** Pictures and banners from profiles: only http and https URLs are loaded. */
export function httpUrl(raw: string): string | null {
  const value = raw.trim()
  if (value === '') return null
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null
  } catch {
    return null
  }
}
