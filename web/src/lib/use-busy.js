import { useState } from 'react'
import { errorMessage } from './error-message'
import { toast } from './toast'

/**
 * useRun is what useBusy and useFormTask share: `run(task, fallback)` sets `busy` while `task()` runs and hands a
 * failure's message (or `fallback` where it has none) to `fail`.
 * @param {(message: string) => unknown} fail
 */
export function useRun(fail) {
  const [busy, setBusy] = useState(false)
  /**
   * @param {() => Promise<unknown>} task
   * @param {string} fallback
   */
  const run = async (task, fallback) => {
    setBusy(true)
    try {
      await task()
    } catch (err) {
      fail(errorMessage(err, fallback))
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}

/**
 * useBusy runs a button's task one at a time: `run(task, fallback)` sets `busy` while `task()` runs and toasts a
 * failure as its message (or `fallback` where it has none), so the button can say it is working and stay disabled.
 */
export function useBusy() {
  return useRun(toast.error)
}
