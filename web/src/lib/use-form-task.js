import { useState } from 'react'
import { useRun } from './use-busy'

/**
 * useFormTask runs a form's task one at a time and keeps its error to show on the form itself: `run(task, fallback)`
 * clears `error`, sets `busy` while `task()` runs, and sets `error` to a failure's message (or `fallback` where it has
 * none). `submit(problem, task, fallback)` is a form's onSubmit doing the same, unless the form's own check found a
 * `problem` (an empty field): then that is the error and nothing is sent. `setError` shows such a check elsewhere.
 */
export function useFormTask() {
  const [error, setError] = useState('')
  const task = useRun(setError)
  /**
   * @param {() => Promise<unknown>} work
   * @param {string} fallback
   */
  const run = (work, fallback) => {
    setError('')
    return task.run(work, fallback)
  }
  /**
   * @param {string} problem
   * @param {() => Promise<unknown>} work
   * @param {string} fallback
   */
  const submit = (problem, work, fallback) => (/** @type {import('react').FormEvent} */ e) => {
    e.preventDefault()
    if (problem) return setError(problem)
    return run(work, fallback)
  }
  return { busy: task.busy, error, setError, run, submit }
}
