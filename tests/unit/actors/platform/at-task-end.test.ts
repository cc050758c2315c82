import { expect, it } from 'vitest'
import { atTaskEnd } from '../../../../src/actors/platform/at-task-end.ts'

it("takes a task's items in one go at its end, and a later task's in another", async () => {
  const taken: number[][] = []
  const add = atTaskEnd((items: number[]) => taken.push(items))
  for (let i = 0; i < 5; i++) add(i)
  expect(taken, 'nothing before the task ends').toEqual([])
  await new Promise((done) => setTimeout(done))
  add(5)
  await new Promise((done) => setTimeout(done))
  expect(taken).toEqual([[0, 1, 2, 3, 4], [5]])
})
