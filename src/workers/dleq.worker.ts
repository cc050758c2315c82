/// <reference lib="webworker" />
import { expose } from 'comlink'
import { createDleqApi } from './dleq-api.ts'

// A token's DLEQ proofs (NUT-12) take a few milliseconds each: checked here, a 64-proof token
// never holds up the page.
expose(createDleqApi(), self)
