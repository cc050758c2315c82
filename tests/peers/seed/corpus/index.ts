// All topic corpora, keyed by topic.
import type { TopicCorpus, TopicKey } from '../types.ts'
import { art, books, design, generative, music } from './art.ts'
import { bitcoin, lightning } from './bitcoin.ts'
import { baking, chef, coffee, travel } from './food.ts'
import { garden, life, memes, teaching, woodworking } from './life.ts'
import { news } from './news.ts'
import { nostr, nostrdev } from './nostr.ts'
import { climbing, cycling, running, sailing, surf } from './outdoors.ts'
import { astro, film, landscape, street } from './photography.ts'
import { dev, learning, privacy, science } from './tech.ts'

export const CORPUS: Readonly<Record<TopicKey, TopicCorpus>> = {
  bitcoin,
  lightning,
  nostr,
  nostrdev,
  news,
  landscape,
  street,
  film,
  astro,
  chef,
  baking,
  coffee,
  cycling,
  running,
  climbing,
  surf,
  sailing,
  art,
  generative,
  music,
  design,
  books,
  dev,
  privacy,
  learning,
  science,
  garden,
  woodworking,
  teaching,
  memes,
  travel,
  life,
}
