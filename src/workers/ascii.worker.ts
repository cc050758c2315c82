/// <reference lib="webworker" />
import { expose } from 'comlink'
import { createAsciiApi } from './ascii-api.ts'
import { pictureDecoder } from './picture-decode.ts'

/** Fetch, decode and scale down off the main thread (picture-decode.ts). */
expose(createAsciiApi(pictureDecoder()), self)
