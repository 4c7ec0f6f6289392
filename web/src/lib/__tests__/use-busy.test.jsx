import { describe, it, expect, vi, afterEach } from 'vitest'
import { renderHook, act } from '@testing-library/react'
import { useBusy } from '../use-busy'
import { useFormTask } from '../use-form-task'
import { toast } from '../toast'

afterEach(() => vi.restoreAllMocks())

/** held is a task that runs until `release` or `fail` is called, so a test can look at the hook meanwhile. */
function held() {
  /** @type {(v?: unknown) => void} */
  let release = () => {}
  /** @type {(e: unknown) => void} */
  let fail = () => {}
  const promise = new Promise((res, rej) => {
    release = res
    fail = rej
  })
  return { task: () => promise, release: () => release(), fail: (/** @type {unknown} */ e) => fail(e) }
}

describe('useFormTask', () => {
  it('is busy while the task runs and shows no error once it succeeded', async () => {
    const { result } = renderHook(() => useFormTask())
    const t = held()
    let done
    act(() => {
      done = result.current.run(t.task, 'Could not save.')
    })
    expect(result.current.busy).toBe(true)
    await act(async () => {
      t.release()
      await done
    })
    expect(result.current.busy).toBe(false)
    expect(result.current.error).toBe('')
  })

  it("shows a failure's message, or the fallback where it has none, and clears it when the next try starts", async () => {
    const { result } = renderHook(() => useFormTask())
    await act(() => result.current.run(() => Promise.reject(new Error('The offer is closed.')), 'Could not save.'))
    expect(result.current.error).toBe('The offer is closed.')
    expect(result.current.busy).toBe(false)
    await act(() => result.current.run(() => Promise.reject('offline'), 'Could not save.'))
    expect(result.current.error).toBe('Could not save.')
    const t = held()
    act(() => {
      result.current.run(t.task, 'Could not save.')
    })
    expect(result.current.error).toBe('')
    await act(async () => t.release())
  })

  it("submit stops the page load and shows the form's own problem without sending", async () => {
    const { result } = renderHook(() => useFormTask())
    const work = vi.fn(async () => {})
    const e = { preventDefault: vi.fn() }
    await act(async () => {
      await result.current.submit('Write a message.', work, 'Could not send.')(/** @type {any} */ (e))
    })
    expect(e.preventDefault).toHaveBeenCalledTimes(1)
    expect(work).not.toHaveBeenCalled()
    expect(result.current.error).toBe('Write a message.')
    await act(async () => {
      await result.current.submit('', work, 'Could not send.')(/** @type {any} */ (e))
    })
    expect(work).toHaveBeenCalledTimes(1)
    expect(result.current.error).toBe('')
  })
})

describe('useBusy', () => {
  it("toasts a failure's message, or the fallback where it has none", async () => {
    const error = vi.spyOn(toast, 'error').mockReturnValue(null)
    const { result } = renderHook(() => useBusy())
    await act(() => result.current.run(() => Promise.reject(new Error('Card declined.')), 'Could not pay.'))
    expect(error).toHaveBeenCalledWith('Card declined.')
    expect(result.current.busy).toBe(false)
    await act(() => result.current.run(() => Promise.reject('offline'), 'Could not pay.'))
    expect(error).toHaveBeenLastCalledWith('Could not pay.')
  })
})
