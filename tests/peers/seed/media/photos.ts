// Procedural "photos" for notes: landscapes, seas, night skies, cities and abstract art, rendered
// to PNG at 800x500. Each family has a few seeded variants so feeds don't repeat the same picture.
import { createRng } from '../prng.ts'
import type { PhotoKind } from '../types.ts'
import { createNoise } from './noise.ts'
import { Raster } from './raster.ts'
import { abstract, bokeh, generative } from './scenes/art.ts'
import { dunes, forest, mountains, seascape } from './scenes/land.ts'
import { aurora, city, nightsky } from './scenes/night.ts'
import type { Scene } from './scenes/sky.ts'

export const PHOTO_WIDTH = 800
export const PHOTO_HEIGHT = 500
/**
 * The NIP-94 `thumb` of each photo, same aspect: two samples for each of the 64 columns ASCII
 * Mode draws (it averages four where it has them), about a quarter of the bytes of four. The
 * art is that of the photo, a little softer, at a sixteenth of its bytes.
 */
export const THUMB_WIDTH = 128
export const THUMB_HEIGHT = 80
/** variants per family: /media/photos/<kind>-<1..N>.png */
export const PHOTO_VARIANTS = 4

export const PHOTO_KINDS: readonly PhotoKind[] = [
  'mountains',
  'seascape',
  'forest',
  'dunes',
  'aurora',
  'nightsky',
  'city',
  'abstract',
  'generative',
  'bokeh',
]

const SCENES: Readonly<Record<PhotoKind, Scene>> = {
  mountains,
  seascape,
  forest,
  dunes,
  aurora,
  nightsky,
  city,
  abstract,
  generative,
  bokeh,
}

function photoRaster(kind: PhotoKind, variant: number): Raster {
  const rng = createRng(`photo/${kind}/${variant}`)
  const noise = createNoise(rng.int(1, 2 ** 30))
  const raster = new Raster(PHOTO_WIDTH, PHOTO_HEIGHT)
  SCENES[kind](raster, rng, noise)
  return raster
}

/** Render one photo variant to PNG bytes (deterministic per kind and variant). */
export const renderPhoto = (kind: PhotoKind, variant: number): Uint8Array =>
  photoRaster(kind, variant).toPng()

/** Its thumbnail, to PNG bytes. */
export const renderThumb = (kind: PhotoKind, variant: number): Uint8Array =>
  photoRaster(kind, variant).shrunk(THUMB_WIDTH, THUMB_HEIGHT).toPng()
