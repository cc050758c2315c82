// Short WebM clips made once with ffmpeg (see tests/fixtures/media/README.md) and served from disk.
import { readFileSync } from 'node:fs'
import type { VideoName } from '../types.ts'

export const VIDEO_NAMES: readonly VideoName[] = ['mandelbrot-dive', 'plasma-waves', 'game-of-life']

export function readVideo(name: VideoName): Uint8Array {
  return new Uint8Array(
    readFileSync(new URL(`../../../fixtures/media/${name}.webm`, import.meta.url)),
  )
}
