/** Media detection by URL path extension, as notes carry bare URLs. */
const IMAGE = /\.(?:png|jpe?g|gif|webp|avif|svg)$/i
const VIDEO = /\.(?:mp4|webm|mov|m4v|ogv)$/i

const pathOf = (url: string): string => {
  try {
    return new URL(url).pathname
  } catch {
    return ''
  }
}

export const isImageUrl = (url: string): boolean => IMAGE.test(pathOf(url))
export const isVideoUrl = (url: string): boolean => VIDEO.test(pathOf(url))
