/// <reference lib="webworker" />
import { expose } from 'comlink'
import { createNip49Api } from './nip49-api.ts'

// scrypt (64 MiB, a good fraction of a second at log_n 16) runs here so the page never freezes.
expose(createNip49Api(), self)
