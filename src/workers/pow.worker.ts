/// <reference lib="webworker" />
import { expose } from 'comlink'
import { createPowApi } from './pow-api.ts'

expose(createPowApi(), self)
